// Marketing pages are rendered once and shared from memory with anonymous visitors: a signed-in visitor with a
// cart never gets the shared page, and an anonymous visitor never gets anyone's header.
import { expect, type Page, type Response } from "@playwright/test";
import { addOneLinkCard, test } from "./fixtures";

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
