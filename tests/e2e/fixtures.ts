// Shared fixtures and data factories of the browser tests. The e2e server's embedded database belongs to its own
// process, so every factory makes its data the way a visitor or the admin would: through the app's pages.
import { type Browser, test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { firstLink, waitForEmail } from "../support/mailbox";

/** An e-mail address no other test uses. */
export const uniqueEmail = (who = "user") =>
  `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export interface Customer {
  name: string;
  email: string;
  password: string;
}

/** Fills and sends the registration form; the account waits for its e-mail to be verified. */
export async function register(page: Page, customer: Customer) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(customer.name);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByText("Registration successful, please check your email to verify your account."),
  ).toBeVisible();
}

/** Opens the link of the verification e-mail, which lands on the login page. */
export async function verify(page: Page, email: string) {
  const mail = await waitForEmail(email, /Verify your e-mail/);
  await page.goto(firstLink(mail.text, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText("Your e-mail address is verified. You can log in now.")).toBeVisible();
}

/** Sends the customer login form (the outcome is for the caller to check). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** A registered customer whose e-mail is verified; not signed in. */
export async function createCustomer(page: Page, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer = {
    name: "Casey Customer",
    email: uniqueEmail("customer"),
    password: "customer-pass-1",
    ...overrides,
  };
  await register(page, customer);
  await verify(page, customer.email);
  return customer;
}

/** Signs the page in as the customer and waits for the dashboard. */
async function signInCustomer(page: Page, customer: Customer) {
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the admin login form and returns the session. The form is rate limited per client address,
 * so the suite signs in once per worker and reuses the cookies.
 */
async function adminStorageState(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  const state = await context.storageState();
  await context.close();
  return state;
}

// --- Companies ---

/** Creates a company on the Companies page; the page is left on its overview. */
export async function createCompany(page: Page, name: string) {
  await page.goto("/dashboard/companies");
  await page.getByRole("textbox", { name: "Company name" }).fill(name);
  await page.getByRole("button", { name: "Create company" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Invites people by a CSV on the company's People tab (the page is left there, the invitations waiting). */
export async function importPeople(page: Page, company: string, people: { name: string; email: string }[]) {
  await page.getByRole("navigation", { name: company }).getByRole("link", { name: "People" }).click();
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "people.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["name,email", ...people.map((p) => `${p.name},${p.email}`)].join("\n")),
  });
  await page.getByRole("button", { name: "Import and send invitations" }).click();
  await expect(page.getByRole("heading", { name: `Invitations waiting (${people.length})` })).toBeVisible();
}

// --- The shop ---

export interface DeliveryAddress {
  fullName: string;
  email: string;
  phone: string;
  line1: string;
  city: string;
  postalCode: string;
}

export const deliveryAddress = (overrides: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  fullName: "Eve Example",
  email: uniqueEmail("buyer"),
  phone: "+44 7700 900123",
  line1: "1 High Street",
  city: "London",
  postalCode: "N1 1AA",
  ...overrides,
});

/** Fills the checkout's 'Delivery Information' dialog (the country stays at its default). */
export async function fillDeliveryAddress(dialog: Locator, address: DeliveryAddress) {
  await dialog.getByLabel("Full name").fill(address.fullName);
  await dialog.getByLabel("Email").fill(address.email);
  await dialog.getByLabel("Phone").fill(address.phone);
  await dialog.getByLabel("Address line 1").fill(address.line1);
  await dialog.getByLabel("City").fill(address.city);
  await dialog.getByLabel("Postal code").fill(address.postalCode);
}

/** Puts a One Link card with one website link in the page's cart. */
export async function addOneLinkCard(page: Page, url = "https://one-link.example") {
  await page.goto("/order-card?type=one-link");
  await page.getByLabel("Platform").selectOption("website");
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("button", { name: "Add Link" })).toBeDisabled();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
}

/** Puts a Multi Link card (a name and an Instagram link) in the page's cart. */
export async function addMultiLinkCard(page: Page, name = "Mia Multi") {
  await page.goto("/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Instagram").fill("https://instagram.com/mia");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
}

export type PaymentMethod = "Bank transfer" | "Pay by card";

/** Checks out the page's cart: delivery address, then the order summary with the payment method. */
export async function checkout(page: Page, method: PaymentMethod, address = deliveryAddress()) {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await fillDeliveryAddress(delivery, address);
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await summary.getByLabel(method).check();
  await summary.getByRole("button", { name: /Place Order/ }).click();
}

/** The order number on the success page of an order just placed. */
export async function placedOrderNumber(page: Page) {
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  return (await page.locator("dd.font-mono").textContent())!.trim();
}

/** Opens an order's details in the admin dashboard. */
export async function openOrder(adminPage: Page, orderNumber: string) {
  await adminPage.goto(`/admin-dashboard?tab=orders&q=${orderNumber}`);
  await adminPage.getByRole("link", { name: `View details of order ${orderNumber}` }).click();
  await expect(adminPage.getByRole("heading", { name: new RegExp(`Order ${orderNumber}`) })).toBeVisible();
}

/** Records the bank transfer of an order as the admin would, and leaves its details open. */
export async function markPaid(adminPage: Page, orderNumber: string) {
  await openOrder(adminPage, orderNumber);
  await adminPage.getByRole("button", { name: "Mark paid" }).click();
  await expect(adminPage.getByText(`Order ${orderNumber} marked as paid`)).toBeVisible();
}

/** An order for whatever is in the page's cart, placed by bank transfer and marked paid by the admin. */
export async function paidOrder(page: Page, adminPage: Page, address = deliveryAddress()) {
  await checkout(page, "Bank transfer", address);
  const orderNumber = await placedOrderNumber(page);
  await markPaid(adminPage, orderNumber);
  return { orderNumber, address };
}

/**
 * The card page a paid Multi Link order made with its payment, and an edit password the admin set on it to hand
 * over (nobody sees the one it was made with).
 */
export async function cardFromPaidOrder(page: Page, adminPage: Page) {
  await addMultiLinkCard(page);
  await paidOrder(page, adminPage);
  await adminPage.getByRole("link", { name: /Open card page #WC\d{4}/ }).click();
  const heading = await adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ }).textContent();
  const slug = await adminPage.getByLabel("Page URL Slug").inputValue();
  const password = `handover-${Date.now()}`;
  await adminPage.getByLabel("Edit Password").fill(password);
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("The card page has been updated successfully")).toBeVisible();
  return { number: /#(WC\d{4})/.exec(heading ?? "")![1]!, password, slug };
}

// --- Fixtures ---

/** A private address (10.x.y.z) of its own for each test, stable across reruns. */
function visitorAddress(testId: string) {
  let hash = 0;
  for (const c of testId) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export const test = base.extend<
  {
    /** A page of its own, signed in as the e2e admin. */
    adminPage: Page;
    /** A registered, verified customer with a unique e-mail (made through `page`, which is left signed out). */
    customer: Customer;
    /** `customer`, signed in on `page`. */
    signedInCustomer: Customer;
  },
  { adminSession: Awaited<ReturnType<typeof adminStorageState>> }
>({
  // Each test is a visitor of its own address: the e2e server trusts one proxy hop (TRUST_PROXY=1), so the
  // suite's many sign-ups and sign-ins do not add up in one address's rate limits as they would from 127.0.0.1.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": visitorAddress(testInfo.testId) });
  },
  adminSession: [
    async ({ browser }, use, workerInfo) => {
      await use(await adminStorageState(browser, workerInfo.project.use.baseURL!));
    },
    { scope: "worker" },
  ],
  adminPage: async ({ browser, baseURL, adminSession, extraHTTPHeaders }, use) => {
    const context = await browser.newContext({ baseURL, storageState: adminSession, extraHTTPHeaders });
    await use(await context.newPage());
    await context.close();
  },
  customer: async ({ page }, use) => {
    await use(await createCustomer(page));
  },
  signedInCustomer: async ({ page, customer }, use) => {
    await signInCustomer(page, customer);
    await use(customer);
  },
});

export { expect };
