// Every page of the app on a 375 px phone, signed in as whoever may see it and with real data in it: none may be
// wider than the screen (the admin works on a phone too: 'Write to card' is Chrome on Android). The list of
// addresses comes from app/routes.ts: a new route without a row in narrow-screens-pages.ts fails
// tests/route-registrations.test.ts, naming it. One load per page and no axe: accessibility is checked beside each feature's own tests.
import type { Page } from "@playwright/test";
import { firstLink, waitForEmail } from "../support/mailbox";
import { addMultiLinkCard, cardFromPaidOrder, expect, test, uniqueEmail } from "./fixtures";
import { PAGES, type Seeded, type Visitor } from "./narrow-screens-pages";

const PHONE = { width: 375, height: 800 };

/** A verified customer signed in on `page` through the forms' own endpoints (the forms are tested elsewhere). */
async function signUpAndIn(page: Page, baseURL: string) {
  const email = uniqueEmail("phone");
  const password = "customer-pass-1";
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(
    (await post("/register", { name: "Pat Phone", email, password, terms: "on" })).status(),
  ).toBeLessThan(400);
  const mail = await waitForEmail(email, /Verify your e-mail/);
  expect((await page.request.get(firstLink(mail.text, "/api/auth/verify-email"))).ok()).toBe(true);
  expect((await post("/login", { email, password })).status()).toBe(302);
  return email;
}

