// The admin's side of an order's lifecycle: the status buttons offered are the changes the order can take, and
// 'Mark refunded' sends a card payment back through Stripe (the fake Stripe API here) or records a bank refund
// made by hand; either way the customer is e-mailed. Also what the customer reads about an order of business
// lists only: nothing is posted, the businesses go to Cold Calling.
import { E2E_STRIPE } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";
import {
  addOneLinkCard,
  checkout,
  deliveryAddress,
  expect,
  markPaid,
  openOrder,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const details = (adminPage: import("@playwright/test").Page, orderNumber: string) =>
  adminPage.getByRole("region", { name: new RegExp(`^Order ${orderNumber}`) });

test("a bank-transfer order offers only the changes it can take, and its refund is recorded as sent back by hand", async ({
  page,
  adminPage,
}) => {
  const email = uniqueEmail("bank-refund");
  await addOneLinkCard(page, "https://bank-refund.example");
  await checkout(page, "Bank transfer", deliveryAddress({ email }));
  const orderNumber = await placedOrderNumber(page);

  await openOrder(adminPage, orderNumber);
  const order = details(adminPage, orderNumber);
  // Unpaid: only the payment can be recorded; nothing is offered that would then be refused.
  await expect(order.getByRole("button")).toHaveText(["Mark paid"]);
  await expectNoSeriousA11yViolations(adminPage);

  await markPaid(adminPage, orderNumber);
  const refund = "Mark refunded (money sent back by bank transfer)";
  await expect(order.getByRole("button")).toHaveText(["Mark completed", refund]);
  await order.getByRole("button", { name: "Mark completed" }).click();
  await expect(adminPage.getByText(`Order ${orderNumber} marked as completed`)).toBeVisible();
  await expect(order.getByRole("button")).toHaveText(["Mark pending", refund]);

  adminPage.once("dialog", (dialog) => dialog.accept());
  await order.getByRole("button", { name: refund }).click();
  await expect(
    adminPage.getByText(`Order ${orderNumber} marked as refunded: £34.99 sent back by bank transfer`),
  ).toBeVisible();
  // A refund is final: no button is left.
  await expect(order.getByRole("button")).toHaveCount(0);
  await expect(
    order.getByText(/completed → refunded by admin@e2e.test \(£34.99 sent back by bank transfer, by hand\)/),
  ).toBeVisible();
  const mail = await waitForEmail(email, /refunded/);
  expect(mail.text).toContain(`We have sent £34.99 for order ${orderNumber} back to you by bank transfer.`);
});

test("'Mark refunded' on a card payment refunds it through Stripe and e-mails the customer", async ({
  page,
  adminPage,
}) => {
  const email = uniqueEmail("card-refund");
  await addOneLinkCard(page, "https://card-refund.example");
  await checkout(page, "Pay by card", deliveryAddress({ email }));
  await page.getByRole("button", { name: /Pay £34.99/ }).click();
  const confirmed = page.getByText(/^Order WC\d{6} is confirmed\.$/);
  await expect(confirmed).toBeVisible();
  const orderNumber = /WC\d{6}/.exec((await confirmed.textContent())!)![0];
  await waitForEmail(email, /confirmed/);

  await openOrder(adminPage, orderNumber);
  const order = details(adminPage, orderNumber);
  const refund = "Mark refunded (refund £34.99 through Stripe)";
  await expect(order.getByRole("button")).toHaveText(["Mark completed", refund]);
  adminPage.once("dialog", (dialog) => dialog.accept());
  await order.getByRole("button", { name: refund }).click();
  await expect(adminPage.getByText(`Order ${orderNumber}: £34.99 refunded through Stripe`)).toBeVisible();
  await expect(order.getByRole("button")).toHaveCount(0);

  const refunds = (await (await page.request.get(`${E2E_STRIPE.apiBase}/__refunds`)).json()) as {
    id: string;
    amount: number;
  }[];
  const made = refunds.filter((r) => r.amount === 3499);
  expect(made.length).toBeGreaterThan(0);
  await expect(
    order.getByText(
      new RegExp(
        `paid → refunded by admin@e2e.test \\(Refunded £34.99 through Stripe \\((${made.map((r) => r.id).join("|")})\\)\\)`,
      ),
    ),
  ).toBeVisible();
  const mail = await waitForEmail(email, /refunded/);
  expect(mail.text).toContain(`We have refunded £34.99 for order ${orderNumber} to the card you paid with.`);
});

test("an order of only a business list says the businesses go to Cold Calling, and promises no posted card", async ({
  page,
  adminPage,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard/cold-calling/lists");
  await page.getByLabel("Business type").selectOption("restaurant");
  await page.getByRole("button", { name: /^Buy List/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await checkout(page, "Bank transfer");
  const orderNumber = await placedOrderNumber(page);
  const successPage = page.url();

  const next = page.getByRole("region", { name: "What happens next?" });
  await expect(next).toContainText(
    "Once your payment is received, the businesses of your list are added to your prospects in Cold Calling.",
  );
  await expect(next).not.toContainText("post");
  await expect(page.getByText(/^Billing address:/)).toBeVisible();

  await markPaid(adminPage, orderNumber);
  await page.goto(successPage);
  await expect(next).toContainText("The businesses of your list are in your prospects in Cold Calling.");
  await next.getByRole("link", { name: "Cold Calling" }).click();
  await expect(page).toHaveURL(/\/dashboard\/cold-calling\/prospects$/);
});
