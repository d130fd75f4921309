// Keeps one core busy until it is stopped (SIGTERM) or the process that started it ends: `BUSY_CORE=1 npm test`
// runs the browser tests beside it, so they pass on a loaded machine too (a slow phone, a busy CI runner).
const parent = process.ppid;
let spins = 0;
for (;;) {
  spins++;
  // Every ten million turns (a fraction of a second), stop if the test run that started this is gone.
  if (spins % 10_000_000 === 0 && process.ppid !== parent) process.exit(0);
}
