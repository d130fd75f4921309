// Script put into every text field and link a person can fill ends up as text: on the card page, the dashboard,
// the admin pages, the receipt and the e-mails (rendered as a mail client would), and never as a new vCard line.
import type { Page } from "@playwright/test";
import { waitForEmail } from "../support/mailbox";
import {
  addOneLinkCard,
  checkout,
  deliveryAddress,
  expect,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

/** Markup that runs script wherever it is not escaped; each carries its own tag so a page shows which one leaked. */
const html = (tag: string) =>
  `${tag}<script>alert('${tag}')</script><img src=x onerror=alert('${tag}')><svg onload=alert('${tag}')>`;
const corpus = (tag: string) => [
  html(tag),
  `${tag}"><iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `${tag}</script><script>alert('${tag}')</script>`,
  `${tag}<math><mtext><table><mglyph><style><img src=x onerror=alert('${tag}')>`,
  `${tag}<a href="javascript:alert('${tag}')">link</a>`,
];
/** The same for fields of at most 50 characters. */
const short = (tag: string) => `${tag}<img/src=x/onerror=alert('${tag}')>`;
/** For fields that refuse markup ("must not contain HTML"): breaking out of an attribute needs no tag. */
const breakout = (tag: string) => `${tag}" autofocus onfocus="alert('${tag}')" x='`;

/**
 * Watches a page for script that runs (a dialog) and for markup that was parsed instead of shown: an element
 * with an event-handler attribute, an image or frame from the corpus, an inline script that calls alert.
 */
function guard(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    async expectInert(...texts: string[]) {
      for (const text of texts) await expect(page.locator("body")).toContainText(text);
      const injected = await page.evaluate(() =>
        [...document.querySelectorAll("*")]
          .filter(
            (e) =>
              [...e.attributes].some((a) => a.name.toLowerCase().startsWith("on")) ||
              (e.tagName === "IMG" && e.getAttribute("src") === "x") ||
              e.tagName === "IFRAME" ||
              // The page's own scripts carry its nonce; one the parser made from posted text would not.
              (e.tagName === "SCRIPT" &&
                !e.hasAttribute("nonce") &&
                (e.textContent ?? "").includes("alert(")) ||
              (e.tagName === "A" && (e.getAttribute("href") ?? "").toLowerCase().startsWith("javascript:")),
          )
          .map((e) => e.outerHTML.slice(0, 120)),
      );
      expect(injected).toEqual([]);
      expect(dialogs).toEqual([]);
    },
  };
}

/** An e-mail's HTML part shown in a page with no policy of its own, as a mail client would. */
async function expectInertEmail(page: Page, mailHtml: string, ...texts: string[]) {
  const g = guard(page);
  await page.setContent(mailHtml);
  await g.expectInert(...texts);
}

test("the admin's card form: markup and unsafe link schemes are refused with the form's message", async ({
  adminPage,
}) => {
  const g = guard(adminPage);
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill(html("N0"));
  await adminPage.getByLabel("Business Name").fill(html("B0"));
  await adminPage.getByLabel("Bio").fill(html("O0"));
  await adminPage.getByLabel("Title of link 1").fill(html("T0"));
  await adminPage.getByLabel("Page URL Slug").fill(`xss-refused-${Date.now()}`);
  const scheme = "URL must start with http://, https://, mailto: or tel:";
  for (const [url, message] of [
    ["javascript:alert(1)", scheme],
    ["JaVaScRiPt:alert(1)", scheme],
    [" javascript:alert(1)", scheme],
    ["java\tscript:alert(1)", "URL contains invalid characters"],
    ["data:text/html,<script>alert(1)</script>", scheme],
    ["vbscript:msgbox(1)", scheme],
    ["file:///etc/passwd", scheme],
  ]) {
    await adminPage.getByLabel("URL of link 1").fill(url!);
    await adminPage.getByRole("button", { name: "Save Card Page" }).click();
    await expect(adminPage.getByText(message!, { exact: true })).toBeVisible();
    await expect(adminPage.getByText("Name must not contain HTML", { exact: true })).toBeVisible();
    await expect(adminPage.getByText("Business name must not contain HTML")).toBeVisible();
    await expect(adminPage.getByText("Bio must not contain HTML")).toBeVisible();
    await expect(adminPage.getByText("Link title must not contain HTML")).toBeVisible();
    await expect(adminPage).toHaveURL(/\/admin-dashboard\/create$/);
  }
  expect(g.dialogs).toEqual([]);
});

test("a card page's name, business, bio and links stay text on the card page, the admin pages and the vCard", async ({
  adminPage,
  page,
}) => {
  const slug = `xss-card-${Date.now()}`;
  const name = breakout("N1");
  const business = `B1' onmouseover='alert(1)' x='`;
  // The bio keeps its line breaks: each must stay inside the vCard's NOTE, never start a property of its own.
  const bio = "O1 javascript:alert(1)\nEND:VCARD\nBEGIN:VCARD\nFN:Injected\nEMAIL:evil@example.com";
  const title = breakout("T1");
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill(name);
  await adminPage.getByLabel("Business Name").fill(business);
  await adminPage.getByLabel("Page URL Slug").fill(slug);
  await adminPage.getByLabel("Bio").fill(bio);
  await adminPage.getByLabel("Title of link 1").fill(title);
  await adminPage.getByLabel("URL of link 1").fill(`https://x.example/?q="><script>alert(1)</script>`);
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText(/New card #WC\d{4} has been created successfully/)).toBeVisible();

  const visitor = guard(page);
  await page.goto(`/${slug}`);
  await visitor.expectInert(name, business, "O1 javascript:alert(1)", title);
  const link = page.getByRole("link", { name: title });
  expect(await link.getAttribute("href")).not.toContain('"');

  const admin = guard(adminPage);
  await adminPage.goto(`/admin-dashboard?tab=cards&q=${slug}`);
  await admin.expectInert(name);
  await adminPage
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(adminPage.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(adminPage.getByLabel("Bio")).toHaveValue(bio);
  await admin.expectInert();

  const vcard = await (await page.request.get(`/card/${slug}/contact.vcf`)).text();
  const lines = vcard.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  expect(lines.filter((l) => l === "BEGIN:VCARD")).toHaveLength(1);
  expect(lines.filter((l) => l === "END:VCARD")).toHaveLength(1);
  expect(lines.filter((l) => /^(FN:Injected|EMAIL:evil)/i.test(l))).toEqual([]);
  expect(vcard).not.toMatch(/[^\r]\n/); // no bare line feed: every line ends with CRLF, as the format asks
});

test("a name with a line break posted past the form never adds a vCard property", async ({
  adminPage,
  page,
}) => {
  const slug = `xss-crlf-${Date.now()}`;
  const response = await adminPage.request.post("/admin-dashboard/create", {
    form: {
      name: "Eve\r\nEMAIL:evil@example.com\r\nX-INJECTED:1",
      businessName: "Shop\r\nTEL:+440000000",
      slug,
      password: "edit-password-1",
      "links[0].title": "Site\r\nURL:https://evil.example",
      "links[0].url": "https://eve.example",
      "links[0].icon": "globe",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(500);
  const vcard = await page.request.get(`/card/${slug}/contact.vcf`);
  if (vcard.status() === 404) return; // refused: nothing to download
  const lines = (await vcard.text()).replace(/\r\n[ \t]/g, "").split(/\r\n/);
  expect(lines.filter((l) => /^(EMAIL:evil|X-INJECTED|TEL:\+440000000|URL:https:\/\/evil)/i.test(l))).toEqual(
    [],
  );
});

test("a customer's profile shows as text on every dashboard page", async ({ page, signedInCustomer }) => {
  const [first, last, bio, location] = [short("F1"), short("L1"), corpus("O2").join("\n"), short("P1")];
  await page.goto("/dashboard/settings");
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Bio").fill(bio);
  await page.getByLabel("Location").fill(location);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  const g = guard(page);
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue(first);
  await expect(page.getByLabel("Bio")).toHaveValue(bio);
  await g.expectInert();
  for (const path of [
    "/dashboard",
    "/dashboard/links",
    "/dashboard/cards",
    "/dashboard/resell",
    "/dashboard/cold-calling",
    "/dashboard/settings/account",
    "/dashboard/settings/billing",
    "/dashboard/settings/notifications",
  ]) {
    await page.goto(path);
    await g.expectInert();
  }
  expect(signedInCustomer.email).toContain("@");
});

test("prospects and their notes stay text in every cold-calling tab", async ({ page, signedInCustomer }) => {
  const business = html("R1");
  const contact = corpus("C1")[1]!;
  await page.goto("/dashboard/cold-calling/prospects");
  const add = page.getByRole("region", { name: "Add a prospect" });
  await add.getByLabel("Business name").fill(business);
  await add.getByLabel("Contact name").fill(contact);
  await add.getByLabel("Phone").fill("+44 20 7946 0000");
  await add.getByLabel("Business type").selectOption({ label: "Restaurants" });
  await add.getByRole("button", { name: "Add prospect" }).click();
  const g = guard(page);
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "R1<script>" });
  await expect(row).toBeVisible();
  await g.expectInert(business, contact);
  await row.getByRole("link", { name: /Notes/ }).click();
  const note = corpus("M1").join(" ");
  await page.getByLabel(/^Note about/).fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "M1<script>" }).first()).toBeVisible();
  await g.expectInert(business);
  for (const path of ["/dashboard/cold-calling", "/dashboard/cold-calling/activity"]) {
    await page.goto(path);
    await g.expectInert();
  }
  expect(signedInCustomer.email).toContain("@");
});

test("a delivery address stays text on the success page, the receipt, the admin's order and the e-mail", async ({
  page,
  adminPage,
}) => {
  const email = uniqueEmail("xss-buyer");
  const address = deliveryAddress({
    email,
    fullName: html("D1").slice(0, 100),
    line1: corpus("A1")[1]!,
    city: corpus("Y1")[3]!,
  });
  await addOneLinkCard(page);
  await checkout(page, "Bank transfer", address);
  const orderNumber = await placedOrderNumber(page);
  const g = guard(page);
  await g.expectInert(orderNumber);

  const receiptHref = await page.getByRole("link", { name: "Download Receipt" }).getAttribute("href");
  const receipt = await (await page.request.get(receiptHref!)).text();
  const receiptPage = await page.context().newPage();
  const r = guard(receiptPage);
  await receiptPage.setContent(receipt);
  await r.expectInert("D1<script>", address.line1, address.city);
  await receiptPage.close();

  const placed = await waitForEmail(email, /payment instructions/);
  const mailPage = await page.context().newPage();
  await expectInertEmail(mailPage, placed.html, "D1<script>");
  await mailPage.close();

  const admin = guard(adminPage);
  await adminPage.goto(`/admin-dashboard/orders?q=${orderNumber}`);
  await admin.expectInert(orderNumber);
  await adminPage.getByRole("link", { name: `View details of order ${orderNumber}` }).click();
  await admin.expectInert("D1<script>", address.line1, address.city);
});

test("the contact form's fields stay text in both e-mails", async ({ page }) => {
  const email = uniqueEmail("xss-contact");
  const name = html("K1").slice(0, 100);
  const subject = corpus("S1")[2]!;
  const message = corpus("M2").join("\n");
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Other (please specify)" });
  await page.getByLabel("Custom Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();

  // This message's own e-mail: other tests send the support address contact messages too.
  const support = await waitForEmail("support@tapcard.example", /^Contact form: S1/);
  expect(support.subject).not.toMatch(/[\r\n]/);
  await expectInertEmail(page, support.html, "K1<script>", "M2<script>");
  const ack = await waitForEmail(email, /We received your message/);
  await expectInertEmail(page, ack.html);
});

test("an update request: an unsafe URL is refused, the name stays text in the cart", async ({ page }) => {
  const g = guard(page);
  await page.goto("/update-links");
  // What is under test is the text, not typing before the scripts load (late-hydration.spec.ts): on a busy
  // machine a first click before hydration posts the form natively, and the page it answers replaces the field.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Card number").fill("WC1234");
  await page.getByLabel("Name", { exact: true }).fill(html("U1").slice(0, 100));
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("xss-update"));
  await page.getByLabel("Platform").selectOption({ index: 1 });
  await page.getByLabel("URL").fill("javascript:alert(1)");
  await page.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(page.getByText(/URL must start with http/)).toBeVisible();
  await page.getByLabel("URL").fill("https://update.example/?a=<script>");
  await page.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/cart");
  await g.expectInert("U1<script>");
});
