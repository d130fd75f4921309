// Crash: the built app is killed (SIGKILL) while customers check out, while images are uploaded and while paid
// update requests are applied, on the embedded database and on PostgreSQL; restarted on the same data, it holds
// every answered order whole, no half-written record, no record pointing at a missing image, each change applied
// once, and each queued e-mail delivered once. Figures: docs/reliability.md.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSunkMail, type SunkEmail, startSmtpSink } from "../mocks/smtp-sink.mjs";
import { type AppServer, buildApp, signInAdmin, startApp } from "../support/app-server";
import { freePort, type PostgresServer, startPostgres } from "../support/postgres-server";

const BUYERS = 50;
const UPLOADS = 16;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36";

type Engine = "pglite" | "postgres";
type Row = Record<string, unknown>;

let postgres: PostgresServer | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "crash-hard-"));
/** What each scenario measured, printed at the end for docs/reliability.md. */
const figures: string[] = [];

beforeAll(async () => {
  buildApp();
  postgres = await startPostgres();
});
afterAll(() => {
  postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`\ncrash figures:\n${figures.map((f) => `- ${f}`).join("\n")}`);
});

/** One shop: its data folder (and PostgreSQL database), its SMTP sink, and the app process, started and killed. */
class Shop {
  app: AppServer | undefined;
  readonly dataDir: string;
  readonly sinkDir: string;
  databaseUrl: string | undefined;
  port = 0;
  sink!: Awaited<ReturnType<typeof startSmtpSink>>;
  kills = 0;
  /** Time from spawning the process to /healthz answering: after a kill, and after a clean stop. */
  restartsMs: number[] = [];
  cleanStartsMs: number[] = [];

  constructor(
    readonly engine: Engine,
    readonly name: string,
  ) {
    this.dataDir = path.join(work, `${engine}-${name}`);
    this.sinkDir = path.join(work, `${engine}-${name}-mail`);
  }

