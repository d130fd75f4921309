// My Links files each link under Social, Payment or Other from its host, and gives it the network's icon.
import { describe, expect, it } from "vitest";
import { iconForUrl, linkHost, linkKind } from "./link-kinds";

describe("linkKind", () => {
  it.each([
    "https://instagram.com/mia",
    "https://www.instagram.com/mia",
    "https://m.facebook.com/mia",
    "https://x.com/mia",
    "https://twitter.com/mia",
    "https://uk.linkedin.com/in/mia",
    "https://youtu.be/abc",
    "https://www.tiktok.com/@mia",
    "https://snapchat.com/add/mia",
    "https://pinterest.co.uk/mia",
    "https://www.threads.net/@mia",
    "https://twitch.tv/mia",
    "https://discord.gg/abc",
    "https://reddit.com/u/mia",
    "https://t.me/mia",
    "https://wa.me/447700900123",
    "https://open.spotify.com/artist/1",
    "HTTPS://WWW.INSTAGRAM.COM./mia",
  ])("files %s under Social", (url) => {
    expect(linkKind(url)).toBe("social");
  });

  it.each([
    "https://paypal.me/mia",
    "https://www.paypal.com/paypalme/mia",
    "https://revolut.me/mia",
    "https://monzo.me/mia",
    "https://buy.stripe.com/test_abc123",
    "https://cash.app/$mia",
    "https://ko-fi.com/mia",
    "https://www.buymeacoffee.com/mia",
  ])("files %s under Payment", (url) => {
    expect(linkKind(url)).toBe("payment");
  });

  it.each([
    "https://mia.example",
    "https://stripe.com/pricing",
    // Look-alikes: the network's name inside another host is not the network.
    "https://paypal.me.evil.example/mia",
    "https://notpaypal.me/mia",
    "https://instagram.com.example/mia",
    "https://fakeinstagram.com/mia",
    "mailto:mia@example.com",
    "tel:+447700900123",
    "not a url",
    "",
    `https://${"a".repeat(3000)}.example`,
  ])("files %s under Other", (url) => {
    expect(linkKind(url)).toBe("other");
  });
});

describe("iconForUrl", () => {
  it("gives the network's icon, mail and phone, else the globe", () => {
    expect(iconForUrl("https://www.instagram.com/mia")).toBe("instagram");
    expect(iconForUrl("https://x.com/mia")).toBe("twitter");
    expect(iconForUrl("https://youtu.be/abc")).toBe("youtube");
    expect(iconForUrl("https://linkedin.com/in/mia")).toBe("linkedin");
    expect(iconForUrl("https://fb.me/mia")).toBe("facebook");
    expect(iconForUrl("mailto:mia@example.com")).toBe("mail");
    expect(iconForUrl("tel:+447700900123")).toBe("phone");
    expect(iconForUrl("https://paypal.me/mia")).toBe("globe");
    expect(iconForUrl("https://instagram.com.example/")).toBe("globe");
  });
});

describe("linkHost", () => {
  it("reads the host without www. and in lower case, and nothing from other schemes", () => {
    expect(linkHost("https://WWW.Example.COM/a")).toBe("example.com");
    expect(linkHost("mailto:a@example.com")).toBeNull();
    expect(linkHost("javascript:alert(1)")).toBeNull();
  });
});
