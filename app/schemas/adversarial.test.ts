// Every form schema, and every helper that runs patterns on posted text, stays fast whatever is posted, without a
// clock: each free-text field is capped before any pattern sees it, and no pattern that runs repeats a part that
// itself repeats (the shape that backtracks). The schemas are found by enumerating the modules of this folder, so
// a new schema is covered without touching this file.
import { describe, expect, it } from "vitest";
import { z } from "~/schemas/zod";
import { linkUrlProblem } from "~/utils/card-links";
import { normalizeSlug, slugFromName, slugProblem } from "~/utils/slug";
import { hasNestedRepeat, LONGEST_FIELD, patternsDuring } from "../../tests/support/patterns";
import { cardItemFromForm } from "./cart";
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

/** What went wrong with one call, or null: a pattern saw more than any field may hold, or can backtrack. */
function problemOf(label: string, work: () => unknown) {
  const { longestInput, sources } = patternsDuring(work);
  const backtracking = sources.filter(hasNestedRepeat);
  if (longestInput <= LONGEST_FIELD && !backtracking.length) return null;
  return `${label}: a pattern saw ${longestInput} characters${backtracking.map((p) => `; /${p}/ repeats a repeat`).join("")}`;
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
    it(`${name}: no pattern sees an over-long field or can backtrack`, () => {
      const problems: string[] = [];
      for (const [label, text] of adversarialStrings(SIZE)) {
        for (const input of inputsFor(schema, text))
          problems.push(problemOf(`${SIZE} characters of ${label}`, () => schema.safeParse(input)) ?? "");
      }
      expect(problems.filter(Boolean)).toEqual([]);
    });
  }
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
  it("reads the order form with capped, linear patterns, whatever is posted", () => {
    const problems: string[] = [];
    for (const [label, text] of adversarialStrings(SIZE)) {
      for (const platform of PLATFORMS) {
        const where = `${SIZE} characters of ${label}, ${platform}`;
        for (const type of ["one-link", "multi-link"]) {
          const form = orderForm(text, type, platform);
          problems.push(problemOf(`cardItemFromForm ${type} ${where}`, () => cardItemFromForm(form)) ?? "");
        }
        const form = orderForm(text, "multi-link", platform);
        for (const intent of ["add-link", "remove-link:1", text, `remove-link:${"1".repeat(SIZE)}`])
          problems.push(
            problemOf(`editMultiLinkDraft ${where}`, () => editMultiLinkDraft(form, intent)) ?? "",
          );
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it("checks links, slugs and card numbers with capped, linear patterns, whatever is posted", () => {
    const problems: string[] = [];
    for (const [label, text] of adversarialStrings(SIZE)) {
      const where = `${SIZE} characters of ${label}`;
      for (const platform of PLATFORMS)
        problems.push(problemOf(`linkProblem ${platform} ${where}`, () => linkProblem(platform, text)) ?? "");
      problems.push(problemOf(`linkUrlProblem ${where}`, () => linkUrlProblem(text)) ?? "");
      problems.push(problemOf(`normaliseCardNumber ${where}`, () => normaliseCardNumber(text)) ?? "");
      problems.push(problemOf(`normalizeSlug ${where}`, () => slugProblem(normalizeSlug(text))) ?? "");
      problems.push(problemOf(`slugFromName ${where}`, () => slugFromName(text)) ?? "");
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
