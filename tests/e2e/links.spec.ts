// Public links end to end: a link whose URL is not plain ASCII is stored encoded and redirects through the
// fast path without harm to the server.
import { expect, test } from "./fixtures";

const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

test("a link with an accented host and a non-Latin path redirects on every visit, and the server stays up", async ({
  adminPage: page,
  request,
}) => {
  const slug = `e2e-idn-${Date.now()}`;
  await page.goto("/admin-dashboard/create");
  await page.getByLabel("Name", { exact: true }).fill("Café Owner");
  await page.getByLabel("Page URL Slug").fill(slug);
  await page.getByLabel("URL of link 1").fill("https://exämple.com/café/日本");
  await page.getByRole("button", { name: "Save Card Page" }).click();
  await expect(page.getByText(/New card #WC\d{4} has been created successfully/)).toBeVisible();

  // The first visit fills the page cache; the link visits after it are answered from memory.
  const html = await (await request.get(`/${slug}`, { headers: UA })).text();
  const go = /href="(\/go\/[0-9a-f-]{36})\?s=link"/.exec(html)![1]!;
  for (let visit = 0; visit < 3; visit++) {
    const click = await request.get(go, { headers: UA, maxRedirects: 0 });
    expect(click.status()).toBe(302);
    expect(click.headers().location).toBe("https://xn--exmple-cua.com/caf%C3%A9/%E6%97%A5%E6%9C%AC");
  }
  expect((await request.get("/healthz")).status()).toBe(200);
  expect((await request.get(`/${slug}`, { headers: UA })).status()).toBe(200);
});
