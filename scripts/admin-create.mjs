// `npm run admin:create -- --email you@example.com --password '...' [--name 'Your Name']`
// Creates an admin account, or makes an existing account an admin with this password.
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale, root } from "./build-if-stale.mjs";

let args;
try {
  args = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  }).values;
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (!args.email || !args.password) {
  console.error(
    "Usage: npm run admin:create -- --email you@example.com --password 'at least 8 characters' [--name 'Name']",
  );
  process.exit(2);
}

buildIfStale({ quiet: true });
const app = await import(path.join(root, "build/server/index.js"));
try {
  const outcome = await app.createAdminAccount({
    root,
    email: args.email,
    password: args.password,
    name: args.name,
  });
  console.warn(`Admin ${args.email} ${outcome}.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
