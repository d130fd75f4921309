// Periodic clean-up of what grows with visitors' input: idle carts (with their unpaid uploads) and rate-limit
// counters whose window has passed. Hourly; the first round waits a little so it does not slow start-up.
import type { Logger } from "pino";

export interface HousekeepingTask {
  name: string;
  /** What it removed, for the log; nothing is logged when every figure is 0. */
  run: () => Promise<Record<string, number>>;
}

export function startHousekeeping(tasks: HousekeepingTask[], logger: Logger, everyMs = 60 * 60 * 1000) {
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = (async () => {
      for (const task of tasks) {
        try {
          const removed = await task.run();
          if (Object.values(removed).some((n) => n > 0))
            logger.info({ task: task.name, ...removed }, "housekeeping");
        } catch (error) {
          logger.error({ err: error, task: task.name }, "housekeeping failed");
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  const first = setTimeout(round, 30_000);
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
