// Marketing and sign-in pages are rendered once and shared from memory with anonymous visitors: a signed-in visitor
// or one with a cart never gets the shared page, and an anonymous visitor never gets anyone's header or cart. Pages
// that show stored data (the order form, the cart, every signed-in page) are rendered per request.
import { type BrowserContext, expect, type Page, type Response } from "@playwright/test";
import { addOneLinkCard, createCustomer, logIn, test, uniqueEmail } from "./fixtures";

const MARKETING = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/socials",
  "/privacy",
  "/terms",
  "/compatibility",
  "/safety",
  "/returns",
];

const RENDER_ONCE = ["/update-links", "/login", "/register"];
/** Shop pages that show stored data (the featured referrers): rendered per request, with a nonce. */
const PER_REQUEST = ["/order-card", "/cart"];
const NONCE_POLICY = /script-src 'self' 'nonce-[^']+';/;

/** The policy of a shared page that hydrates: its own inline scripts by hash, no nonce. */
const HASHED_POLICY = /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/;

/** Policy violations the browser reports on the console: a shared page must still run its island scripts. */
function policyViolations(page: Page) {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content.Security.Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function visit(page: Page, path: string) {
  const response = (await page.goto(path)) as Response;
  expect(response.status()).toBe(200);
  return response;
}

async function expectAnonymousHeader(page: Page, path: string) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Log in" }), path).toBeVisible();
  await expect(header.getByRole("link", { name: "Cart", exact: true }), path).toBeVisible();
  await expect(header.getByRole("link", { name: "Profile" }), path).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Log out" }), path).toHaveCount(0);
}

async function expectSignedInHeaderWithCart(page: Page, path: string) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Profile" }), path).toBeVisible();
  await expect(header.getByRole("button", { name: "Log out" }), path).toBeVisible();
  await expect(header.getByRole("link", { name: "Cart, 1 item" }), path).toBeVisible();
  await expect(header.getByRole("link", { name: "Log in" }), path).toHaveCount(0);
}

test("the shared marketing pages never carry one visitor's header to another", async ({
  page,
  signedInCustomer,
  browser,
  baseURL,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  const anonymousContext = await browser.newContext({ baseURL });
  const anonymous = await anonymousContext.newPage();
  const anonymousViolations = policyViolations(anonymous);

  // The anonymous visitor is first on half the pages, the signed-in one on the other half.
  const [firstAnonymous, firstSignedIn] = [
    MARKETING.filter((_, i) => i % 2 === 0),
    MARKETING.filter((_, i) => i % 2),
  ];
  for (const path of firstAnonymous) {
    await visit(anonymous, path);
    await expectAnonymousHeader(anonymous, path);
  }

  await addOneLinkCard(page);
  for (const path of [...firstSignedIn, ...firstAnonymous]) {
    await visit(page, path);
    await expectSignedInHeaderWithCart(page, path);
    // Rendered for this visitor alone, with a nonce of its own.
    const own = await page.request.get(path);
    expect(own.headers()["content-security-policy"], path).toMatch(/'nonce-[^']+'/);
  }

  for (const path of MARKETING) {
    await visit(anonymous, path);
    await expectAnonymousHeader(anonymous, path);
    expect(await anonymous.content(), path).not.toContain(signedInCustomer.name);
    // Read again past the browser's cache (which revalidates and gets a bare 304): the shared page allows no
    // inline script at all, and sets no cookie.
    const shared = await anonymousContext.request.get(path);
    expect(shared.headers()["content-security-policy"], path).toContain("script-src 'self';");
    expect(shared.headers()["set-cookie"], path).toBeUndefined();
  }
  expect(anonymousViolations).toEqual([]);
  await anonymousContext.close();
});

test("a toast and a referral link each get a page of their own, not the shared one", async ({ page }) => {
  // The shared page exists before the visit.
  await visit(page, "/contact");
  await page.getByLabel("Name", { exact: true }).fill("Toast Visitor");
  await page.getByLabel("Email", { exact: true }).fill(`toast.${Date.now()}@example.com`);
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Other (please specify)" });
  await page.getByLabel("Custom Subject").fill("Shared pages");
  await page.getByLabel("Message", { exact: true }).fill("Does the toast show?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();

  // The toast was shown once; the next visit is the shared page again.
  await visit(page, "/contact");
  await expect(page.getByText("Message sent successfully!")).toHaveCount(0);
  const again = await page.request.get("/contact");
  expect(again.headers()["content-security-policy"]).toContain("script-src 'self';");

  const referred = await page.request.get("/?ref=NOSUCHCODE");
  expect(referred.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
});

/** Policy violations as events in the page (a refused script may never reach the console), recorded from the start. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** React Router has taken over the page: its data router exists only once hydration ran. */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterDataRouter?: object }).__reactRouterDataRouter),
  );

