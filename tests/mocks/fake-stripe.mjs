// A small fake of the Stripe API over real HTTP, for tests: Checkout Sessions (create, retrieve, expire), a
// hosted payment page on its own host, refunds of a paid session's payment (with idempotency keys, as Stripe
// answers them), and webhooks signed with the real scheme (stripe.webhooks).
// Run directly: node tests/mocks/fake-stripe.mjs PORT  (env FAKE_STRIPE_WEBHOOK_URL, FAKE_STRIPE_WEBHOOK_SECRET)
import { randomBytes } from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

const stripe = new Stripe("sk_test_fake");

/** Parses Stripe's form encoding (a[b][0][c]=1) into nested objects and arrays. */
export function parseStripeForm(body) {
  const out = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

/** Posts a signed checkout.session.completed (or another type) event for a session to the app's webhook. */
export async function sendWebhook({
  webhookUrl,
  secret,
  session,
  type = "checkout.session.completed",
  eventId,
}) {
  const event = {
    id: eventId ?? `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    type,
    api_version: "2024-06-20",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  };
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return { status: response.status, body: await response.text(), event };
}

/**
 * @param {{ port?: number, webhookUrl?: string, webhookSecret?: string }} opts
 */
export async function startFakeStripe(opts = {}) {
  const sessions = new Map();
  /** Payment intents of paid sessions: id -> { amount, refunded }. */
  const payments = new Map();
  /** Every refund made, in order. */
  const refunds = [];
  /** Idempotency key -> the answer given, replayed for a repeated request as Stripe does. */
  const idempotent = new Map();
  /** Every webhook the payment page sent, with the app's answer, so a test can deliver one again. */
  const deliveries = [];
  let base = "";
  const json = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = (req) =>
    new Promise((resolve) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => resolve(data));
    });

  /** POST /v1/refunds: the rest of a payment intent's amount (or `amount`), refused once nothing is left. */
  const refund = (p) => {
    const payment = payments.get(p.payment_intent);
    if (!payment)
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${p.payment_intent}'`,
          },
        },
      ];
    const left = payment.amount - payment.refunded;
    if (left <= 0)
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${p.payment_intent} has already been refunded.`,
          },
        },
      ];
    const amount = p.amount ? Math.min(Number(p.amount), left) : left;
    payment.refunded += amount;
    const made = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      currency: "gbp",
      payment_intent: p.payment_intent,
      reason: p.reason ?? null,
      status: "succeeded",
      metadata: p.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(made);
    return [200, made];
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const body = req.method === "POST" ? await readBody(req) : "";
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (!/^Bearer sk_/.test(req.headers.authorization ?? ""))
        return json(res, 401, { error: { message: "No API key" } });
      const p = parseStripeForm(body);
      const items = p.line_items ?? [];
      const amount = items.reduce(
        (sum, li) => sum + Number(li.price_data?.unit_amount ?? 0) * Number(li.quantity ?? 1),
        0,
      );
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        mode: p.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: items[0]?.price_data?.currency ?? "gbp",
        customer_email: p.customer_email ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        line_items: items,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        url: `${base}/pay/${id}`,
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      if (!/^Bearer sk_/.test(req.headers.authorization ?? ""))
        return json(res, 401, { error: { message: "No API key" } });
      const key = req.headers["idempotency-key"];
      if (key && idempotent.has(key)) {
        const [status, answer] = idempotent.get(key);
        res.setHeader("Idempotent-Replayed", "true");
        return json(res, status, answer);
      }
      const answer = refund(parseStripeForm(body));
      if (key) idempotent.set(key, answer);
      return json(res, ...answer);
    }
    if (url.pathname === "/__refunds") return json(res, 200, refunds);
    let m = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(url.pathname);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return json(res, 404, { error: { message: "No such checkout.session" } });
      if (m[2] && req.method === "POST") {
        if (session.status === "open") session.status = "expired";
        return json(res, 200, session);
      }
      return json(res, 200, session);
    }
    if (url.pathname === "/__sessions") return json(res, 200, [...sessions.values()]);
    m = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return json(res, 404, { error: { message: "No such checkout.session" } });
      if (req.method === "POST") {
        // Pay: the session completes, Stripe tells the app by webhook, then sends the customer back.
        session.status = "complete";
        session.payment_status = "paid";
        session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
        payments.set(session.payment_intent, { amount: session.amount_total, refunded: 0 });
        if (opts.webhookUrl && opts.webhookSecret)
          deliveries.push(
            await sendWebhook({
              webhookUrl: opts.webhookUrl,
              secret: opts.webhookSecret,
              session: { ...session },
            }),
          );
        res.writeHead(303, { Location: session.success_url });
        return res.end();
      }
      const pounds = (session.amount_total / 100).toFixed(2);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><title>Test checkout</title></head><body>
<main><h1>Test checkout</h1><p>Amount due: £${pounds}</p>
<form method="post"><button type="submit">Pay £${pounds}</button></form>
<p><a href="${session.cancel_url}">Cancel and go back</a></p></main></body></html>`);
    }
    json(res, 404, { error: { message: `Unknown path ${url.pathname}` } });
  });
  await new Promise((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = server.address().port;
  base = `http://127.0.0.1:${port}`;
  return {
    port,
    url: base,
    sessions,
    refunds,
    deliveries,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 12111);
  const fake = await startFakeStripe({
    port,
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET,
  });
  console.log(`fake Stripe API on ${fake.url}`);
}
