// One signed POST of a webhook delivery to the address that was checked: no redirects followed, no connection
// reuse, one time limit for the whole exchange.
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { ResolvedAddress } from "./address-guard.server";

/** The header that carries the signature; docs/webhooks.md shows a receiver checking it. */
export const SIGNATURE_HEADER = "Tapcard-Signature";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`, as Stripe signs its events. */
export function signWebhook(secret: string, body: string, timestamp: number) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** `statusCode` null: no HTTP answer at all (time-out, refused connection, unresolvable or refused address). */
export type Outcome =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string };

export function post(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent: false,
      // Connect to the address checked above, whatever the name resolves to now.
      lookup: (_hostname, options, callback) => {
        if (options.all) callback(null, [target]);
        else callback(null, target.address, target.family);
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("response", (response) => {
      const statusCode = response.statusCode ?? 0;
      // The body is not needed; reading it to the end (within the time limit) lets the socket close cleanly.
      response.resume();
      response.on("end", () =>
        finish(
          statusCode >= 200 && statusCode < 300
            ? { ok: true, statusCode }
            : { ok: false, statusCode, error: `answered ${statusCode}` },
        ),
      );
      response.on("error", (error) => finish({ ok: false, statusCode, error: error.message }));
    });
    request.on("error", (error) => finish({ ok: false, statusCode: null, error: error.message }));
    request.end(body);
  });
}
