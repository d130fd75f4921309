// Generated bad input for every form and endpoint (app/routes/generated-input.int.test.ts): the field names and
// intents the app's forms read, harvested from its source so new ones are generated too, and fast-check's
// generators of hostile values, bodies of every content type and Stripe events signed but made up.

import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";

// ---- What the app's forms read, harvested from its source so new fields are generated too ----

const APP = path.resolve(__dirname, "../../app");
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const SOURCES = sourceFiles(APP).map((f) => fs.readFileSync(f, "utf8"));
const harvest = (pattern: RegExp) => [
  ...new Set(SOURCES.flatMap((s) => [...s.matchAll(pattern)].map((m) => m[1]!))),
];
/** Field names the forms post and the schemas read. */
export const FIELD_NAMES = [
  ...new Set([
    ...harvest(/\.get(?:All)?\("([\w.[\]-]{1,40})"\)/g),
    ...harvest(/name="([\w.[\]-]{1,40})"/g),
    ...harvest(/^ {2,4}(\w{1,40}): z[.\w]*\(/gm),
  ]),
].sort();
/** Every intent a form handler switches on. */
export const INTENTS = harvest(/case "([\w-]{1,40})":/g).sort();

// ---- Generators ----

const HOSTILE_VALUES = [
  "",
  " ",
  "\u0000",
  "\r\n",
  "\t\b\f\v",
  "\u202e\u200b\ufeff",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "-0.5",
  "true",
  "on",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "../../../etc/passwd",
  "WC0000",
  "WC1234",
  "00000000-0000-4000-8000-000000000000",
  "not-a-uuid",
  "https://example.com",
  "mailto:a@b.c",
  "tel:+440000",
  "a@b.c",
  "😀".repeat(500),
  "'; drop table users; --",
  "%00%0d%0a",
];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
  // Long text: generated as a length so a counter-example shrinks to the shortest that fails.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "<", "\n", "😀"), fc.integer({ min: 1_000, max: 300_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "links[0].url",
      "links[0].title",
      "links[99999999].url",
      "links[-1].url",
      "links[1e9].title",
      "links[].url",
      "a.b.c.d",
      "intent",
    ),
  },
);

/** A missing intent, one the forms know, a random one, or two at once. */
const intentFields = fc.oneof(
  fc.constant<[string, string][]>([]),
  fc.constantFrom(...INTENTS).map((i): [string, string][] => [["intent", i]]),
  fc.string({ maxLength: 20 }).map((i): [string, string][] => [["intent", i]]),
  fc.tuple(fc.constantFrom(...INTENTS), fc.constantFrom(...INTENTS)).map(([a, b]): [string, string][] => [
    ["intent", a],
    ["intent", b],
  ]),
);

const fields = fc
  .tuple(intentFields, fc.array(fc.tuple(key, value), { maxLength: 8 }))
  .map(([intent, rest]) => [...intent, ...rest]);

type FilePart = { file: string; type: string; bytes: string };
const filePart = fc.record({
  file: fc.constantFrom("a.png", "../../evil.png", "x.svg", "", "a\u0000.jpg", "a\r\nb.jpg"),
  type: fc.constantFrom("image/png", "image/svg+xml", "text/html", "application/octet-stream", ""),
  bytes: fc.oneof(
    fc.string({ maxLength: 64 }),
    fc.constantFrom('<svg onload="alert(1)"/>', "\x89PNG\r\n\x1a\n", "\xff\xd8\xff<html>", "GIF89a"),
  ),
});

const JSON_TYPES = ["application/json", "application/json; charset=utf-8"];
const WRONG_TYPES = [
  null,
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded; charset=utf-16",
  "image/png",
  "*/*",
];

export type Body =
  | { kind: "urlencoded"; fields: [string, string][] }
  | { kind: "multipart"; fields: [string, string | FilePart][] }
  | { kind: "json"; contentType: string; text: string }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "signed-event"; text: string };

/** A Stripe event with a valid signature whose content is anything: only the signature proves it is Stripe's. */
const stripeEvent = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc
    .record(
      {
        id: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)),
        object: fc.constant("event"),
        type: fc.oneof(
          fc.constantFrom(
            "checkout.session.completed",
            "checkout.session.async_payment_succeeded",
            "checkout.session.expired",
            "charge.refunded",
          ),
          fc.string({ maxLength: 20 }),
        ),
        data: fc.oneof(
          fc.constant(null),
          fc.record(
            {
              object: fc.oneof(
                fc.constant(null),
                fc.record(
                  {
                    id: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
                    payment_status: fc.constantFrom("paid", "unpaid", 7),
                    amount_total: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)),
                    currency: fc.oneof(fc.constantFrom("gbp", "usd"), fc.integer()),
                    client_reference_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 20 }), fc.integer()),
                    metadata: fc.oneof(
                      fc.constant(null),
                      fc.record({ orderId: fc.oneof(fc.uuid(), fc.integer(), fc.string()) }),
                    ),
                  },
                  { requiredKeys: [] },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    )
    .map((e) => JSON.stringify(e)),
);

export const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: fields.map((f) => ({ kind: "urlencoded" as const, fields: f })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fields, fc.array(fc.tuple(key, filePart), { maxLength: 2 }))
      .map(([f, files]) => ({ kind: "multipart" as const, fields: [...f, ...files] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...JSON_TYPES),
        fc.oneof(
          fc.json(),
          fields.map((f) => JSON.stringify(f)),
        ),
      )
      .map(([contentType, text]) => ({ kind: "json" as const, contentType, text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...WRONG_TYPES),
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constantFrom(
            "%zz&&==&intent=%",
            "a=%E0%A4%A&b",
            "--xyz\r\nContent-Disposition: form-data\r\n\r\n",
          ),
        ),
      )
      .map(([contentType, text]) => ({ kind: "raw" as const, contentType, text })),
  },
  { weight: 1, arbitrary: stripeEvent.map((text) => ({ kind: "signed-event" as const, text })) },
);
