// The Node the scripts run on: printed first, and refused below the major version in package.json's `engines`
// (a system Node found before the pinned one in node_modules/.bin would otherwise run the app unnoticed).
import fs from "node:fs";

const engines = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const wanted = Number(/\d+/.exec(engines)?.[0]);

/** Prints `<what> on Node vX.Y.Z (path)`; exits when this Node is older than `engines` asks. */
export function announceNode(what) {
  console.log(`${what} on Node ${process.version} (${process.execPath})`);
  if (Number(process.versions.node.split(".")[0]) >= wanted) return;
  console.error(
    `package.json asks for Node ${engines}: run \`npm install\` to get the pinned Node in node_modules/.bin, then use the npm scripts (npm start, npm test), which run it.`,
  );
  process.exit(1);
}
