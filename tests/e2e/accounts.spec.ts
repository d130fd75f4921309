import { E2E_ADMIN } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import { expect, logIn, register, test, uniqueEmail, verify } from "./fixtures";

test("a customer registers, verifies by e-mail, logs in to the dashboard and logs out", async ({ page }) => {
  const email = uniqueEmail("ann");
  await register(page, { name: "Ann Example", email, password: "correct-horse-1" });

  // Before verification the account cannot sign in.
  await logIn(page, email, "correct-horse-1");
  await expect(page.getByRole("alert")).toContainText("Please verify your e-mail address first");

  await verify(page, email);
  await logIn(page, email, "correct-horse-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Ann Example" })).toBeVisible();
  // The session cookie is out of reach of scripts and of cross-site requests.
  const session = (await page.context().cookies()).find((c) => c.name.includes("session_token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  await expect(page.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Every section is in the sidebar, and the current one is marked.
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  for (const section of ["Dashboard", "My Links", "Cards", "Resell", "Cold Calling", "Settings"]) {
    await expect(sidebar.getByRole("link", { name: section, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The specification's other address of the reseller programme leads to it.
  await page.goto("/dashboard/resellers");
  await expect(page).toHaveURL(/\/dashboard\/resell$/);

  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have been successfully logged out")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  await page.goto("/dashboard/cards");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fcards/);
});

test("wrong credentials get one message that does not reveal whether the e-mail exists", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await logIn(page, E2E_ADMIN.email, "not-the-password");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  const wrongPassword = await page.getByRole("alert").textContent();
  await logIn(page, uniqueEmail("nobody"), "not-the-password");
  await expect(page.getByRole("alert")).toHaveText(wrongPassword ?? "");
});

test("registration validates every field on the server's terms", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("You must accept the Terms of Service and Privacy Policy")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a forgotten password is reset through the e-mailed link", async ({ page, customer }) => {
  const { email, password } = customer;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/we have sent a link to reset the password/)).toBeVisible();

  const mail = await waitForEmail(email, /Reset your/);
  await page.goto(firstLink(mail.text, "/api/auth/reset-password/"));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("second-password-2");
  await page.getByLabel("Confirm new password").fill("second-password-2");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You can now log in with your new password.")).toBeVisible();

  await logIn(page, email, password);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await logIn(page, email, "second-password-2");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the admin created from ADMIN_EMAIL logs in; wrong passwords and customers are refused", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/orders$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/admin-dashboard");
  await expectNoSeriousA11yViolations(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin-dashboard\/orders$/);
});

test("a customer opening the admin dashboard is sent to the admin login", async ({
  page,
  signedInCustomer,
}) => {
  const { email, password } = signedInCustomer;

  await page.goto("/admin-dashboard");
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText("Access denied")).toBeVisible();
  await expect(page.getByText("You must be logged in as an admin to view this page")).toBeVisible();

  // The admin login refuses a customer's correct password too.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
});

test("without Google or Apple keys the login pages offer no social sign-in, and a forged post is refused", async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
    await expect(page.getByText("or", { exact: true })).toHaveCount(0);
  }
  for (const provider of ["google", "apple"]) {
    const response = await request.post("/login", {
      headers: { Origin: baseURL! },
      form: { intent: "social", provider },
    });
    expect(response.status(), provider).toBe(400);
    expect(await response.text()).toContain(
      `Login with ${provider === "google" ? "Google" : "Apple"} is not available`,
    );
  }
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("login selection offers both logins and the pages work at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/login-selection");
  await expect(page.getByRole("link", { name: /Customer login/ })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: /Admin login/ })).toHaveAttribute("href", "/admin-login");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Order Your Card" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "View Cart (0)" })).toBeVisible();
  await menu.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);
});
