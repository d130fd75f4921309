// The app's patterns, read from its source without running them (every regular expression literal), so a test can
// check that none of them can backtrack. Nothing of the JavaScript runtime is wrapped or replaced.
import fs from "node:fs";
import path from "node:path";

/** Where a regular expression literal may start: after these characters (or `return`), '/' cannot be division. */
const BEFORE_PATTERN = /[(,=:[!&|?{};+\-*%~^]$|\breturn$|\btypeof$|^$/;

/**
 * The sources of the regular expression literals in one file's code. Strings, template text and comments are
 * skipped; `${...}` inside templates is read as code.
 */
export function patternLiterals(code: string): string[] {
  const found: string[] = [];
  const templates: number[] = []; // brace depth at which each open template's `${` began
  let depth = 0;
  let i = 0;
  const previous = () => code.slice(0, i).trimEnd();
  const skipTemplateText = () => {
    for (; i < code.length; i++) {
      if (code[i] === "\\") i++;
      else if (code[i] === "`") return void i++;
      else if (code[i] === "$" && code[i + 1] === "{") {
        templates.push(depth++);
        i += 2;
        return;
      }
    }
  };
  while (i < code.length) {
    const c = code[i]!;
    if (c === "/" && code[i + 1] === "/")
      i = code.indexOf("\n", i) === -1 ? code.length : code.indexOf("\n", i);
    else if (c === "/" && code[i + 1] === "*") i = code.indexOf("*/", i + 2) + 2;
    else if (c === '"' || c === "'") {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === "\\") i++;
      i++;
    } else if (c === "`") {
      i++;
      skipTemplateText();
    } else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      depth--;
      i++;
      if (templates.length && templates[templates.length - 1] === depth) {
        templates.pop();
        skipTemplateText();
      }
    } else if (c === "/" && code[i + 1] !== ">" && BEFORE_PATTERN.test(previous().slice(-6))) {
      let j = i + 1;
      let inClass = false;
      for (; j < code.length && code[j] !== "\n"; j++) {
        if (code[j] === "\\") j++;
        else if (code[j] === "[") inClass = true;
        else if (code[j] === "]") inClass = false;
        else if (code[j] === "/" && !inClass) break;
      }
      found.push(code.slice(i + 1, j));
      i = j + 1;
    } else i++;
  }
  return found;
}

/** Every TypeScript module of the app below `dir`, tests left out (JSX text is not code, so .tsx is not read). */
export function appSourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

/**
 * Whether a pattern repeats a part that itself repeats, as in `(a+)+` or `(\w+\s?)*`: the shape whose matching
 * can take exponential time. A repeated group that starts or ends with a character none of its own repeats can
 * match (`(?:-[a-z0-9]+)*`, `([a-z0-9-]*\.)+`) is the exception: each round is fixed by that character, so the
 * match stays linear.
 */
export function hasNestedRepeat(source: string): boolean {
  const open: { repeats: boolean; start: number }[] = [];
  // The group that closed just before this character, if any: a repeat here repeats it.
  let closed: { repeats: boolean; body: string } | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const justClosed = closed;
    closed = null;
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < source.length && source[i] !== "]"; i++) if (source[i] === "\\") i++;
    } else if (c === "(") open.push({ repeats: false, start: i });
    else if (c === ")") {
      const group = open.pop();
      if (!group) continue;
      closed = {
        repeats: group.repeats,
        body: source.slice(group.start + 1, i).replace(/^\?(?::|<?[=!])/, ""),
      };
      if (group.repeats && open.length) open[open.length - 1]!.repeats = true;
    } else if (c === "*" || c === "+" || (c === "{" && /^\{\d*,\}/.test(source.slice(i)))) {
      if (justClosed?.repeats && !fixedByDelimiter(justClosed.body)) return true;
      if (open.length) open[open.length - 1]!.repeats = true;
    }
  }
  return false;
}

/** A repeated atom: a class, an escape or one character, followed by an unbounded repeat. */
const REPEATED_ATOM = /(\[(?:\\.|[^\]])*\]|\\.|[^()[\]\\*+?{}|])(?:[*+]|\{\d*,\})/g;
/** One literal character, escaped punctuation or plain: `-`, `@`, `\.`. */
const LITERAL = String.raw`(?:\\([^a-zA-Z0-9])|([^\\[\].()*+?{}|^$]))`;
/** A group body's first character when it is a literal that nothing makes optional or repeats. */
const FIRST_LITERAL = new RegExp(`^${LITERAL}(?![?*+{])`);
const LAST_LITERAL = new RegExp(`${LITERAL}$`);

/** Whether every round of a repeated group starts or ends at a character none of its own repeats can match. */
function fixedByDelimiter(body: string) {
  if (body.includes("|")) return false;
  const atoms = [...body.matchAll(REPEATED_ATOM)].map((m) => new RegExp(m[1]!));
  return [FIRST_LITERAL.exec(body), LAST_LITERAL.exec(body)]
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[1] ?? m[2]!)
    .some((delimiter) => atoms.every((atom) => !atom.test(delimiter)));
}
