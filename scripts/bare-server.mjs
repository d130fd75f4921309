// The card page benchmark's bare Node server, for bench:card only: one writeHead and one end per request, with the
// card's gzip bytes that bench:card wrote to BARE_DIR (page.html.gz), on 127.0.0.1:BARE_PORT. At
// /bench-card-headers it sends the app's own response headers (headers.json, the budget's baseline); anywhere else
// the fewest a browser needs. bench:card runs it twice: in a process of its own (`node scripts/bare-server.mjs`),
// and preloaded into each measured app process (`node --import ./scripts/bare-server.mjs server.mjs`), where Node's
// HTTP code runs in the state the app's own work has left V8 in, so the app against it measures what the app's code
// adds (docs/decisions/028-card-baseline-in-process.md). Production never loads this file.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const port = Number(process.env.BARE_PORT);
const dir = process.env.BARE_DIR;
if (port && dir) {
  /** Read on the first request that finds the files: in the app's process, the page is made after it starts. */
  let page = null;
  const load = () => {
    try {
      const body = fs.readFileSync(path.join(dir, "page.html.gz"));
      return {
        body,
        appHeaders: JSON.parse(fs.readFileSync(path.join(dir, "headers.json"), "utf8")),
        fewest: [
          "Content-Type",
          "text/html; charset=utf-8",
          "Content-Length",
          String(body.length),
          "Content-Encoding",
          "gzip",
        ],
      };
    } catch {
      return null;
    }
  };
  http
    .createServer((req, res) => {
      page ??= load();
      if (!page) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, req.url === "/bench-card-headers" ? page.appHeaders : page.fewest);
      res.end(page.body);
    })
    .listen(port, "127.0.0.1");
}
