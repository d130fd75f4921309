// The shop's cookies are Secure once the site is on https, and never readable by scripts.
import { afterEach, describe, expect, it } from "vitest";
import { refCookie } from "../referrals/referrals.server";
import { cartCookieHeader } from "../shop/cart.server";
import { setSecureCookies } from "./cookies.server";
import { toastHeaders } from "./toast.server";

afterEach(() => setSecureCookies(false));

async function setCookies() {
  const toast = (await toastHeaders({ title: "Hi" })).get("Set-Cookie") ?? "";
  return [await cartCookieHeader("c".repeat(32)), await refCookie.serialize("SAMTAYLOR"), toast];
}

describe("cookies", () => {
  it("are Secure when the site is served over https", async () => {
    setSecureCookies(true);
    for (const cookie of await setCookies()) {
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    }
  });

  it("are not Secure on a plain http development site, where browsers would drop them", async () => {
    for (const cookie of await setCookies()) expect(cookie).not.toMatch(/Secure/);
  });
});
