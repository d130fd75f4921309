// Settings → Integrations in a browser: add a webhook endpoint (a receiver on 127.0.0.1), see its signing secret
// once and copy it, read how to check the signature, send a test event that arrives signed and is listed under
// the deliveries, then delete the endpoint.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expect, test } from "./fixtures";

const SETTINGS = "/dashboard/settings/integrations";

async function startReceiver() {
  const received: { signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ signature: String(req.headers["tapcard-signature"]), body });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tapcard-hook`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("an owner adds a webhook, sees its secret once, sends a signed test event, sees it delivered, and deletes it", async ({
  page,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  const receiver = await startReceiver();
  try {
    await page.goto("/dashboard/settings");
    await page.getByRole("link", { name: "Integrations" }).click();
    await expect(page).toHaveURL(SETTINGS);
    await expect(page.getByRole("link", { name: "Integrations" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Add a webhook endpoint" })).toBeVisible();

    await page.getByRole("textbox", { name: "Endpoint URL" }).fill(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    await expect(secretRegion).toBeVisible();
    const secret = /whsec_[\w-]{32}/.exec((await secretRegion.textContent()) ?? "")?.[0];
    expect(secret).toBeTruthy();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await secretRegion.getByRole("button", { name: "Copy the signing secret" }).click();
    await expect(page.getByText("Signing secret copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The page says how to check the signature, and that Stripe's own verifier does.
    const checking = page.getByRole("region", { name: "Checking the signature" });
    await expect(checking).toContainText("Tapcard-Signature");
    await expect(checking).toContainText("This is Stripe's signature scheme");
    await expect(checking).toContainText("stripe.webhooks.constructEvent(");
    const endpoint = page.getByRole("region", { name: receiver.url, exact: true });
    await expect(
      endpoint.getByText("No deliveries yet. Send a test event to try the endpoint."),
    ).toBeVisible();

    // Shown once: a reload no longer has it.
    await page.reload();
    await expect(page.getByRole("region", { name: "Signing secret" })).toHaveCount(0);
    expect(await page.content()).not.toContain(secret!);

    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event sent")).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [got] = receiver.received;
    const t = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got!.signature);
    expect(t).toBeTruthy();
    expect(createHmac("sha256", secret!).update(`${t![1]}.${got!.body}`).digest("hex")).toBe(t![2]);
    const event = JSON.parse(got!.body) as { type: string; id: string };
    expect(event.type).toBe("webhook.test");

    // The delivery is listed with its time, status code and duration once the worker has recorded it.
    await expect(async () => {
      await page.reload();
      const row = page
        .getByRole("table", { name: `Recent deliveries to ${receiver.url}` })
        .getByRole("row")
        .filter({ hasText: event.id });
      await expect(row).toContainText("Delivered", { timeout: 1000 });
      await expect(row).toContainText("200");
      await expect(row).toContainText(/\d+ ms/);
      await expect(row.getByRole("cell").first()).toContainText("UTC");
    }).toPass();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: `Delete ${receiver.url}` }).click();
    await expect(page.getByRole("heading", { name: "Delete this endpoint?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText("Endpoint deleted")).toBeVisible();
    await expect(page.getByRole("region", { name: receiver.url, exact: true })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Add a webhook endpoint" })).toBeVisible();
  } finally {
    await receiver.stop();
  }
});