  async open() {
    this.sink = await startSmtpSink({ dir: this.sinkDir });
    this.port = await freePort();
    if (this.engine === "postgres") {
      const database = `crash_${this.name.replace(/\W/g, "_")}`;
      const admin = new pg.Client({ connectionString: postgres!.url("postgres") });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      this.databaseUrl = postgres!.url(database);
    }
    await this.start();
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the app on this shop's data; records how long until /healthz answered. */
  async start() {
    const started = performance.now();
    this.app = await startApp(this.port, {
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.databaseUrl,
      PUBLIC_URL: this.url,
      SMTP_URL: this.sink.url,
      MAIL_FROM: "TapCard <orders@tapcard.test>",
      TRUST_PROXY: "1",
      DEMO_DATA: "0",
      BANK_ACCOUNT_NAME: "TapCard Ltd",
      BANK_SORT_CODE: "00-00-00",
      BANK_ACCOUNT_NUMBER: "12345678",
    });
    return performance.now() - started;
  }

  async kill() {
    const child = this.app!.child;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.kills++;
  }

  async restart() {
    this.restartsMs.push(await this.start());
  }

  /** Polls /healthz until no e-mail waits in the outbox (bounded); returns the last report. */
  async outboxDrained(timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    while (Date.now() < deadline) {
      last = await (await fetch(`${this.url}/healthz`)).json();
      if ((last as { outbox?: { pending: number } }).outbox?.pending === 0) return last;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`The outbox did not drain: ${JSON.stringify(last)}`);
  }

  /**
   * Runs queries against the shop's database. The embedded database can be opened by one process only, so the
   * app is stopped first (and started again after).
   */
  async query<T>(
    read: (q: (text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>,
    opts: { thenStart?: boolean } = {},
  ) {
    if (this.engine === "postgres") {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      await client.connect();
      try {
        return await read(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        await client.end();
      }
    }
    await this.app!.stop();
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(path.join(this.dataDir, "db"));
    try {
      return await read(async (text, params) => (await client.query<Row>(text, params)).rows);
    } finally {
      await client.close();
      if (opts.thenStart !== false) this.cleanStartsMs.push(await this.start());
    }
  }

  async close() {
    await this.app?.stop();
    await this.sink.stop();
  }

  /** Every message the sink has written so far (one JSON file each), so nothing depends on this process's memory. */
  mail(): SunkEmail[] {
    return readSunkMail(this.sinkDir);
  }
}

/** A visitor with its own address (the app trusts one proxy) and its own cookies. */
class Visitor {
  private cookie = "";
  constructor(
    private readonly shop: Shop,
    private readonly address: string,
    cookie = "",
  ) {
    this.cookie = cookie;
  }

  async post(pathname: string, body: URLSearchParams | FormData) {
    const response = await fetch(`${this.shop.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: this.shop.url,
        "User-Agent": UA,
        "X-Forwarded-For": this.address,
        Cookie: this.cookie,
      },
      body,
    });
    const set = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
    if (set.length) {
      const jar = new Map(
        [...this.cookie.split("; ").filter(Boolean), ...set].map((c) => [c.split("=")[0]!, c] as const),
      );
      this.cookie = [...jar.values()].join("; ");
    }
    await response.arrayBuffer();
    return response;
  }

  async delivery(email: string) {
    const answer = await this.post(
      "/cart",
      new URLSearchParams({
        intent: "delivery",
        fullName: "Crash Customer",
        email,
        phone: "+44 7700 900123",
        addressLine1: "1 Crash Street",
        city: "London",
        postalCode: "N1 1AA",
        country: "United Kingdom",
      }),
    );
    if (answer.status !== 302) throw new Error(`delivery answered ${answer.status}`);
  }

  /** Places the cart's order by bank transfer; returns the order id from the success page's address. */
  async placeOrder() {
    const placed = await this.post(
      "/cart",
      new URLSearchParams({ intent: "place-order", paymentMethod: "bank_transfer" }),
    );
    const to = placed.headers.get("location") ?? "";
    const id = /^\/payment-success\?order=([0-9a-f-]{36})&/.exec(to)?.[1];
    if (placed.status !== 302 || !id) throw new Error(`place order answered ${placed.status} ${to}`);
    return id;
  }
}

const address = (round: number, n: number) => `10.${round}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** Resolves once `count` of the promises have settled (or all have). */
function afterSettled(promises: Promise<unknown>[], count: number) {
  let settled = 0;
  return new Promise<void>((resolve) => {
    if (promises.length === 0 || count <= 0) resolve();
    for (const p of promises)
      p.finally(() => {
        settled++;
        if (settled >= Math.min(count, promises.length)) resolve();
      }).catch(() => {});
  });
}

/** Resolves once `count` of the requests were stored (answered true), or once all of them have settled. */
function afterStored(requests: Promise<boolean | undefined>[], count: number) {
  let stored = 0;
  let settled = 0;
  return new Promise<void>((resolve) => {
    if (requests.length === 0) resolve();
    for (const request of requests)
      request
        .then((ok) => {
          if (ok) stored++;
        })
        .finally(() => {
          settled++;
          if (stored >= count || settled === requests.length) resolve();
        })
        .catch(() => {});
  });
}

const ms = (times: number[]) => times.map((t) => `${Math.round(t)} ms`).join(", ");

/** Picks a whole number in [min, max]. */
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A card page with an edit password, made through the admin form; returns its number and password. */
async function createCard(shop: Shop, adminCookie: string, slug: string) {
  const created = await fetch(`${shop.url}/admin-dashboard/create`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: shop.url, Cookie: adminCookie },
    body: new URLSearchParams({
      name: "Crash Person",
      businessName: "Crash Test Bakery",
      slug,
      password: "card-edit-password",
      contactEmail: "person@example.com",
      "links[0].title": "Our website",
      "links[0].url": "https://www.example.com/",
      "links[0].icon": "globe",
    }),
  });
  await created.arrayBuffer();
  // The number is given to the admin in the toast, which travels in a cookie.
  const toast = created.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("toast="));
  const raw = decodeURIComponent(toast?.slice("toast=".length) ?? "").split(".")[0] ?? "";
  const text = Buffer.from(raw, "base64").toString("utf8");
  const cardNumber = /card #(WC\d{4})/.exec(text)?.[1];
  if (!cardNumber) throw new Error(`Creating the card answered ${created.status}: ${text}`);
  return cardNumber;
}

/** Distinct photos: random noise, so each encodes to a different file and takes real work to process. */
async function noisePhoto(seed: number) {
  const size = 640;
  const pixels = Buffer.alloc(size * size * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe.each<Engine>(["pglite", "postgres"])("kill -9 on %s", (engine) => {
  it("while 50 customers check out: every answered order whole, none half-written, each e-mail once", async () => {
    const shop = new Shop(engine, "checkout");
    await shop.open();
    try {
      const answered = new Map<string, string>(); // order id -> buyer e-mail
      const rounds = 2;
      let inFlight = 0;
      for (let round = 1; round <= rounds; round++) {
        const killAfter = between(5, 25);
        const buyers = Array.from({ length: BUYERS }, async (_, n) => {
          const email = `buyer-${round}-${n}@example.com`;
          const visitor = new Visitor(shop, address(round, n));
          const added = await visitor.post(
            "/order-card",
            new URLSearchParams({
              intent: "add-card",
              type: "one-link",
              "links[0].platform": "website",
              "links[0].url": `https://buyer-${round}-${n}.example`,
            }),
          );
          if (added.status !== 302) throw new Error(`add to cart answered ${added.status}`);
          await visitor.delivery(email);
          answered.set(await visitor.placeOrder(), email);
        });
        await afterSettled(buyers, killAfter);
        await shop.kill();
        const outcomes = await Promise.allSettled(buyers);
        inFlight += outcomes.filter((o) => o.status === "rejected").length;
        await shop.restart();
      }
      const health = await shop.outboxDrained();
      expect(health).toMatchObject({ status: "ok", database: "ok", outbox: { pending: 0, lagSeconds: 0 } });

      const stored = await shop.query(
        async (q) => ({
          orders: await q(
            `select o.id, o.order_number, o.status, o.customer_email, o.subtotal, o.delivery_fee, o.discount, o.total,
             (select count(*)::int from order_items i where i.order_id = o.id) as items,
             (select coalesce(sum(i.unit_price * i.quantity), 0)::int from order_items i where i.order_id = o.id) as items_sum,
             (select count(*)::int from order_status_history h where h.order_id = o.id) as history
           from orders o`,
          ),
          unsent: await q(`select id from email_outbox where status <> 'sent'`),
        }),
        { thenStart: false },
      );
      const byId = new Map(stored.orders.map((o) => [o.id as string, o]));
      // Every order the customer was told about is there, whole.
      for (const [id, email] of answered) {
        expect(byId.get(id), `answered order ${id}`).toMatchObject({
          customer_email: email,
          status: "awaiting_payment",
        });
      }
      // No order is half-written: items, totals that add up, a number, its first history row.
      for (const o of stored.orders) {
        expect(o.order_number).toMatch(/^WC\d{6}$/);
        expect(o.items).toBeGreaterThan(0);
        expect(o.items_sum).toBe(o.subtotal);
        expect(o.total).toBe((o.subtotal as number) + (o.delivery_fee as number) - (o.discount as number));
        expect(o.history).toBeGreaterThanOrEqual(1);
      }
      expect(stored.unsent).toEqual([]);
      const mail = checkMailOncePerOrder(shop, stored.orders, "received: payment instructions");
      figures.push(
        `${engine}, checkouts: ${rounds} kills during ${BUYERS} checkouts each; ${answered.size} orders answered, ` +
          `${stored.orders.length} stored whole, ${inFlight} customers cut off (no answer); ` +
          `restart to /healthz after the kill ${ms(shop.restartsMs)}; ` +
          `${mail.distinct} payment e-mails, ${mail.resent} sent again after a kill (same Message-ID)`,
      );
    } finally {
      await shop.close();
    }
  });

  it("while images are uploaded: no record points at a missing or partial file", async () => {
    const shop = new Shop(engine, "upload");
    await shop.open();
    try {
      const adminCookie = await signInAdmin(shop.url);
      const cardNumber = await createCard(shop, adminCookie, `crash-upload-${engine}`);
      const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => noisePhoto(i)));
      let answered = 0;
      // Every answer's status ("cut" when the kill cut it off), for the message when nothing was stored.
      const statuses: (number | "cut")[] = [];
      const rounds = 2;
      for (let round = 1; round <= rounds; round++) {
        // Update requests that store the image and a cart line pointing at it, and the admin's uploads; the
        // same photo several times over, so a file already in use is written again while the process dies.
        const requests = Array.from({ length: UPLOADS }, async (_, n) => {
          const photo = photos[n % photos.length]!;
          const form = new FormData();
          form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `p${n}.jpg`);
          if (n % 3 === 2) {
            const visitor = new Visitor(shop, address(round + 10, n), adminCookie);
            const r = await visitor.post("/admin-dashboard/upload-image", form).catch(() => null);
            statuses.push(r?.status ?? "cut");
            if (r?.status === 200) answered++;
            return;
          }
          form.append("cardNumber", cardNumber);
          form.append("name", "Photo Changer");
          form.append("email", `photo-${round}-${n}@example.com`);
          form.append("updateType", "change-image");
          const r = await new Visitor(shop, address(round + 10, n))
            .post("/update-links", form)
            .catch(() => null);
          statuses.push(r?.status ?? "cut");
          if (r?.status === 302) answered++;
          return r?.status === 302;
        });
        // Killed once some of the changes have been stored: they make the records checked below. The admin's
        // uploads (no record, only the file) and the uploads refused at once while the image queue is full
        // (503) settle sooner, so counting those could kill before any record.
        const changes = requests.filter((_, n) => n % 3 !== 2);
        await afterStored(changes, between(1, 3));
        await shop.kill();
        await Promise.allSettled(requests);
        await shop.restart();
      }
      const urls = await shop.query(
        async (q) =>
          (
            await q(
              `select profile_image_url as url from card_pages where profile_image_url is not null
             union all select image from users where image is not null
             union all select details->>'imageUrl' from cart_items where details->>'imageUrl' is not null
             union all select details->>'imageUrl' from order_items where details->>'imageUrl' is not null
             union all select details->>'imageUrl' from update_requests where details->>'imageUrl' is not null`,
            )
          ).map((r) => r.url as string),
        { thenStart: false },
      );
      expect(urls.length, `answers: ${statuses.join(", ")}`).toBeGreaterThan(0);
      const uploads = path.join(shop.dataDir, "uploads");
      for (const url of new Set(urls)) {
        const key = /^\/uploads\/(profiles\/([a-f0-9]{32})\.webp)$/.exec(url);
        expect(key, url).not.toBeNull();
        const webp = fs.readFileSync(path.join(uploads, key![1]!));
        // The name is the hash of the content: a truncated or half-written file would not match it.
        expect(createHash("sha256").update(webp).digest("hex").slice(0, 32)).toBe(key![2]);
        const jpeg = fs.readFileSync(path.join(uploads, `profiles/${key![2]}.jpg`));
        expect((await sharp(jpeg).metadata()).width).toBe(256);
      }
      figures.push(
        `${engine}, uploads: ${rounds} kills during ${UPLOADS} uploads each; ${answered} answered; ` +
          `${new Set(urls).size} stored image paths checked whole; restart to /healthz ${ms(shop.restartsMs)}`,
      );
    } finally {
      await shop.close();
    }
  });

  it("while paid update requests are applied: each change applied whole, once", async () => {
    const shop = new Shop(engine, "apply");
    await shop.open();
    try {
      const adminCookie = await signInAdmin(shop.url);
      const slug = `crash-apply-${engine}`;
      const cardNumber = await createCard(shop, adminCookie, slug);
      const orders: { id: string; url: string }[] = [];
      const ORDERS = 8;
      for (let n = 0; n < ORDERS; n++) {
        const visitor = new Visitor(shop, address(30, n));
        const url = `https://apply-${n}.example/`;
        const added = await visitor.post(
          "/update-links",
          new URLSearchParams({
            cardNumber,
            name: "Link Adder",
            email: `apply-${n}@example.com`,
            updateType: "add-link",
            platform: "Website",
            url,
            editPassword: "card-edit-password",
          }),
        );
        if (added.status !== 302) throw new Error(`update request answered ${added.status}`);
        await visitor.delivery(`apply-${n}@example.com`);
        orders.push({ id: await visitor.placeOrder(), url });
      }
      const admin = new Visitor(shop, "10.40.0.1", adminCookie);
      const markPaid = (id: string) =>
        admin.post("/admin-dashboard/orders", new URLSearchParams({ intent: "mark-paid", orderId: id }));
      const clicks = orders.map((o) => markPaid(o.id));
      await afterSettled(clicks, between(1, 4));
      await shop.kill();
      await Promise.allSettled(clicks);
      const killedAt = new Date();
      await shop.restart();
      // The admin sees orders still awaiting payment and clicks again; for the others it is a replay.
      for (const o of orders) expect((await markPaid(o.id)).status).toBe(302);
      await shop.outboxDrained();

      const stored = await shop.query(
        async (q) => ({
          orders: await q(
            `select o.id, o.order_number, o.status,
             (select count(*)::int from payment_events e where e.order_id = o.id) as events,
             (select count(*)::int from order_status_history h where h.order_id = o.id and h.to_status = 'paid') as paid_rows,
             (select count(*)::int from update_requests u where u.order_id = o.id) as requests,
             (select count(*)::int from update_requests u where u.order_id = o.id and u.status = 'applied') as applied
           from orders o where o.id = any($1::uuid[])`,
            [orders.map((o) => o.id)],
          ),
          paidBeforeKill: await q(
            `select count(*)::int as n from order_status_history where to_status = 'paid' and created_at < $1`,
            [killedAt.toISOString()],
          ),
          links: await q(
            `select l.url from page_links l join card_pages c on c.id = l.card_page_id where c.card_number = $1`,
            [cardNumber],
          ),
        }),
        { thenStart: false },
      );
      for (const o of stored.orders)
        expect(o, `order ${o.order_number}`).toMatchObject({
          status: "paid",
          events: 1,
          paid_rows: 1,
          requests: 1,
          applied: 1,
        });
      const linkUrls = stored.links.map((l) => l.url as string);
      for (const o of orders)
        expect(
          linkUrls.filter((u) => u === o.url),
          o.url,
        ).toHaveLength(1);
      const mail = checkMailOncePerOrder(shop, stored.orders, "confirmed");
      figures.push(
        `${engine}, apply: kill during ${ORDERS} 'Mark paid' clicks; ${stored.paidBeforeKill[0]!.n} paid before the kill, ` +
          `all ${ORDERS} paid once after a second click, each link on the card once; ` +
          `restart after the kill ${ms(shop.restartsMs)}; ` +
          `${mail.distinct} confirmations, ${mail.resent} sent again after the kill (same Message-ID)`,
      );
    } finally {
      await shop.close();
    }
  });
});

/**
 * Each order has exactly one message of the given kind (by its number in the subject), and no message names an
 * order that does not exist. A message the mail server accepted just before the kill, but not yet marked sent,
 * goes out again after the restart with the same Message-ID: counted, and allowed at most once per kill.
 */
function checkMailOncePerOrder(shop: Shop, orders: Row[], subject: string) {
  const numbers = new Set(orders.map((o) => o.order_number as string));
  const ids = new Map<string, Set<string>>();
  let total = 0;
  for (const m of shop.mail()) {
    if (!m.subject.includes(subject)) continue;
    const number = /WC\d{6}/.exec(m.subject)?.[0] ?? "";
    expect(numbers.has(number), `mail for ${number}`).toBe(true);
    expect(m.messageId).toMatch(/^<outbox-\d+-\d+@tapcard\.test>$/);
    if (!ids.has(number)) ids.set(number, new Set());
    ids.get(number)!.add(m.messageId!);
    total++;
  }
  for (const number of numbers) expect(ids.get(number)?.size ?? 0, `messages for ${number}`).toBe(1);
  const resent = total - numbers.size;
  expect(resent).toBeLessThanOrEqual(shop.kills);
  return { distinct: numbers.size, resent };
}
