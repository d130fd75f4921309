// Every page the browser tests visit is valid HTML, as the W3C Nu HTML Checker (vnu) judges the markup the
// server sends: public pages, a card page, a cart with an item, an order, the customer's dashboard and the
// admin's pages. vnu runs once over all of them (one JVM start).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addOneLinkCard, expect, paidOrder, test } from "./fixtures";

const VNU = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/features",
  "/pricing",
  "/faq",
  "/contact",
  "/socials",
  "/privacy",
  "/terms",
  "/compatibility",
  "/safety",
  "/returns",
  "/login-selection",
  "/login",
  "/login?verified=1",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/admin-login",
  "/order-card",
  "/order-card?type=one-link",
  "/order-card?type=multi-link",
  "/update-links",
  "/cart",
  "/payment-success?order=WC100000",
  "/payment-canceled",
  "/no-such-page",
  "/card/wc341",
  "/wc341?s=nfc",
];

const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/links",
  "/dashboard/cards",
  "/dashboard/contacts",
  "/dashboard/resell",
  "/dashboard/settings",
  "/dashboard/settings/account",
  "/dashboard/settings/billing",
  "/dashboard/settings/notifications",
];

const ADMIN_PAGES = [
  "/admin-dashboard",
  "/admin-dashboard?tab=orders",
  "/admin-dashboard?tab=cards",
  "/admin-dashboard?tab=earnings",
  "/admin-dashboard?tab=referrers",
  "/admin-dashboard/create",
  "/admin-dashboard/commissions",
  "/admin-dashboard/account",
];

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every page the browser tests visit passes the W3C Nu HTML Checker", async ({
  browser,
  page,
  signedInCustomer: _signedIn,
  adminPage,
}) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const files = new Map<string, string>();
  // The HTML as the server sends it (not the DOM after scripts ran), with the cookies of the page's visitor.
  const save = async (visitor: Page, url: string) => {
    const response = await visitor.request.get(url, { headers: UA });
    expect(response.headers()["content-type"], url).toContain("text/html");
    const file = path.join(dir, `${files.size}.html`);
    fs.writeFileSync(file, await response.text());
    files.set(file, url);
  };

  const context = await browser.newContext();
  const anonymous = await context.newPage();
  for (const url of PUBLIC_PAGES) await save(anonymous, url);
  await addOneLinkCard(anonymous);
  await save(anonymous, "/cart");
  await save(anonymous, "/order-card");
  await paidOrder(anonymous, adminPage); // leaves the admin on the order's details
  await save(anonymous, anonymous.url()); // the success page behind the order's secret link
  await save(adminPage, adminPage.url());
  await context.close();

  for (const url of DASHBOARD_PAGES) await save(page, url);

  for (const url of ADMIN_PAGES) await save(adminPage, url);
  await adminPage.goto("/admin-dashboard?tab=cards&q=wc341");
  await save(
    adminPage,
    (await adminPage.getByRole("link", { name: /Edit card WC0341/ }).getAttribute("href"))!,
  );

  let report: string;
  try {
    execFileSync("java", ["-jar", VNU, "--format", "json", "--errors-only", ...files.keys()], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    report = '{"messages":[]}';
  } catch (error) {
    // vnu exits non-zero when it finds errors and writes its JSON report to stderr.
    report = String((error as { stderr?: Buffer }).stderr ?? "");
    if (!report.startsWith("{")) throw error;
  }
  const messages = (JSON.parse(report) as { messages: VnuMessage[] }).messages.map(
    (m) =>
      `${files.get(m.url.replace(/^file:/, "")) ?? m.url}${m.lastLine ? `:${m.lastLine}` : ""}: ${m.message} (${m.extract?.trim() ?? ""})`,
  );
  expect(messages).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
