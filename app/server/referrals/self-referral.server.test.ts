// One spelling per inbox: the addresses a referrer could use to look like someone else compare equal.
import { describe, expect, it } from "vitest";
import { inboxOf, sameInbox } from "./self-referral.server";

describe("inboxOf", () => {
  it("ignores case, +tags, and for Gmail the dots and the googlemail.com name", () => {
    expect(inboxOf(" Me+Shop@Example.COM ")).toBe("me@example.com");
    expect(inboxOf("j.o.e+x@googlemail.com")).toBe("joe@gmail.com");
    expect(sameInbox("joe@gmail.com", "J.Oe+cards@GoogleMail.com")).toBe(true);
  });

  it("keeps what makes another inbox: dots elsewhere, other domains, other names", () => {
    expect(sameInbox("j.oe@example.com", "joe@example.com")).toBe(false);
    expect(sameInbox("joe@gmail.com", "joe@gmail.co.uk")).toBe(false);
    expect(sameInbox("joe@gmail.com", "joey@gmail.com")).toBe(false);
    expect(sameInbox("+joe@example.com", "@example.com")).toBe(false);
    expect(sameInbox("", "")).toBe(false);
  });
});
