// Which visitors get the shared marketing page, and what the cache agrees to share.
import { describe, expect, it } from "vitest";
import { cachedPagePath, createSitePageCache } from "./page-cache.server";

const get = (url: string, headers: { cookie?: string; authorization?: string } = {}) =>
  cachedPagePath({ method: "GET", url, headers });

describe("who gets the shared page", () => {
  it("an anonymous visitor without cookies, or with only the referral cookie", () => {
    expect(get("/")).toBe("/");
    expect(get("/pricing")).toBe("/pricing");
    expect(get("/faq", { cookie: "ref=abc" })).toBe("/faq");
    expect(cachedPagePath({ method: "HEAD", url: "/about", headers: {} })).toBe("/about");
  });

  it("never a visitor who is signed in, has a cart or a toast, or carries any other cookie", () => {
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "__Secure-better-auth.session_token=abc",
      "cart=eyJ",
      "toast=eyJ",
      "ref=abc; cart=eyJ",
      "cart=eyJ; ref=abc",
      "some-new-cookie=1",
      "",
    ])
      expect(get("/", { cookie }), cookie).toBeNull();
    expect(get("/", { authorization: "Bearer token" })).toBeNull();
  });

  it("never a request with a query string, another method, or another page", () => {
    expect(get("/?ref=abc123")).toBeNull();
    expect(get("/pricing?utm_source=x")).toBeNull();
    expect(get("/pricing/")).toBeNull();
    expect(get("/order-card")).toBeNull();
    expect(get("/dashboard")).toBeNull();
    expect(cachedPagePath({ method: "POST", url: "/contact", headers: {} })).toBeNull();
  });
});

const page =
  (html: string, init: ResponseInit = {}) =>
  () =>
    Promise.resolve(new Response(html, { status: 200, ...init }));
const PLAIN =
  '<!DOCTYPE html><html><body><h1>Hi</h1><script type="module" src="/a.js"></script></body></html>';

describe("what the cache shares", () => {
  it("a plain page, rendered once for concurrent first visits, with a policy that allows no inline script", async () => {
    const cache = createSitePageCache();
    let renders = 0;
    const render = () => {
      renders++;
      return page(PLAIN)();
    };
    const [a, b] = await Promise.all([
      cache.load("/", render, "https://shop.test"),
      cache.load("/", render, "https://shop.test"),
    ]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(cache.peek("/")?.identity.toString()).toBe(PLAIN);
    const headers = a!.headers.gzip;
    const csp = headers[headers.indexOf("Content-Security-Policy") + 1];
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("nonce");
    expect(headers).toContain("Strict-Transport-Security");
  });

  it("nothing that sets a cookie, fails, or inlines a script", async () => {
    const cache = createSitePageCache();
    const url = "https://shop.test";
    expect(
      await cache.load("/", page(PLAIN, { headers: { "Set-Cookie": "toast=; Max-Age=0" } }), url),
    ).toBeNull();
    expect(await cache.load("/faq", page(PLAIN, { status: 500 }), url)).toBeNull();
    expect(await cache.load("/about", page("<body><script>alert(1)</script></body>"), url)).toBeNull();
    expect(await cache.load("/terms", page("<body><script nonce='x'>1</script></body>"), url)).toBeNull();
    expect(cache.size().pages).toBe(0);
  });

  it("no path outside the marketing pages, so its size is bounded by the site", async () => {
    const cache = createSitePageCache();
    await cache.load("/made-up", page(PLAIN), "https://shop.test");
    expect(cache.size().pages).toBe(0);
  });
});
