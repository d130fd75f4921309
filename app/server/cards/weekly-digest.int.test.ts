// The weekly digest: last week's taps and link clicks go out once per customer and week to those who asked for
// them, never to those who turned them off, and the e-mail's unsubscribe link works without signing in.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cardPages,
  cardViewsDaily,
  customerPreferences,
  digestSends,
  emailOutbox,
  linkClicksDaily,
  pageLinks,
  users,
} from "~/db/schema";
import * as unsubscribe from "~/routes/site/unsubscribe";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { insertContacts } from "../../../tests/support/contacts";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getNotificationPreferences, unsubscribeToken } from "../accounts/notification-preferences.server";
import { countNewContacts } from "../contacts/contacts.server";
import { loadConfig } from "../platform/env.server";
import { createCardPage } from "./cards.server";
import { previousWeek, sendWeeklyDigests } from "./weekly-digest.server";

let t: TestDb;
let context: AppLoadContext;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "digest-")),
  PUBLIC_URL: "http://shop.test",
  AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters",
});
/** A Wednesday: the week the digest reports is Monday 3 to Sunday 9 March. */
const NOW = new Date("2025-03-12T10:00:00Z");
const opts = {
  shop: "TapCard",
  publicUrl: "http://shop.test",
  authSecret: config.authSecret,
  now: NOW,
  countNewContacts,
};

beforeAll(async () => {
  t = await createTestDb();
  context = routeContext(t.db, config, testAuth(t.db, config));
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(emailOutbox);
  await t.db.delete(users);
  await t.db.delete(cardPages);
});

