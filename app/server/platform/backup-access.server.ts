// Who may take a copy of the embedded database from the running server: a command on this machine that shows
// a token derived from AUTH_SECRET (docs/decisions/011-backup.md).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "./env.server";

/** The running server answers this with a copy of the embedded database (POST, loopback and token only). */
export const EMBEDDED_BACKUP_PATH = "/__backup/embedded-database";

/** The token the backup command shows the server: derived from AUTH_SECRET, which both read from the same setup. */
export function backupToken(authSecret: string) {
  return createHmac("sha256", authSecret).update("tapcard embedded database backup").digest("base64url");
}

/** Only a command on this machine that knows AUTH_SECRET may take a copy of the database. */
export function mayTakeBackup(
  config: Config,
  remoteAddress: string | undefined,
  authorization: string | undefined,
) {
  const loopback = /^(127\.|::1$|::ffff:127\.)/.test(remoteAddress ?? "");
  const given = Buffer.from((authorization ?? "").slice(0, 200));
  const wanted = Buffer.from(`Bearer ${backupToken(config.authSecret)}`);
  return loopback && given.length === wanted.length && timingSafeEqual(given, wanted);
}
