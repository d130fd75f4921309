import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test } from "vitest";
import { expressShapedClasses } from "./express-shaped.mjs";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * An app shaped as server.mjs has it (a router mounted in one Express app, a handler before Express), on a server
 * made with or without the classes. Resolves to its origin and, per answered request, whether Express changed the
 * request's or the response's prototype.
 */
async function serve(shaped: boolean) {
  const app = express();
  app.set("trust proxy", 1);
  const router = express.Router();
  router.get("/who", (req, res) => {
    res.json({ ip: req.ip, query: req.query, isThisApp: req.app === app });
  });
  app.use(router);
  const changed: boolean[] = [];
  const options = shaped ? expressShapedClasses(app) : {};
  const server = http.createServer(options, (req, res) => {
    const born = [Object.getPrototypeOf(req), Object.getPrototypeOf(res)];
    res.on("finish", () => {
      changed.push(Object.getPrototypeOf(req) !== born[0] || Object.getPrototypeOf(res) !== born[1]);
    });
    if (req.url === "/before-express") res.end("answered before Express");
    else app(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, changed };
}

async function visit(origin: string) {
  const before = await fetch(`${origin}/before-express`);
  expect(await before.text()).toBe("answered before Express");
  const who = await fetch(`${origin}/who?page=2`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
  const missing = await fetch(`${origin}/nowhere`);
  return { who: await who.json(), missing: missing.status };
}

test("Express handles requests born with its shape without changing their prototypes", async () => {
  const { origin, changed } = await serve(true);
  const { who, missing } = await visit(origin);
  // Express's own features read the app from the prototype: the trusted proxy's client, the query, the app.
  expect(who).toEqual({ ip: "203.0.113.7", query: { page: "2" }, isThisApp: true });
  expect(missing).toBe(404);
  await expect.poll(() => changed.length).toBe(3);
  expect(changed).toEqual([false, false, false]);
});

test("without the classes Express changes the prototype of each request it handles", async () => {
  const { origin, changed } = await serve(false);
  const { who } = await visit(origin);
  expect(who).toEqual({ ip: "203.0.113.7", query: { page: "2" }, isThisApp: true });
  await expect.poll(() => changed.length).toBe(3);
  // The request answered before Express keeps Node's prototypes; the two Express handled do not.
  expect(changed).toEqual([false, true, true]);
});
