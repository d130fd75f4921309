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
  let closed: { repeats: boolean; body: string } | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const atEnd = (j: number) => {
      i = j;
      closed = null;
    };
    if (c === "\\") atEnd(i + 1);
    else if (c === "[") {
      let j = i + 1;
      for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++;
      atEnd(j);
    } else if (c === "(") {
      open.push({ repeats: false, start: i });
      closed = null;
    } else if (c === ")") {
      const g = open.pop();
      if (!g) continue;
      closed = { repeats: g.repeats, body: source.slice(g.start + 1, i).replace(/^\?(?::|<?[=!])/, "") };
      if (g.repeats && open.length) open[open.length - 1]!.repeats = true;
    } else if (c === "*" || c === "+" || (c === "{" && /^\{\d*,\}/.test(source.slice(i)))) {
      const group = closed as { repeats: boolean; body: string } | null;
      if (group?.repeats && !fixedByDelimiter(group.body)) return true;
      if (open.length) open[open.length - 1]!.repeats = true;
      closed = null;
    } else closed = null;
  }
  return false;
}

/** A repeated atom: a class, an escape or one character, followed by an unbounded repeat. */
const REPEATED_ATOM = /(\[(?:\\.|[^\]])*\]|\\.|[^()[\]\\*+?{}|])(?:[*+]|\{\d*,\})/g;
/** One literal character at the start or the end of a group body: `-`, `@`, `\.`. */
const LITERAL = /^(?:\\([^a-zA-Z0-9])|([^\\[\].()*+?{}|^$]))/;

function fixedByDelimiter(body: string) {
  if (body.includes("|")) return false;
  const atoms = [...body.matchAll(REPEATED_ATOM)].map((m) => new RegExp(m[1]!, "u"));
  const reversedEnd = /(?:\\([^a-zA-Z0-9])|([^\\[\].()*+?{}|^$]))$/.exec(body);
  const ends = [LITERAL.exec(body), reversedEnd]
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[1] ?? m[2]!);
  return ends.some((d) => atoms.every((atom) => !atom.test(d)));
}