let seq = 0;
/** A verified customer owning one card with a Website and a Shop link, and the given activity. */
async function owner(
  name: string,
  activity: { views?: [string, "nfc" | "qr" | "link", number][]; clicks?: [string, string, number][] } = {},
) {
  const email = `${name.toLowerCase()}.${++seq}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({ id: crypto.randomUUID(), name, email, emailVerified: true })
    .returning();
  const card = await createCardPage(
    t.db,
    {
      name: `${name} Card`,
      slug: `${name.toLowerCase()}-${seq}`,
      password: "edit-pass-1",
      ownerUserId: user!.id,
      links: [
        { title: "Website", url: "https://example.com", icon: "globe" },
        { title: "Shop", url: "https://shop.example.com", icon: "globe" },
      ],
    },
    { announce: false },
  );
  const links = await t.db.select().from(pageLinks).where(eq(pageLinks.cardPageId, card.id));
  const linkId = (title: string) => links.find((l) => l.title === title)!.id;
  for (const [day, source, count] of activity.views ?? [])
    await t.db.insert(cardViewsDaily).values({ cardPageId: card.id, day, source, count });
  for (const [day, title, count] of activity.clicks ?? [])
    await t.db
      .insert(linkClicksDaily)
      .values({ linkId: linkId(title), cardPageId: card.id, day, source: "nfc", count });
  return { ...user!, card };
}

const busyWeek = {
  views: [
    ["2025-03-03", "nfc", 5],
    ["2025-03-09", "nfc", 2],
    ["2025-03-05", "qr", 3],
    ["2025-03-06", "link", 1],
    // Outside the week: not counted.
    ["2025-03-02", "nfc", 100],
    ["2025-03-10", "qr", 100],
  ] as [string, "nfc" | "qr" | "link", number][],
  clicks: [
    ["2025-03-04", "Shop", 4],
    ["2025-03-07", "Website", 1],
    ["2025-03-11", "Website", 50],
  ] as [string, string, number][],
};

const mailTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe("weekly digest", () => {
  it("reports the Monday-to-Sunday week before the run, in UTC", () => {
    expect(previousWeek(NOW)).toEqual({ start: "2025-03-03", end: "2025-03-09" });
    expect(previousWeek(new Date("2025-03-10T00:00:00Z"))).toEqual({
      start: "2025-03-03",
      end: "2025-03-09",
    });
    expect(previousWeek(new Date("2025-03-09T23:59:59Z"))).toEqual({
      start: "2025-02-24",
      end: "2025-03-02",
    });
  });

  it("sends last week's taps by source and top links to a customer who asked, once however often it runs", async () => {
    const ann = await owner("Ann", busyWeek);
    await t.db.insert(customerPreferences).values({ userId: ann.id, linkClicksDigest: true });

    expect(await sendWeeklyDigests(t.db, opts)).toEqual({ sent: 1, quiet: 0 });
    const [mail, ...more] = await mailTo(ann.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your TapCard weekly digest: 3 March 2025 to 9 March 2025");
    expect(mail!.text).toContain(`Card ${ann.card.cardNumber} (Ann Card)`);
    expect(mail!.text).toContain("11 views: 7 NFC taps, 3 QR code scans, 1 visit from a shared link.");
    expect(mail!.text).toContain("Top links: Shop (4 clicks), Website (1 click).");
    expect(mail!.html).toContain("11 views");

    // A rerun, and two processes at once, send nothing more.
    expect(await sendWeeklyDigests(t.db, opts)).toEqual({ sent: 0, quiet: 0 });
    const both = await Promise.all([sendWeeklyDigests(t.db, opts), sendWeeklyDigests(t.db, opts)]);
    expect(both.reduce((n, r) => n + r.sent, 0)).toBe(0);
    expect(await mailTo(ann.email)).toHaveLength(1);
    // The next week is a new digest.
    await t.db
      .insert(cardViewsDaily)
      .values({ cardPageId: ann.card.id, day: "2025-03-12", source: "qr", count: 2 });
    await sendWeeklyDigests(t.db, { ...opts, now: new Date("2025-03-17T09:00:00Z") });
    expect(await mailTo(ann.email)).toHaveLength(2);
  });

  it("sends each customer one digest when two processes run the job at the same time", async () => {
    const people = await Promise.all(["Cat", "Dan", "Eve", "Fay", "Gus"].map((n) => owner(n, busyWeek)));
    const results = await Promise.all([sendWeeklyDigests(t.db, opts), sendWeeklyDigests(t.db, opts)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(5);
    for (const p of people) expect(await mailTo(p.email)).toHaveLength(1);
    expect(await t.db.select().from(digestSends)).toHaveLength(5);
  });

  it("sends nothing to a customer who turned the digests or all e-mail off, owns no card, or had a quiet week", async () => {
    const on = await owner("On", busyWeek);
    const digestsOff = await owner("Off", busyWeek);
    await t.db
      .insert(customerPreferences)
      .values({ userId: digestsOff.id, cardTapsDigest: false, linkClicksDigest: false });
    const mailOff = await owner("Mute", busyWeek);
    await t.db
      .insert(customerPreferences)
      .values({ userId: mailOff.id, emailNotifications: false, linkClicksDigest: true });
    const quiet = await owner("Quiet");
    // Only link clicks wanted, and none happened, although the card was viewed.
    const noClicks = await owner("Views", { views: busyWeek.views });
    await t.db
      .insert(customerPreferences)
      .values({ userId: noClicks.id, cardTapsDigest: false, linkClicksDigest: true });
    const [cardless] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "No Card", email: "nocard@example.com", emailVerified: true })
      .returning();

    expect(await sendWeeklyDigests(t.db, opts)).toEqual({ sent: 1, quiet: 2 });
    expect(await mailTo(on.email)).toHaveLength(1);
    for (const who of [digestsOff, mailOff, quiet, noClicks, cardless!])
      expect(await mailTo(who.email)).toEqual([]);
    // Only the card taps digest is on: no link lines.
    expect((await mailTo(on.email))[0]!.text).not.toContain("Top links");
  });

  it("counts the contacts shared with the owner in the week, even when the cards had a quiet week", async () => {
    const kim = await owner("Kim");
    await insertContacts(t.db, kim.id, [
      { name: "Monday Morning", cardPageId: kim.card.id, createdAt: new Date("2025-03-03T00:00:00Z") },
      { name: "Sunday Night", cardPageId: kim.card.id, createdAt: new Date("2025-03-09T23:59:59Z") },
      // The Sunday before and the Monday after: other weeks.
      { name: "Too Early", cardPageId: kim.card.id, createdAt: new Date("2025-03-02T23:59:59Z") },
      { name: "Too Late", cardPageId: kim.card.id, createdAt: new Date("2025-03-10T00:00:00Z") },
    ]);
    const busy = await owner("Lou", busyWeek);
    await insertContacts(t.db, busy.id, [
      { name: "One Person", createdAt: new Date("2025-03-05T12:00:00Z") },
    ]);

    expect(await sendWeeklyDigests(t.db, opts)).toEqual({ sent: 2, quiet: 0 });
    const [kimMail] = await mailTo(kim.email);
    expect(kimMail!.text).toContain(
      "2 new contacts shared their details with you: http://shop.test/dashboard/contacts",
    );
    const [louMail] = await mailTo(busy.email);
    expect(louMail!.text).toContain("1 new contact shared their details with you");
    expect(louMail!.text).toContain("11 views: 7 NFC taps");
  });

  it("turns the digests off from the e-mail's link without a session; a forged link is refused", async () => {
    const ann = await owner("Ann", busyWeek);
    await t.db.insert(customerPreferences).values({ userId: ann.id, marketingUpdates: true });
    await sendWeeklyDigests(t.db, opts);
    const [mail] = await mailTo(ann.email);
    const link = mail!.text.match(/http:\/\/shop\.test\/unsubscribe\?token=\S+/)![0];
    const token = new URL(link).searchParams.get("token")!;
    expect(token).toBe(unsubscribeToken(config.authSecret, ann.id));

    // Opening the link (as a mail scanner would) only asks.
    const page = await answer(unsubscribe.loader, getRequest(link), context);
    expect(page).toMatchObject({ status: 200, data: { state: "ask", email: ann.email } });
    expect((await getNotificationPreferences(t.db, ann.id)).cardTapsDigest).toBe(true);

    // Forged: another account's id with Ann's signature, a made-up signature, a signature from another secret.
    const other = await owner("Bob", busyWeek);
    const forged = [
      `${other.id}.${token.split(".").at(-1)}`,
      `${ann.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      unsubscribeToken("another-secret-that-is-at-least-32-characters", ann.id),
      "x".repeat(10_000),
    ];
    for (const bad of forged) {
      const url = `http://shop.test/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect((await answer(unsubscribe.loader, getRequest(url), context)).status).toBe(400);
      const post = await answer(
        unsubscribe.action,
        postRequest(url, { intent: "unsubscribe", token: bad }),
        context,
      );
      expect(post.status).toBe(400);
    }
    expect((await getNotificationPreferences(t.db, ann.id)).cardTapsDigest).toBe(true);
    expect((await getNotificationPreferences(t.db, other.id)).cardTapsDigest).toBe(true);

    const done = await answer(
      unsubscribe.action,
      postRequest(link, { intent: "unsubscribe", token }),
      context,
    );
    expect(done).toMatchObject({ status: 200, data: { unsubscribed: true } });
    expect(await getNotificationPreferences(t.db, ann.id)).toEqual({
      emailNotifications: true,
      cardTapsDigest: false,
      linkClicksDigest: false,
      marketingUpdates: true,
      newContactEmails: true,
    });

    // The next week's run sends Bob his digest, and Ann none.
    await t.db.delete(emailOutbox);
    const nextWeek = { ...opts, now: new Date("2025-03-19T09:00:00Z") };
    for (const who of [ann, other])
      await t.db
        .insert(cardViewsDaily)
        .values({ cardPageId: who.card.id, day: "2025-03-11", source: "nfc", count: 1 });
    expect(await sendWeeklyDigests(t.db, nextWeek)).toEqual({ sent: 1, quiet: 0 });
    expect(await mailTo(ann.email)).toEqual([]);
    expect(await mailTo(other.email)).toHaveLength(1);
  });
});
