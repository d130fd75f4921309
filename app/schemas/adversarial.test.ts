// Every form schema, and every helper that runs patterns on posted text, stays fast whatever is posted, without a
// clock: no pattern in the app's code repeats a part that itself repeats (the shape that backtracks), read from the
// source; and each schema refuses an over-long field by its length alone, so no pattern or check behind the cap
// reports on it. The schemas are found by enumerating the modules of this folder, so a new schema is covered
// without touching this file.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "~/schemas/zod";
import { linkUrlProblem } from "~/utils/card-links";
import { normalizeSlug, SLUG_INPUT_MAX_LENGTH, slugFromName, slugProblem } from "~/utils/slug";
import { appSourceFiles, hasNestedRepeat, patternLiterals } from "../../tests/support/patterns";
import { cardItemFromForm } from "./cart";
import { MESSAGE_MAX_LENGTH } from "./contact";
import { editMultiLinkDraft, linkProblem } from "./link-rules";
import { normaliseCardNumber } from "./update-request-options";

/** Far past every cap: without a clock, a larger input would prove nothing more. */
const SIZE = 64 * 1024;

/** Strings that make naive patterns backtrack, or that slip past checks which only look at the start. */
function adversarialStrings(size: number): [string, string][] {
  const fill = (unit: string, prefix = "", suffix = "") =>
    prefix + unit.repeat(Math.ceil((size - prefix.length - suffix.length) / unit.length)) + suffix;
  return [
    ["'a@' repeated", fill("a@")],
    ["'a@' then dots then '@'", fill(".", "a@", "@")],
    ["'a@' then 'a.' runs then '@'", fill("a.", "a@", "@")],
    ["dots", fill(".")],
    ["spaces around a letter", fill(" ", "", "a")],
    ["spaces then a comma", fill(" ", "x", ",")],
    ["tabs and newlines", fill("\t\n")],
    ["'<' runs", fill("<")],
    ["'&#' runs", fill("&#")],
    ["an entity that never closes", fill("a", "&#")],
    ["http:// then 'a.' runs", fill("a.", "http://")],
    ["https:// then 'a.' runs, then a bad character", fill("a.", "https://", "!")],
    ["mailto: then 'a@' runs", fill("a@", "mailto:")],
    ["tel: then digits then a letter", fill("1 ", "tel:+", "x")],
    ["digits then a letter", fill("1", "+", "x")],
    ["WC then digits", fill("1", "WC")],
    ["hyphens", fill("-")],
    ["accented letters", fill("é")],
    ["emoji", fill("😀")],
    ["zero-width spaces", fill("\u200b")],
    ["an /uploads/ path that never ends", fill("a/", "/uploads/profiles/")],
  ];
}

/** What the longest text field may hold (the contact form's message): anything longer is over every cap. */
const LONGEST_FIELD = MESSAGE_MAX_LENGTH;

/** A pattern or a refinement reported: it ran on the field's text. */
const RAN_ON_TEXT = new Set(["invalid_format", "custom"]);

/**
 * What a schema said of an input that is `SIZE` characters in its text fields: a pattern or refinement that
 * reported on a field refused for its length, or a pattern that reported on a field longer than any cap, means a
 * check ran on the over-long text. Whitespace that trimming removes leaves a short field, and checks on it are fine.
 */
function problemsOf(label: string, input: unknown, result: { error?: { issues: z.core.$ZodIssue[] } }) {
  const perField = new Map<string, { path: PropertyKey[]; codes: string[] }>();
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join(".");
    const field = perField.get(key) ?? { path: issue.path, codes: [] };
    field.codes.push(issue.code);
    perField.set(key, field);
  }
  return [...perField.values()]
    .filter(({ path, codes }) => {
      const value = path.reduce<unknown>(
        (v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k],
        input,
      );
      const long = typeof value === "string" && value.trim().length > LONGEST_FIELD;
      // A field refused for its length must get no other report; a field with no cap must meet no pattern.
      return codes.includes("too_big")
        ? codes.some((c) => RAN_ON_TEXT.has(c))
        : long && codes.includes("invalid_format");
    })
    .map(({ path, codes }) => `${label}: ${path.join(".") || "(form)"} got ${codes.join(", ")}`);
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Inputs that put `text` in every string field. Enums and literals take each of their values in turn (one
 * field at a time), so refinements that depend on a choice (the update type, the contact subject) run too.
 */
function inputsFor(schema: z.ZodType, text: string): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case "pipe":
      return inputsFor(def.in!, text);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return inputsFor(def.innerType!, text);
    case "enum":
      return Object.values(def.entries!);
    case "literal":
      return def.values!;
    case "union":
      return def.options!.flatMap((o) => inputsFor(o, text));
    case "array":
      return inputsFor(def.element!, text).map((v) => [v, v]);
    case "object": {
      const fields = Object.entries(def.shape!).map(([key, field]) => [key, inputsFor(field, text)] as const);
      const base = Object.fromEntries(fields.map(([key, values]) => [key, values[0]]));
      const variants = fields.flatMap(([key, values]) => values.slice(1).map((v) => ({ ...base, [key]: v })));
      return [base, ...variants];
    }
    default:
      return [text];
  }
}

