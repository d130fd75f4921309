// `npm run backup -- [--out ./backups]`: one folder with the database, the uploads and a manifest, taken with the
// server's own configuration (DATA_DIR, DATABASE_URL, ...) while it runs or while it is stopped.
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale, root } from "./build-if-stale.mjs";

let args;
try {
  args = parseArgs({ options: { out: { type: "string", default: "./backups" } } }).values;
} catch (error) {
  console.error(`${error.message}\nUsage: npm run backup -- [--out ./backups]`);
  process.exit(2);
}

buildIfStale({ quiet: true });
const app = await import(path.join(root, "build/server/index.js"));
try {
  const { dir, manifest } = await app.createBackup({
    root,
    outDir: path.resolve(args.out),
    log: (line) => console.warn(line),
  });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.warn(
    `Backup of the ${manifest.database.kind === "pglite" ? "embedded database" : "PostgreSQL database"} written to ${dir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.uploads.files} uploaded files.`,
  );
  process.exit(0);
} catch (error) {
  const known = ["ConfigError", "DatabaseError", "BackupError"].includes(error?.name);
  console.error(known ? error.message : (error?.stack ?? String(error)));
  process.exit(1);
}