test("the shared sign-in pages hydrate under a policy that lists their inline scripts by hash, the shop pages under a nonce", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await recordViolations(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  // Twice each: the first visit may render the shared page, the second is answered from memory.
  for (const path of [...RENDER_ONCE, ...PER_REQUEST, ...RENDER_ONCE, ...PER_REQUEST]) {
    const response = await visit(page, path);
    const policy = response.headers()["content-security-policy"];
    expect(policy, path).toMatch(PER_REQUEST.includes(path) ? NONCE_POLICY : HASHED_POLICY);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    await expectAnonymousHeader(page, path);
  }

  // Hydrated for real: a link now navigates in the page, asking the server only for the next page's data.
  await visit(page, "/login");
  await hydrated(page);
  const dataRequest = page.waitForRequest((r) => new URL(r.url()).pathname === "/register.data");
  await page.getByRole("link", { name: "Create an account" }).click();
  await dataRequest;
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("a visitor's session and cart never reach the shared shop pages, nor the shared empty cart a visitor with a cart", async ({
  page,
  signedInCustomer,
  browser,
  baseURL,
}) => {
  const anonymousContext = await browser.newContext({ baseURL });
  const anonymous = await anonymousContext.newPage();
  // The shared pages exist before anyone with a cart comes.
  for (const path of [...RENDER_ONCE, ...PER_REQUEST]) await visit(anonymous, path);

  // Signed in with a card in the cart: pages of their own, with their own header and cart.
  await addOneLinkCard(page);
  for (const path of ["/order-card", "/cart", "/update-links"]) {
    await visit(page, path);
    await expectSignedInHeaderWithCart(page, path);
    expect((await page.request.get(path)).headers()["content-security-policy"], path).toMatch(
      /'nonce-[^']+'/,
    );
  }
  await visit(page, "/cart");
  await expect(page.getByText("https://one-link.example").first()).toBeVisible();
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }

  // Not signed in, but with a cart: never the shared empty cart.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await addOneLinkCard(buyer, "https://buyer.example");
  await visit(buyer, "/cart");
  await expect(buyer.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(buyer.getByText("Your cart is empty")).toHaveCount(0);
  await expect(buyer.getByText("https://buyer.example").first()).toBeVisible();
  await buyerContext.close();

  // The anonymous visitor still gets the shared pages, and the shop pages, with nobody's header or cart.
  for (const path of [...RENDER_ONCE, ...PER_REQUEST]) {
    const response = await visit(anonymous, path);
    expect(response.headers()["content-security-policy"], path).toMatch(
      PER_REQUEST.includes(path) ? NONCE_POLICY : HASHED_POLICY,
    );
    await expectAnonymousHeader(anonymous, path);
    const html = await anonymous.content();
    expect(html, path).not.toContain(signedInCustomer.name);
    expect(html, path).not.toContain("one-link.example");
    expect(html, path).not.toContain("buyer.example");
  }
  await visit(anonymous, "/cart");
  await expect(anonymous.getByText("Your cart is empty")).toBeVisible();

  // A referral link, and then its cookie, get the order form of their own (it preselects that referrer).
  const referred = await anonymous.request.get("/order-card?ref=SAMTAYLOR");
  expect(referred.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  const cookies = await anonymousContext.cookies();
  expect(cookies.map((c) => c.name)).toContain("ref");
  for (const path of ["/order-card", "/cart"])
    expect((await anonymous.request.get(path)).headers()["content-security-policy"], path).toMatch(/'nonce-/);
  await anonymousContext.close();
});

test("a referrer the admin features appears on the order form at once, and goes when unfeatured", async ({
  page,
  adminPage,
  browser,
  baseURL,
}) => {
  const name = `Shared Reseller ${Math.random().toString(36).slice(2, 8)}`;
  const email = uniqueEmail("shared");
  await createCustomer(page, { name, email, password: "reseller-pass-1" });

  const context = await browser.newContext({ baseURL });
  const anonymous = await context.newPage();
  const selector = anonymous.getByRole("complementary", { name: "Your cart" }).getByLabel("Referred by");
  await visit(anonymous, "/order-card");
  await visit(anonymous, "/order-card");
  await expect(selector).toContainText("Sam Taylor");
  await expect(selector).not.toContainText(name);

  await adminPage.goto(`/admin-dashboard/referrers?q=${encodeURIComponent(email)}`);
  await adminPage.getByRole("button", { name: `Feature ${name}` }).click();
  await expect(adminPage.getByText(`${name} is now listed under 'Referred by' in the cart`)).toBeVisible();

  const response = await visit(anonymous, "/order-card");
  expect(response.headers()["content-security-policy"]).toMatch(NONCE_POLICY);
  await expect(selector).toContainText(name);

  await adminPage.getByRole("button", { name: `Stop featuring ${name}` }).click();
  await expect(
    adminPage.getByText(`${name} is no longer listed under 'Referred by' in the cart`),
  ).toBeVisible();
  await visit(anonymous, "/order-card");
  await expect(selector).not.toContainText(name);
  await context.close();
});

test("signed-in pages are each visitor's own, show every change at once, and hydrate", async ({
  page,
  signedInCustomer,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await recordViolations(page.context());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  for (let i = 0; i < 2; i++) {
    const response = await visit(page, "/dashboard/settings");
    expect(response.headers()["content-security-policy"]).toMatch(NONCE_POLICY);
    await hydrated(page);
    await expect(page.getByLabel("First name")).toHaveValue("Casey");
    await expect(page.getByText(`Your account's e-mail address is ${signedInCustomer.email}.`)).toBeVisible();
    expect(await violations(page)).toEqual([]);
  }

  // Another customer gets their own page, and the first still theirs.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders });
  const otherPage = await other.newPage();
  const blake = await createCustomer(otherPage, { name: "Blake Other" });
  await logIn(otherPage, blake.email, blake.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  for (let i = 0; i < 2; i++) {
    await visit(otherPage, "/dashboard/settings");
    await expect(otherPage.getByLabel("First name")).toHaveValue("Blake");
    await visit(page, "/dashboard/settings");
    await expect(page.getByLabel("First name")).toHaveValue("Casey");
  }
  await other.close();

  // A change shows on the very next load of the page.
  await page.getByLabel("First name").fill("Robin");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await visit(page, "/dashboard/settings");
  await expect(page.getByLabel("First name")).toHaveValue("Robin");

  // Hydrated for real: a link navigates in the page, asking the server only for the next page's data.
  await hydrated(page);
  const dataRequest = page.waitForRequest(
    (r) => new URL(r.url()).pathname === "/dashboard/settings/account.data",
  );
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Account" }).click();
  await dataRequest;
  await expect(page).toHaveURL(/\/dashboard\/settings\/account$/);

  // Once signed out, the session's cookie gets the login page.
  await visit(page, "/dashboard/settings");
  const session = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const replayed = await page.request.get("/dashboard/settings", {
    headers: { Cookie: session },
    maxRedirects: 0,
  });
  expect(replayed.status()).toBe(302);
  expect(replayed.headers().location).toMatch(/^\/login/);
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("a HEAD request for a signed-in page, then a GET with the same cookie, gets the whole page", async ({
  page,
  signedInCustomer,
}) => {
  const head = await page.request.head("/dashboard/settings");
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);
  const get = await page.request.get("/dashboard/settings");
  expect(get.status()).toBe(200);
  const html = await get.text();
  expect(html).toContain(`<strong class="break-all">${signedInCustomer.email}</strong>`);
  expect(html.trimEnd()).toMatch(/<\/html>$/);
});