const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace("./", "")} ${name}`, schema })),
);

describe("the check for patterns that can backtrack", () => {
  it("flags a repeat of a repeat, and passes one whose rounds a character fixes", () => {
    const flagged = ["(a+)+$", "^(\\w+\\s?)*$", "(.*\\.)+x", "(?:-[a-z-]+)*!", "(a?b+)*c"].filter(
      hasNestedRepeat,
    );
    const linear = [
      "^[a-z0-9]+(?:-[a-z0-9]+)*$",
      "([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z]{2,}$",
      "((a+)b)+",
      "(ab)+",
    ];
    expect(flagged).toHaveLength(5);
    expect(linear.filter(hasNestedRepeat)).toEqual([]);
  });
});

describe("form schemas under adversarial input", () => {
  it("finds the schemas of every module", () => {
    const names = schemas.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "update-request.ts UpdateRequestSchema",
        "checkout.ts DeliverySchema",
        "card-page.ts CreateCardPageSchema",
        "cart.ts CardItemSchema",
        "contact.ts ContactSchema",
        "auth.ts RegisterSchema",
      ]),
    );
  });

  for (const { name, schema } of schemas) {
    it(`${name}: refuses an over-long field by its length alone`, () => {
      const problems: string[] = [];
      for (const [label, text] of adversarialStrings(SIZE))
        for (const input of inputsFor(schema, text))
          problems.push(...problemsOf(`${SIZE} characters of ${label}`, input, schema.safeParse(input)));
      expect(problems).toEqual([]);
    });
  }
});

/** Configuration read once at start from the environment, never posted text. */
const NOT_POSTED = ["app/server/platform/env.server.ts"];

describe("the app's patterns", () => {
  it("include none that repeats a part that itself repeats, in any module of the app", () => {
    const app = path.resolve(import.meta.dirname, "..");
    const files = appSourceFiles(app).filter((f) => !NOT_POSTED.some((n) => f.endsWith(n)));
    const patterns = files.flatMap((f) => patternLiterals(fs.readFileSync(f, "utf8")));
    // The scan finds the app's patterns at all (a broken scan would find none and pass).
    expect(patterns.length).toBeGreaterThan(100);
    expect(patterns.filter(hasNestedRepeat)).toEqual([]);
  });
});

const LINK_FIELDS = ["instagram", "tiktok", "twitter", "facebook", "website", "whatsapp", "phone", "email"];
const PLATFORMS = ["instagram", "website", "whatsapp", "phone", "phone-call", "email", "custom"];

/** The order form as an attacker might post it: every value and some key names made of `text`. */
function orderForm(text: string, type: string, platform: string) {
  const form = new FormData();
  form.append("type", type);
  for (const key of ["name", "bio", "url", ...LINK_FIELDS]) form.append(key, text);
  form.append("platform", platform);
  for (const i of [0, 1]) {
    form.append(`links[${i}].platform`, platform);
    form.append(`links[${i}].name`, text);
    form.append(`links[${i}].url`, text);
  }
  form.append(`links[${"1".repeat(text.length)}].url`, "https://example.com");
  form.append(`links[0].${text}`, "https://example.com");
  form.append(text, text);
  return form;
}

describe("helpers that run patterns on posted text, under adversarial input", () => {
  it("read the order form whatever is posted, every key and value made of the text", () => {
    for (const [, text] of adversarialStrings(SIZE))
      for (const platform of PLATFORMS) {
        for (const type of ["one-link", "multi-link"])
          expect(cardItemFromForm(orderForm(text, type, platform))).toBeTypeOf("object");
        const form = orderForm(text, "multi-link", platform);
        for (const intent of ["add-link", "remove-link:1", text, `remove-link:${"1".repeat(SIZE)}`])
          expect(editMultiLinkDraft(form, intent)).toBeTypeOf("object");
      }
  });

  it("refuse over-long links, and cut slugs and card numbers to their caps before any pattern", () => {
    for (const [label, text] of adversarialStrings(SIZE)) {
      for (const platform of PLATFORMS) expect(linkProblem(platform, text), label).not.toBeNull();
      expect(linkUrlProblem(text), label).not.toBeNull();
      expect(String(normaliseCardNumber(text) ?? "").length, label).toBeLessThanOrEqual(32);
      expect(normalizeSlug(text).length, label).toBeLessThanOrEqual(SLUG_INPUT_MAX_LENGTH);
      expect(slugProblem(normalizeSlug(text)), label).not.toBeUndefined();
      expect(slugFromName(text).length, label).toBeLessThanOrEqual(SLUG_INPUT_MAX_LENGTH);
    }
  });
});
