// `npm run backup` asks the server that holds the embedded database for a copy (docs/decisions/011-backup.md):
// a command on this machine only, with a token derived from AUTH_SECRET; anyone else gets a plain 404.
import express from "express";
import { EMBEDDED_BACKUP_PATH, mayTakeBackup } from "~/server/platform/backup-access.server";
import { requestLog } from "~/server/platform/request-log.server";
import { getRuntime } from "./runtime";

/**
 * The endpoint, matched exactly as the proxy's rule names it: in this case and without a trailing slash, so that
 * no spelling the proxy lets through reaches it.
 */
export function backupEndpoint() {
  const router = express.Router({ caseSensitive: true, strict: true });
  router.post(EMBEDDED_BACKUP_PATH, (req, res) => {
    const { config, database } = getRuntime();
    if (
      database.kind !== "pglite" ||
      !mayTakeBackup(config, req.socket.remoteAddress, req.headers.authorization)
    ) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    database.dump().then(
      async (dump) => {
        res.setHeader("Content-Type", "application/gzip");
        res.setHeader("Cache-Control", "no-store");
        res.end(Buffer.from(await dump.arrayBuffer()));
      },
      (error: unknown) => {
        requestLog(req, getRuntime().logger).error({ err: error }, "embedded database backup failed");
        res.status(500).type("text/plain").send("The backup failed; see the server log");
      },
    );
  });
  return router;
}
