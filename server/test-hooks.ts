// Endpoints for the browser tests only, mounted when E2E_TEST_HOOKS is set (the configuration refuses it in
// production).
import express from "express";
import { CARD_CACHE_LIMITS, cardPageCache } from "~/server/cards/page-cache.server";
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

  return router;
}
