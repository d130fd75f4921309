// `npm run restore -- <backup folder> [--force]`: puts a backup into the configured database and DATA_DIR/uploads.
// Refuses a target that holds data unless --force (which moves the old embedded database and uploads aside), and
// refuses while a server holds the embedded database.
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale, root } from "./build-if-stale.mjs";

let parsed;
try {
  parsed = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
} catch (error) {
  parsed = { error };
}
if (parsed.error || parsed.positionals.length !== 1) {
  if (parsed.error) console.error(parsed.error.message);
  console.error("Usage: npm run restore -- <backup folder> [--force]");
  process.exit(2);
}

buildIfStale({ quiet: true });
const app = await import(path.join(root, "build/server/index.js"));
try {
  const { manifest, counts } = await app.restoreBackup({
    root,
    from: path.resolve(parsed.positionals[0]),
    force: parsed.values.force,
    log: (line) => console.warn(line),
  });
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.warn(
    `Restored the backup of ${manifest.createdAt}: ${Object.keys(counts).length} tables and ${rows} rows, as its manifest lists, and ${manifest.uploads.files} uploaded files.`,
  );
  process.exit(0);
} catch (error) {
  const known = ["ConfigError", "DatabaseError", "BackupError"].includes(error?.name);
  console.error(known ? error.message : (error?.stack ?? String(error)));
  process.exit(1);
}
