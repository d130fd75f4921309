// Endpoints for the browser tests only, mounted when E2E_TEST_HOOKS is set (the configuration refuses it in
// production).
import { desc, eq } from "drizzle-orm";
import express from "express";
import { cardPages, exchangedContacts, users } from "~/db/schema";
import { CARD_CACHE_LIMITS } from "~/server/cards/card-entries.server";
import { cardPageCache } from "~/server/cards/page-cache.server";
import { getRuntime, runWeeklyDigests } from "./runtime";

export function testHooks() {
  const router = express.Router();

  // The card cache's size, to prove it stays bounded.
  router.get("/__test/card-cache", (_req, res) => {
    res.json({ size: cardPageCache.size(), limits: CARD_CACHE_LIMITS });
  });

  // Runs the weekly digest job now instead of waiting for the hourly round; `now` picks the week.
  router.post("/__test/weekly-digests", (req, res, next) => {
    const runtime = getRuntime();
    const now = typeof req.query.now === "string" ? new Date(req.query.now) : new Date();
    if (Number.isNaN(now.getTime())) {
      res.status(400).type("text/plain").send("now must be a date");
      return;
    }
    runWeeklyDigests(runtime.database.db, runtime.config, runtime.outbox, now).then(
      (result) => res.json(result),
      next,
    );
  });

  // Contacts shared with a customer, as the card page's form would leave them: on their newest card unless
  // `card` is false, `minutesAgo` apart. The form itself is tested on its own.
  router.post("/__test/contacts", express.json({ limit: "64kb" }), (req, res, next) => {
    const body = req.body as {
      ownerEmail?: unknown;
      contacts?: {
        name: string;
        email?: string;
        phone?: string;
        company?: string;
        jobTitle?: string;
        note?: string;
        source?: "nfc" | "qr" | "link";
        minutesAgo?: number;
        card?: boolean;
        /** Shared over the card's daily cap: held for the owner's review. */
        held?: boolean;
      }[];
    };
    if (typeof body?.ownerEmail !== "string" || !Array.isArray(body.contacts)) {
      res.status(400).type("text/plain").send("ownerEmail and contacts are required");
      return;
    }
    const { db } = getRuntime().database;
    const ownerEmail = body.ownerEmail;
    const contacts = body.contacts;
    (async () => {
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
      if (!owner) return res.status(404).type("text/plain").send("No such account");
      const [card] = await db
        .select({ id: cardPages.id, organizationId: cardPages.organizationId })
        .from(cardPages)
        .where(eq(cardPages.ownerUserId, owner.id))
        .orderBy(desc(cardPages.createdAt))
        .limit(1);
      const rows = contacts.map((c) => {
        const at = new Date(Date.now() - (c.minutesAgo ?? 0) * 60_000);
        return {
          ownerUserId: owner.id,
          cardPageId: c.card === false ? null : (card?.id ?? null),
          organizationId: c.card === false ? null : (card?.organizationId ?? null),
          name: c.name,
          email: c.email ?? null,
          phone: c.phone ?? null,
          company: c.company ?? null,
          jobTitle: c.jobTitle ?? null,
          note: c.note ?? null,
          source: c.source ?? ("nfc" as const),
          consentedAt: at,
          createdAt: at,
          heldForReview: c.held ?? false,
        };
      });
      const made = rows.length
        ? await db.insert(exchangedContacts).values(rows).returning({ id: exchangedContacts.id })
        : [];
      return res.json({ ids: made.map((m) => m.id) });
    })().catch(next);
  });

  return router;
}
