// One line per benchmark figure: printed as PASS/FAIL for a person, and, when `npm run bench` runs the script
// (BENCH_RESULTS names a file), appended there as JSON for the one table it prints and records.
import fs from "node:fs";

/**
 * @param {{ bench: string, figure: string, value: string, budget?: string, baseline?: string, pass: boolean }} r
 *   `budget` says what is asked ('>= 75% of bare Node'); `baseline` what the value was compared with in this run.
 */
export function report(r) {
  const extra = [r.budget && `budget ${r.budget}`, r.baseline && `baseline ${r.baseline}`].filter(Boolean);
  console.log(
    `${r.pass ? "PASS" : "FAIL"}  ${r.figure}: ${r.value}${extra.length ? ` (${extra.join("; ")})` : ""}`,
  );
  record(r);
}

/** Only the record for `npm run bench`, for a script that prints its own table. */
export function record(r) {
  if (process.env.BENCH_RESULTS) fs.appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(r)}\n`);
}