/**
 * Why the page is wider than the screen, or null: the document's width, and what sticks out past the screen's
 * right edge outside a scroll box that holds it (an absolutely placed element is held only by a box it is
 * placed in: screen-reader text escapes a scroll box that is not `position: relative`).
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const documentWidth = document.documentElement.scrollWidth;
    const heldBy = (el: Element) => {
      const position = getComputedStyle(el).position;
      // A fixed box never widens the page; what it shows is checked through its children (the toasts' list is as
      // wide as the screen and starts 16 px in, while the toasts in it fit: see the toast test below).
      if (position === "fixed") return true;
      let box = position === "absolute" ? (el as HTMLElement).offsetParent : el.parentElement;
      while (box && box !== document.body) {
        if (getComputedStyle(box).overflowX !== "visible" && box.getBoundingClientRect().right <= width + 0.5)
          return true;
        box = box.parentElement;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !heldBy(el),
    );
    // Text too long to wrap sticks out of its box without any element doing so.
    const text = [...document.body.querySelectorAll("*")].filter(
      (el) =>
        getComputedStyle(el).overflowX === "visible" &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1,
    );
    // A tab or menu link past the screen's edge is one the visitor cannot see is there.
    const hiddenLinks = [...document.querySelectorAll("nav a")].filter((a) => {
      const r = a.getBoundingClientRect();
      return r.width > 1 && (r.right > width + 0.5 || r.left < -0.5);
    });
    if (documentWidth <= width && out.length === 0 && hiddenLinks.length === 0) return null;
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 5).join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const culprits = [
      ...out.slice(-3).map((el) => `${label(el)} to ${Math.round(el.getBoundingClientRect().right)} px`),
      ...(documentWidth > width ? text.slice(-1) : []).map(
        (el) => `text of ${label(el)} to ${el.scrollWidth} px`,
      ),
      ...hiddenLinks.map((a) => `link "${a.textContent?.trim()}" off-screen`),
    ];
    return `${documentWidth} px wide; ${culprits.join("; ")}`;
  });
}

test("every page fits a 375 px phone without scrolling sideways", async ({
  browser,
  baseURL,
  page,
  adminPage,
  extraHTTPHeaders,
}) => {
  test.setTimeout(180_000);
  // Real data in the lists: a customer's paid Multi Link order (its card page, its receipt, a card to write in
  // the admin's fulfilment list), a contact shared from a card, and a webhook endpoint with a delivery.
  const email = await signUpAndIn(page, baseURL!);
  const card = await cardFromPaidOrder(page, adminPage);
  const orderQuery = new URL(page.url()).search;
  await page.goto(`/dashboard/cards?card=${card.number}`);
  await page.getByRole("switch", { name: "Let people share their details with you" }).click();
  await expect(page.getByText("Visitors can now share their details with you")).toBeVisible();
  await adminPage.goto(`/admin-dashboard/cards?q=${card.number}`);
  const editHref = await adminPage
    .getByRole("link", { name: `Edit card ${card.number}` })
    .getAttribute("href");
  const contactAnswer = await page.request.post("/__test/contacts", {
    data: {
      ownerEmail: email,
      contacts: [{ name: "Robin Sharer", email: "robin@example.com", phone: "+44 7700 900456" }],
    },
  });
  expect(contactAnswer.status()).toBe(200);
  await page.goto("/dashboard/contacts");
  const contactHref = await page.getByRole("link", { name: "Robin Sharer" }).getAttribute("href");
  // Nothing listens at the endpoint: a failed delivery is listed all the same.
  const hook = "http://127.0.0.1:9/tapcard-hook";
  await page.goto("/dashboard/settings/integrations");
  await page.getByRole("textbox", { name: "Endpoint URL" }).fill(hook);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page
    .getByRole("region", { name: hook, exact: true })
    .getByRole("button", { name: "Send test event" })
    .click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("table", { name: `Recent deliveries to ${hook}` })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
  await page.goto("/dashboard/companies");
  await page.getByRole("textbox", { name: "Company name" }).fill("Narrow Screens Holdings International");
  await page.getByRole("button", { name: "Create company" }).click();
  await page.waitForURL(/\/dashboard\/company\//);
  const companySlug = page.url().split("/").at(-1)!;
  await page.goto(`/dashboard/company/${companySlug}/people`);
  await page
    .getByRole("textbox", { name: "E-mail" })
    .fill("a.very.long.address.for.a.narrow.screen@example.com");
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Invitations waiting (1)" })).toBeVisible();
  const seeded: Seeded = {
    companySlug,
    cardId: editHref!.split("/").at(-1)!,
    slug: card.slug,
    cardNumber: card.number,
    contactId: contactHref!.split("/").at(-1)!,
    orderId: new URLSearchParams(orderQuery).get("order")!,
    orderQuery,
  };

  const anonymous = await (
    await browser.newContext({ baseURL, extraHTTPHeaders, viewport: PHONE })
  ).newPage();
  await page.setViewportSize(PHONE);
  await adminPage.setViewportSize(PHONE);
  const pageOf: Record<Visitor, Page> = { anonymous, customer: page, admin: adminPage };

  const tooWide: string[] = [];
  for (const [pattern, { as, url, status = 200 }] of Object.entries(PAGES)) {
    const address = typeof url === "string" ? url : url(seeded);
    const visitor = pageOf[as];
    const response = await visitor.goto(address);
    // A page that sends its visitor elsewhere would be measured at the wrong address.
    expect(new URL(visitor.url()).pathname, `${pattern} stays at its address`).toBe(
      new URL(address, baseURL).pathname,
    );
    expect(response?.status(), pattern).toBe(status);
    expect(response?.headers()["content-type"], pattern).toContain("text/html");
    const overflow = await overflowOf(visitor);
    if (overflow) tooWide.push(`${pattern} (${address} as ${as}): ${overflow}`);
  }
  await anonymous.context().close();
  expect(tooWide).toEqual([]);
});

test("on a 375 px phone a toast shows its whole text and leaves the header's links free", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await addMultiLinkCard(page);
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: "Added to cart" });
  await expect(toast).toBeInViewport({ ratio: 1 });
  await expect(toast.getByText("Added to cart")).toBeInViewport({ ratio: 1 });
  await expect(toast.getByRole("button", { name: "Close toast" })).toBeInViewport({ ratio: 1 });
  // Where it settles, the toast covers none of the header's links and buttons (the cart, the menu).
  const header = page.getByRole("banner");
  const controls = [...(await header.getByRole("link").all()), ...(await header.getByRole("button").all())];
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      const covered: string[] = [];
      for (const control of controls) {
        const c = await control.boundingBox();
        if (!c) continue;
        const apart =
          c.x + c.width <= box.x ||
          box.x + box.width <= c.x ||
          c.y + c.height <= box.y ||
          box.y + box.height <= c.y;
        if (!apart)
          covered.push((await control.getAttribute("aria-label")) ?? (await control.textContent()) ?? "");
      }
      return covered;
    })
    .toEqual([]);
});
