// A company orders cards for three of its people in one checkout: the owner chooses them, the cart holds one line
// of three cards at the catalogue's price, the bank transfer is marked paid, and each member's company card is in
// the company's Cards, waiting to be written, and in the shop's fulfilment. The members join with JavaScript off.
import type { Browser, Page } from "@playwright/test";
import { CARDS } from "../../app/catalog";
import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import {
  checkout,
  createCompany,
  createCustomer,
  deliveryAddress,
  expect,
  fillDeliveryAddress,
  importPeople,
  markPaid,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

const COMPANY = "Team Order Browsers";

test("an owner orders cards for three members in one checkout, and each is made for the member's page", async ({
  browser,
  baseURL,
  page,
  adminPage,
  signedInCustomer,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  await createCompany(page, COMPANY);
  const tabs = page.getByRole("navigation", { name: COMPANY });
  const people = [
    { name: "Ana Able", email: uniqueEmail("ana") },
    { name: "Ben Bright", email: uniqueEmail("ben") },
  ];
  await importPeople(page, COMPANY, people);
  for (const person of people) await join(browser, { baseURL, extraHTTPHeaders }, person);

  // The owner chooses the three of them: one line of three cards in the cart.
  await tabs.getByRole("link", { name: "Cards" }).click();
  await page.getByRole("link", { name: "Order cards for members" }).click();
  await expectNoSeriousA11yViolations(page);
  const choose = page.getByRole("group", { name: "Choose members" });
  for (const name of [signedInCustomer.name, ...people.map((p) => p.name)])
    await choose.getByRole("checkbox", { name: new RegExp(`^${name} `) }).check();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const items = page.getByRole("list", { name: "Cart items" });
  const chosen = [signedInCustomer.name, ...people.map((p) => p.name)].sort();
  await expect(items.getByText(`For ${COMPANY}: ${chosen.join(", ")}`)).toBeVisible();
  await expect(items.getByText("Quantity 3")).toBeVisible();
  await expect(items.getByText(formatPence(3 * CARDS["multi-link"].price))).toBeVisible();

  await checkout(page, "Bank transfer", deliveryAddress({ email: signedInCustomer.email }));
  const orderNumber = await placedOrderNumber(page);
  await markPaid(adminPage, orderNumber);

  // Each member's company card now has a card to write, in the company's Cards and the shop's fulfilment.
  await page.goto("/dashboard/companies");
  await page.getByRole("link", { name: COMPANY }).first().click();
  await tabs.getByRole("link", { name: "Cards" }).click();
  const cards = page.getByRole("table", { name: "The company's cards" });
  // A row is named by its cells: the card and its brand kit, the holder, the state.
  for (const name of [signedInCustomer.name, ...people.map((p) => p.name)])
    await expect(
      cards.getByRole("row", {
        name: new RegExp(`^WC\\d{4} Brand kit of card WC\\d{4} ${name} Not written yet`),
      }),
    ).toBeVisible();
  // The company's admin takes a member's card elsewhere too: its brand kit opens from the row.
  await cards
    .getByRole("row", { name: new RegExp(people[0]!.name) })
    .getByRole("link", { name: /^Brand kit of card/ })
    .click();
  await expect(page.getByRole("heading", { name: /^Brand kit of /, level: 1 })).toBeVisible();
  await page.goBack();
  await adminPage.goto("/admin-dashboard/fulfilment");
  await expect(adminPage.getByText(orderNumber).first()).toBeVisible();

  // The company's other pages for its admins, each read by a screen reader's rules.
  for (const [tab, heading] of [
    ["Analytics", "Analytics"],
    ["Template", "Company links"],
    ["Integrations", "Integrations"],
  ] as const) {
    await tabs.getByRole("link", { name: tab }).click();
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test("a member gives their address, and the card ordered for them is posted to it in a parcel of its own", async ({
  browser,
  baseURL,
  page,
  adminPage,
  signedInCustomer,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const company = "Parcel Browsers";
  await createCompany(page, company);
  const tabs = page.getByRole("navigation", { name: company });
  const cara = { name: "Cara Carter", email: uniqueEmail("cara") };
  await importPeople(page, company, [cara]);
  // With JavaScript off, the member gives the address on the company's overview.
  await join(browser, { baseURL, extraHTTPHeaders }, cara, company, async (memberPage) => {
    const form = memberPage.getByRole("region", { name: "Where to post your card" });
    await fillDeliveryAddress(form, deliveryAddress({ fullName: "Cara at Home", email: cara.email }));
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(form.getByText(`Cards ${company} orders for you are posted here.`)).toBeVisible();
  });

  await tabs.getByRole("link", { name: "Cards" }).click();
  await page.getByRole("link", { name: "Order cards for members" }).click();
  await page.getByRole("radio", { name: /To each member's own address/ }).check();
  const choose = page.getByRole("group", { name: "Or choose members" });
  await expect(choose.getByRole("checkbox", { name: /^Cara Carter / })).toHaveAccessibleName(/Address given/);
  await choose.getByRole("checkbox", { name: /^Cara Carter / }).check();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("1 parcel, to its member's address")).toBeVisible();
  await checkout(page, "Bank transfer", deliveryAddress({ email: signedInCustomer.email }));
  const orderNumber = await placedOrderNumber(page);
  await markPaid(adminPage, orderNumber);

  // Fulfilment writes the card, then posts its parcel to the member, who is e-mailed the tracking link.
  await adminPage.goto("/admin-dashboard/fulfilment");
  const order = adminPage.getByRole("region", { name: `Order ${orderNumber}` });
  await order.getByRole("button", { name: /^Mark .* written$/ }).click();
  const parcel = order.getByRole("form", { name: "Parcel to Cara at Home" });
  await parcel.getByLabel("Tracking number").fill("AB123456789GB");
  await parcel.getByRole("button", { name: "Mark posted" }).click();
  await expect(
    adminPage.getByText(`Its member has been e-mailed the tracking link, and order ${orderNumber} is posted`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
  expect((await waitForEmail(cara.email, new RegExp(`Your ${company} card is on its way`))).text).toContain(
    "AB123456789GB",
  );
});

/**
 * A person registers with JavaScript off, opens their invitation from the e-mail, signs in and accepts it; then,
 * if given, does more as that member.
 */
async function join(
  browser: Browser,
  options: { baseURL?: string; extraHTTPHeaders?: Record<string, string> },
  person: { name: string; email: string },
  company = COMPANY,
  then?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  const page = await context.newPage();
  const member = await createCustomer(page, person);
  const link = firstLink(
    (await waitForEmail(person.email, new RegExp(`join ${company}`))).text,
    "/invitations/",
  );
  await page.goto(link);
  await page.getByRole("link", { name: "Log in to accept" }).click();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await then?.(page);
  await context.close();
}
