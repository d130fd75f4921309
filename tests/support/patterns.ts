// What the app's patterns see of posted text, without a clock: the longest input any pattern ran on, the patterns
// that ran, and whether a pattern can backtrack. RegExp.prototype.exec is wrapped while watching; test, match,
// replace, split and search all run through it.

/** The longest cap of any text field (the contact form's message): no pattern may see more than this. */
export const LONGEST_FIELD = 5000;

/** zod's max() counts code points by first probing for one surrogate: a one-character search, linear. */
const ONE_CHARACTER_PROBES = new Set(["[\\uD800-\\uDBFF]"]);

/**
 * Runs `work` and reports the longest string any pattern saw meanwhile, and which patterns ran. Work that awaits
 * is watched until it settles; patterns run by anything else meanwhile count too.
 */
export function patternsDuring<T>(work: () => T): T extends Promise<unknown> ? Promise<Seen> : Seen;
export function patternsDuring(work: () => unknown): Seen | Promise<Seen> {
  const originalExec = RegExp.prototype.exec;
  const seen: Seen = { longestInput: 0, sources: [] };
  RegExp.prototype.exec = function exec(this: RegExp, input: string) {
    if (!ONE_CHARACTER_PROBES.has(this.source)) {
      seen.longestInput = Math.max(seen.longestInput, String(input).length);
      if (!seen.sources.includes(this.source)) seen.sources.push(this.source);
    }
    return originalExec.call(this, input);
  };
  const restore = () => {
    RegExp.prototype.exec = originalExec;
    return seen;
  };
  try {
    const result = work();
    if (result instanceof Promise)
      return result.then(restore, (error) => {
        restore();
        throw error;
      });
  } catch (error) {
    restore();
    throw error;
  }
  return restore();
}

interface Seen {
  longestInput: number;
  sources: string[];
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
