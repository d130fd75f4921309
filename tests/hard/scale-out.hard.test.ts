// Two app processes (`node server.mjs`, one AUTH_SECRET) on one PostgreSQL behind nginx on 127.0.0.1, round robin,
// as docs/deploy.md runs many: checkouts, order and card numbers, business lists, commissions, rate limits and the
// card page cache stay right whichever process answers. nginx runs unprivileged from a temp folder and logs the
// process that answered each request, so the test can tell that both took part.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import {
  businessLists,
  cardPages,
  emailOutbox,
  orderItemCardPages,
  orderItems,
  orderStatusHistory,
  orders,
  prospects,
  referralCommissions,
  users,
} from "~/db/schema";
import { type AppServer, buildApp, signInAdmin, startApp } from "../support/app-server";
import { startLocalNginx } from "../support/nginx";
import { freePort, type PostgresServer, startPostgres } from "../support/postgres-server";
import { addMultiLinkCard, placeOrder, Visitor } from "../support/visitor";

const CHECKOUTS = 40;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-"));
let postgres: PostgresServer;
let pool: pg.Pool;
let db: ReturnType<typeof drizzle<typeof schema>>;
const apps: AppServer[] = [];
let nginx: ChildProcess | undefined;
let site: string; // nginx's address: PUBLIC_URL of both processes
let adminCookie: string;

/** Starts nginx in front of the apps: plain http, round robin, and an access log naming the upstream. */
async function startNginx(port: number, upstreams: string[]) {
  const { child, errors } = startLocalNginx(
    work,
    `  log_format upstream '$remote_addr $request_method $request_uri $status $upstream_addr';
  access_log ${work}/access.log upstream;
  upstream tapcard_app {
${upstreams.map((u) => `    server ${u};`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://tapcard_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }`,
    { workerConnections: 1024 },
  );
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) throw new Error(`nginx answered ${status}`);
    },
    { timeout: 20_000, interval: 100 },
  );
  return child;
}

interface Logged {
  from: string;
  method: string;
  uri: string;
  status: number;
  upstream: string;
}

/** nginx's access log so far: who asked what, and which process answered. */
function accessLog(): Logged[] {
  return fs
    .readFileSync(path.join(work, "access.log"), "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [from, method, uri, status, upstream] = line.split(" ");
      return { from: from!, method: method!, uri: uri!, status: Number(status), upstream: upstream! };
    });
}

/** The processes that answered the logged requests matching `match`. */
const upstreamsOf = (match: (l: Logged) => boolean) =>
  new Set(
    accessLog()
      .filter(match)
      .map((l) => l.upstream),
  );

/**
 * The process that answered the `nth` logged request matching `match` (1-based): nginx writes a line just after
 * the answer has gone out, so the test waits for it.
 */
function answeredBy(match: (l: Logged) => boolean, nth: number) {
  return vi.waitFor(
    () => {
      const line = accessLog().filter(match)[nth - 1];
      if (!line) throw new Error("not logged yet");
      return line.upstream;
    },
    { timeout: 5_000, interval: 20 },
  );
}

beforeAll(async () => {
  buildApp();
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url("postgres") });
  await admin.connect();
  await admin.query("create database scale");
  await admin.end();
  pool = new pg.Pool({ connectionString: postgres.url("scale"), max: 5 });
  db = drizzle({ client: pool, schema, casing: "snake_case" });

  const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
  site = `http://127.0.0.1:${nginxPort}`;
  const env = (name: string) => ({
    DATABASE_URL: postgres.url("scale"),
    DATA_DIR: path.join(work, name),
    PUBLIC_URL: site,
    AUTH_SECRET: "one-secret-for-both-app-processes-1234567",
    TRUST_PROXY: "1",
    DEMO_DATA: "1",
    BANK_ACCOUNT_NAME: "TapCard Ltd",
    BANK_SORT_CODE: "00-00-00",
    BANK_ACCOUNT_NUMBER: "12345678",
  });
  // One after the other: the first migrates and seeds, the second finds it done.
  apps.push(await startApp(portA, env("a")));
  apps.push(await startApp(portB, env("b")));
  nginx = await startNginx(
    nginxPort,
    apps.map((a) => new URL(a.url).host),
  );
  adminCookie = await signInAdmin(site);
}, 300_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  for (const app of apps) await app.stop();
  // What went wrong inside the processes, if anything did: their error lines, for the report of a failed run.
  const errors = apps.flatMap((a) => a.output().split("\n")).filter((l) => /"level":(50|60)/.test(l));
  if (errors.length) console.warn(errors.slice(0, 20).join("\n"));
  await pool?.end();
  postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A client address of its own per visitor: nginx passes it on, and each one has its own rate limits. */
