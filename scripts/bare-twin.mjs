// The card page benchmark's baseline inside the app's own process, for bench:card only: preloaded with
// `node --import ./scripts/bare-twin.mjs server.mjs` and BARE_TWIN_PORT set, it answers every request on a
// listener of its own (loopback only) as a bare Node server does: one writeHead and one end, with the bytes and
// headers that bench:card wrote to BARE_TWIN_DIR (page.html.gz, headers.json) once it had read them from the app.
// In the same process it runs Node's HTTP code in the state the app's own work has left V8 in, so the app against
// it measures what the app's code adds, and nothing of the process's history (docs/benchmarks.md says why). The
// app itself has no such door: production never loads this file.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const port = Number(process.env.BARE_TWIN_PORT);
const dir = process.env.BARE_TWIN_DIR;
if (port && dir) {
  /** Read on the first request after the files exist: the page is created after this process has started. */
  let page = null;
  const load = () => {
    try {
      return {
        body: fs.readFileSync(path.join(dir, "page.html.gz")),
        headers: JSON.parse(fs.readFileSync(path.join(dir, "headers.json"), "utf8")),
      };
    } catch {
      return null;
    }
  };
  http
    .createServer((_req, res) => {
      page ??= load();
      if (!page) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, page.headers);
      res.end(page.body);
    })
    .listen(port, "127.0.0.1")
    .unref();
}
