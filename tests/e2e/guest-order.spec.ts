// A guest's order, as they read it: the order form's link field shows its whole example, the success page says
// the card page is live (with its address) and that the e-mail holds the link to add the card to an account, and
// that e-mail gives both as links that fit a 375 px phone, without repeating the bank details once paid.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";
import { addMultiLinkCard, deliveryAddress, expect, paidOrder, test, uniqueEmail } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

test("the order form's Link URL field shows its whole placeholder for every platform, on a phone and a desktop", async ({
  page,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/order-card?type=multi-link");
    const platform = page.getByLabel("Platform", { exact: true });
    for (const option of await platform
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))) {
      await platform.selectOption(option);
      const field = page.getByLabel("Link URL");
      await expect(field).toHaveAttribute("placeholder", /.+/);
      // The placeholder's text, in the field's own font, is no wider than the room inside the field.
      const [text, room] = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        return [
          context.measureText(input.placeholder).width,
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        ];
      });
      expect(text, `${option} at ${width} px`).toBeLessThanOrEqual(room!);
    }
  }
});

test("a guest's paid Multi Link order: the page's address and the account link on the success page and in the e-mail", async ({
  page,
  adminPage,
}) => {
  const email = uniqueEmail("guest-next");
  await page.setViewportSize({ width: 375, height: 800 });
  await addMultiLinkCard(page, "Gwen Guest");
  const { orderNumber } = await paidOrder(page, adminPage, deliveryAddress({ email }));
  const mail = await waitForEmail(email, new RegExp(`Order ${orderNumber} confirmed`));
  const pageUrl = mail.text.match(/live now:\s+(\S+)/)![1]!;
  const claimUrl = mail.text.match(/\S+\/claim-cards\?token=\S+/)![0];

  await page.reload();
  await expect(page.getByText(`Order ${orderNumber} is confirmed.`)).toBeVisible();
  const next = page.getByRole("region", { name: "What happens next?" });
  await expect(next.getByRole("link", { name: pageUrl })).toHaveAttribute("href", pageUrl);
  await expect(next).toContainText(`Your card page is live now at ${pageUrl}`);
  await expect(next).toContainText(
    "The confirmation e-mail holds a link to add your card to an account (log in, or create one with this e-mail address)",
  );
  await expect(next).toContainText("We write your links to your card and post it by UK Track & Signed");
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // The e-mail as a phone's mail reader shows it.
  await page.setContent(mail.html!);
  await expect(page.getByRole("link", { name: pageUrl })).toHaveAttribute("href", pageUrl);
  await expect(page.getByRole("link", { name: "Add the card to my account" })).toHaveAttribute(
    "href",
    claimUrl,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await expect(page.getByText("Paid by bank transfer.")).toBeVisible();
  await expect(page.getByText(/Sort code|Account number/)).toHaveCount(0);
});