const address = (block: number, i: number) => `127.0.${block}.${i + 1}`;

/** 'Mark paid' on one process, as the admin, straight to its own port (a form posted there comes from there). */
function markPaid(app: AppServer, orderId: string) {
  return new Visitor(app.url).post(
    "/admin-dashboard/orders",
    { intent: "mark-paid", orderId },
    { Cookie: adminCookie },
  );
}

const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;

describe("two app processes behind nginx", () => {
  const placed: { orderId: string; email: string; referred: boolean }[] = [];

  it(`${CHECKOUTS} checkouts at once from ${CHECKOUTS} addresses: unique order numbers, every order whole`, async () => {
    const results = await Promise.all(
      Array.from({ length: CHECKOUTS }, async (_, i) => {
        const visitor = new Visitor(site, address(1, i));
        // Every other buyer came through a referral link.
        const referred = i % 2 === 0;
        if (referred) expect((await visitor.get("/?ref=SAMTAYLOR")).status).toBe(200);
        // All cards of one name: the pages made on payment race for the same slug.
        await addMultiLinkCard(visitor, "Scale Buyer");
        const email = `scale.buyer.${i}@example.com`;
        const order = await placeOrder(visitor, email, "bank_transfer");
        return { orderId: order.orderId!, email, referred };
      }),
    );
    placed.push(...results);
    await vi.waitFor(() => expect(upstreamsOf((l) => l.uri === "/cart" && l.method === "POST").size).toBe(2));

    const rows = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((p) => p.orderId),
        ),
      );
    expect(rows).toHaveLength(CHECKOUTS);
    expect(new Set(rows.map((o) => o.orderNumber)).size).toBe(CHECKOUTS);
    for (const p of placed) {
      const order = rows.find((o) => o.id === p.orderId)!;
      // A Multi Link card and delivery; a referral takes its discount.
      expect(order).toMatchObject({
        status: "awaiting_payment",
        customerEmail: p.email,
        subtotal: 5000,
        deliveryFee: 999,
        total: p.referred ? 5399 : 5999,
        referrerUserId: p.referred ? expect.any(String) : null,
      });
      expect(order.orderNumber).toMatch(/^WC[1-9]\d{5}$/);
    }
    const items = await db
      .select({ orderId: orderItems.orderId, kind: orderItems.kind, quantity: orderItems.quantity })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          placed.map((p) => p.orderId),
        ),
      );
    expect(items).toHaveLength(CHECKOUTS);
    expect(items.every((i) => i.kind === "multi-link" && i.quantity === 1)).toBe(true);
    const history = await db
      .select({ orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(
        inArray(
          orderStatusHistory.orderId,
          placed.map((p) => p.orderId),
        ),
      );
    expect(history).toHaveLength(CHECKOUTS);
    // Each buyer's payment instructions, once.
    const mails = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          placed.map((p) => p.email),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(placed.map((p) => p.email).sort());
  });

  it("paid on both processes at once: each order paid once, card numbers unique, one commission per referred order", async () => {
    expect(placed).toHaveLength(CHECKOUTS);
    // Two admins press 'Mark paid' for the same order at the same moment, one on each process, for every order at
    // once: 80 requests, far more than the two pools' 20 connections, which they queue for.
    const replies = await Promise.all(placed.flatMap((p) => apps.map((app) => markPaid(app, p.orderId))));
    expect(replies.map((r) => r.status)).toEqual(Array(CHECKOUTS * 2).fill(302));

    const ids = placed.map((p) => p.orderId);
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => o.status)).toEqual(Array(CHECKOUTS).fill("paid"));
    const paidTransitions = await db
      .select({ orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.toStatus, "paid")));
    expect(paidTransitions).toHaveLength(CHECKOUTS);

    const pages = await db
      .select({ orderId: orderItems.orderId, cardNumber: cardPages.cardNumber, slug: cardPages.slug })
      .from(orderItemCardPages)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
      .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
      .where(inArray(orderItems.orderId, ids));
    expect(pages).toHaveLength(CHECKOUTS);
    expect(new Set(pages.map((p) => p.orderId)).size).toBe(CHECKOUTS);
    expect(new Set(pages.map((p) => p.cardNumber)).size).toBe(CHECKOUTS);
    expect(new Set(pages.map((p) => p.slug)).size).toBe(CHECKOUTS);

    const commissions = await db
      .select({ orderId: referralCommissions.orderId, amount: referralCommissions.amount })
      .from(referralCommissions)
      .where(inArray(referralCommissions.orderId, ids));
    expect(commissions.map((c) => c.orderId).sort()).toEqual(
      placed
        .filter((p) => p.referred)
        .map((p) => p.orderId)
        .sort(),
    );
    const confirmations = await n(
      db
        .select({ n: count() })
        .from(emailOutbox)
        .where(
          and(
            inArray(
              emailOutbox.to,
              placed.map((p) => p.email),
            ),
            inArray(
              emailOutbox.subject,
              rows.map((o) => `Order ${o.orderNumber} confirmed`),
            ),
          ),
        ),
    );
    expect(confirmations).toBe(CHECKOUTS);
  });

  it("two business lists of one buyer paid at the same time on different processes share no lead", async () => {
    const buyer = new Visitor(site, address(2, 1));
    const email = "list.buyer@example.com";
    const password = "list-buyer-password-123";
    const registered = await buyer.post("/register", { name: "List Buyer", email, password, terms: "on" });
    expect(registered.status).toBeLessThan(400);
    // Arranged here rather than through the e-mailed link: the account's address counts as verified.
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    expect((await buyer.post("/login", { email, password })).status).toBe(302);
    const [user] = await db.select().from(users).where(eq(users.email, email));

    const type = (await pool.query("select business_type from leads group by business_type limit 1")).rows[0]
      .business_type as string;
    const listOrders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bought = await buyer.post("/dashboard/cold-calling/lists", {
        intent: "buy-list",
        businessType: type,
      });
      expect(bought).toMatchObject({ status: 302, location: "/cart" });
      listOrders.push((await placeOrder(buyer, email, "bank_transfer")).orderId!);
    }
    const [a, b] = apps;
    const answers = await Promise.all([markPaid(a!, listOrders[0]!), markPaid(b!, listOrders[1]!)]);
    expect(answers.map((x) => x.status)).toEqual([302, 302]);

    const lists = await db.select().from(businessLists).where(eq(businessLists.userId, user!.id));
    expect(lists.map((l) => l.businessCount)).toEqual([20, 20]);
    const copied = await db
      .select({ listId: prospects.listId, leadId: prospects.leadId })
      .from(prospects)
      .where(eq(prospects.userId, user!.id));
    expect(copied).toHaveLength(40);
    expect(new Set(copied.map((c) => c.leadId)).size).toBe(40);
    for (const list of lists) expect(copied.filter((c) => c.listId === list.id)).toHaveLength(20);
  });

  it("the 11th failed sign-in from one address is refused whichever process answers; another address is not", async () => {
    const from = address(3, 1);
    const signIn = (i: number, at = from) =>
      new Visitor(site, at).post("/login", { email: `nobody${i}@example.com`, password: "wrong-password" });
    for (let i = 1; i <= 10; i++) {
      const answer = await signIn(i);
      expect(answer.status).not.toBe(429);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await signIn(11)).status).toBe(429);
    expect((await signIn(12)).status).toBe(429);
    // Both processes answered these, so both counted into one limit.
    await vi.waitFor(() => expect(upstreamsOf((l) => l.from === from && l.uri === "/login").size).toBe(2));
    const other = await signIn(13, address(3, 2));
    expect(other.status).not.toBe(429);
    expect(other.status).toBeLessThan(500);
  });

  it("a card page edited through one process is served edited by the other on the next request", async () => {
    const visitor = new Visitor(site, address(4, 1));
    // Cached on both processes.
    for (let i = 0; i < 4; i++) expect((await visitor.get("/wc341")).status).toBe(200);
    await vi.waitFor(() => expect(upstreamsOf((l) => l.uri === "/wc341").size).toBe(2));
    const [card] = await db.select().from(cardPages).where(eq(cardPages.slug, "wc341"));

    const admin = new Visitor(site, "127.0.0.1");
    for (let round = 1; round <= 3; round++) {
      const bio = `Edited through one process, round ${round}, ${Date.now()}`;
      const edited = await admin.post(
        `/admin-dashboard/edit/${card!.id}`,
        {
          name: card!.name,
          businessName: card!.businessName ?? "",
          slug: "wc341",
          bio,
          contactEmail: card!.contactEmail ?? "",
          "links[0].title": "Website",
          "links[0].url": `https://edited-${round}.example.com/`,
          "links[0].icon": "globe",
        },
        { Cookie: adminCookie },
      );
      expect(edited).toMatchObject({ status: 302, location: "/admin-dashboard/cards" });
      const editedBy = await answeredBy((l) => l.uri === `/admin-dashboard/edit/${card!.id}`, round);
      const next = await visitor.get("/wc341");
      const servedBy = await answeredBy((l) => l.uri === "/wc341", 4 + round);
      expect(servedBy).not.toBe(editedBy);
      expect(next.body).toContain(bio);
      // And straight from each process.
      for (const app of apps) expect((await new Visitor(app.url).get("/wc341")).body).toContain(bio);
    }
  });
});
