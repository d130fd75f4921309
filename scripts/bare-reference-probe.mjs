// The card benchmark's reference inside the app's own process: preloaded with
// `node --import ./scripts/bare-reference-probe.mjs server.mjs` and BARE_REFERENCE_DIR set, it answers
// GET /bench-bare-in-app with the bytes and headers of `page.html.gz` and `headers.json` in that folder, as the
// bare Node reference does, before the app sees the request. The app's process (its modules, heap, embedded
// database, timers and asynchronous-context hooks) is then measured apart from the app's own code. The app itself
// has no such door: production never loads this file.
// GET /bench-context-hooks tells whether Node's asynchronous-context hooks are on in the process at that moment.
import { executionAsyncResource } from "node:async_hooks";
import fs from "node:fs";
import { beforeApp } from "../tests/fixtures/before-app.mjs";

const PATH = "/bench-bare-in-app";
const HOOKS_PATH = "/bench-context-hooks";
const dir = process.env.BARE_REFERENCE_DIR;
let page;

beforeApp((req, res) => {
  if (!dir) return false;
  if (req.url === HOOKS_PATH) {
    answerHooksOn(res);
    return true;
  }
  if (req.url !== PATH) return false;
  page ??= {
    body: fs.readFileSync(`${dir}/page.html.gz`),
    headers: JSON.parse(fs.readFileSync(`${dir}/headers.json`, "utf8")),
  };
  res.writeHead(200, page.headers);
  res.end(page.body);
  return true;
});

/**
 * With the hooks on, a promise's reaction runs as that promise's resource. The same check as `contextHooksOn` in
 * server/context-hooks.ts, written again here because this preload runs before, and apart from, the built app.
 */
function answerHooksOn(res) {
  Promise.resolve().then(() => res.end(JSON.stringify({ on: executionAsyncResource() instanceof Promise })));
}
