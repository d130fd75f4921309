// With JavaScript, a card's links are dragged into order on the Design page (here by keyboard, as dnd-kit's
// keyboard sensor does it: pick up, move, drop): the new order is saved at once and the public page shows it. The
// admin's Design page is the owner's, so one walk covers both.
import { expect, test } from "./fixtures";

test("links dragged into a new order on the Design page are saved and shown on the public page", async ({
  adminPage,
  request,
}) => {
  const slug = `drag-${Date.now()}`;
  // The card form is not under test here: the card is made by posting it.
  const created = await adminPage.request.post("/admin-dashboard/create", {
    form: {
      name: "Dana Drag",
      slug,
      password: "dana-edit-12",
      "links[0].title": "First",
      "links[0].url": "https://first.example.com",
      "links[0].icon": "globe",
      "links[1].title": "Second",
      "links[1].url": "https://second.example.com",
      "links[1].icon": "globe",
      "links[2].title": "Third",
      "links[2].url": "https://third.example.com",
      "links[2].icon": "globe",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await adminPage.goto(`/admin-dashboard?tab=cards&q=${slug}`);
  await adminPage
    .getByRole("listitem")
    .filter({ hasText: `/${slug}` })
    .getByRole("link", { name: /Edit card WC\d{4}/ })
    .click();
  await adminPage.getByRole("link", { name: "Design" }).click();
  await expect(adminPage.getByRole("heading", { name: "Design of Dana Drag's page" })).toBeVisible();

  const handle = adminPage.getByRole("button", { name: "Drag to reorder Third" });
  // Each key waits for what a screen reader hears of it, as dnd-kit moves the link a frame later.
  const heard = (text: string) =>
    expect(adminPage.getByRole("status").filter({ hasText: text })).toBeAttached();
  await handle.focus();
  await adminPage.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await adminPage.keyboard.press("ArrowUp");
  await heard("Third is at position 2 of 3.");
  await adminPage.keyboard.press("ArrowUp");
  await heard("Third is at position 1 of 3.");
  await adminPage.keyboard.press("Space");
  await heard("Third dropped at position 1 of 3.");
  await expect(adminPage.getByText("Links reordered")).toBeVisible();
  const titles = adminPage
    .getByRole("listitem")
    .filter({ has: adminPage.getByRole("button", { name: /^Hide / }) });
  await expect(titles).toHaveText([/^Third/, /^First/, /^Second/]);

  const page = await (await request.get(`/${slug}`)).text();
  expect(page.indexOf(">Third<")).toBeLessThan(page.indexOf(">First<"));
  expect(page.indexOf(">First<")).toBeLessThan(page.indexOf(">Second<"));
});
