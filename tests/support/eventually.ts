// Waiting on a condition a background worker makes true, with no clock limit of its own: the test's own timeout is
// the only bound, and once the test has finished the wait gives up with the check's last failure.
import { onTestFinished } from "vitest";

const POLL_MS = 20;

export async function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  let finished = false;
  onTestFinished(() => {
    finished = true;
  });
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (finished) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
