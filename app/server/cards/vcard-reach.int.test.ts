// 'Save contact' carries every way to reach the owner that the card page shows (phone, e-mail, website, social
// profiles), for a card ordered with a phone as for one the admin made, and My Cards says the same.

import ICAL from "ical.js";
import { createElement } from "react";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CardProfile } from "~/components/dashboard/card-profile";
import { users } from "~/db/schema";
import { loader as vcardLoader } from "~/routes/card/vcard";
import { type CardLink, linkHref, PLATFORM_LABELS } from "~/schemas/link-rules";
import { routeContext } from "../../../tests/support/auth";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { staticHtml } from "../platform/static-html.server";
import { getCardPageBySlug } from "./card-reads.server";
import { createClientPage } from "./client-pages.server";
import { listOwnedCards } from "./ownership.server";
import { renderCardPageHtml } from "./page-html.server";

let t: TestDb;
const config = testConfig("vcard-reach");
const OWNER = "owner-vcard";

/** The links a buyer types in the order form, titled as a paid order titles them (order-card-pages.server.ts). */
const ORDERED: CardLink[] = [
  { platform: "phone", label: "", url: "+44 7700 900341" },
  { platform: "email", label: "", url: "sam@owner.example" },
  { platform: "website", label: "", url: "https://sam.example.com" },
  { platform: "instagram", label: "", url: "https://instagram.com/sam.owner" },
];

async function vcardOf(slug: string) {
  const context = routeContext(t.db, config, undefined as never) as AppLoadContext;
  const res = (await vcardLoader({
    request: new Request(`${config.publicUrl}/card/${slug}/contact.vcf`),
    params: { slug },
    context,
  } as never)) as Response;
  expect(res.status).toBe(200);
  return new ICAL.Component(ICAL.parse(await res.text()));
}

const values = (card: ICAL.Component, name: string) =>
  card.getAllProperties(name).map((p) => String(p.getFirstValue()));

beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(users)
    .values({ id: OWNER, name: "Sam Owner", email: "sam@account.example", emailVerified: true });
  await createClientPage(
    t.db,
    {
      name: "Sam Owner",
      ownerUserId: OWNER,
      titledLinks: ORDERED.map((l) => ({
        title: l.label || PLATFORM_LABELS[l.platform] || l.platform,
        url: linkHref(l),
        icon: l.platform === "email" ? "mail" : l.platform,
      })),
    },
    { announce: false },
  );
});
afterAll(() => t?.close());

describe("a card ordered with a phone", () => {
  it("shows a Phone button, and its vCard has the phone, the e-mail, the website and the social profile", async () => {
    const page = (await getCardPageBySlug(t.db, "sam-owner"))!;
    expect(page.contactPhone).toBeNull();
    const html = renderCardPageHtml(page, {
      publicUrl: config.publicUrl,
      siteName: "TapCard",
      source: "link",
    }).html;
    expect(html).toContain('href="tel:+447700900341"');

    const card = await vcardOf("sam-owner");
    expect(values(card, "tel")).toEqual(["+447700900341"]);
    expect(values(card, "email")).toEqual(["sam@owner.example"]);
    expect(values(card, "url")).toEqual(
      expect.arrayContaining([
        `${config.publicUrl}/sam-owner`,
        "https://sam.example.com/",
        "https://instagram.com/sam.owner",
      ]),
    );
  });

  it("My Cards gives the same phone and e-mail as the page", async () => {
    const [owned] = await listOwnedCards(t.db, OWNER);
    const html = staticHtml(
      createElement(CardProfile, { card: owned!, publicUrl: config.publicUrl }),
      "card-profile-",
    );
    expect(html).not.toMatch(/Phone<\/dt><dd[^>]*>Not on the card/);
    expect(html).not.toMatch(/E-mail<\/dt><dd[^>]*>Not on the card/);
    expect(html).toContain('href="tel:+447700900341"');
    expect(html).toContain("+447700900341");
    expect(html).toContain("sam@owner.example");
  });
});

describe("a card the admin made with a contact phone", () => {
  it("gives one TEL for the phone its Call Us and Mobile buttons both dial", async () => {
    await createClientPage(
      t.db,
      {
        name: "Cafe Owner",
        businessName: "Corner Cafe",
        contactPhone: "+44 20 7946 0000",
        ownerUserId: OWNER,
      },
      { announce: false },
    );
    const card = await vcardOf("corner-cafe");
    expect(values(card, "tel")).toEqual(["+44 20 7946 0000"]);
  });
});
