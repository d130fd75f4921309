// A background job that works through a queue in the database (the e-mail outbox, webhook deliveries): a round on
// a timer and whenever poked, never two at once, another at once after a round that found more waiting.
import type { Logger } from "pino";

export function startPolledWorker(opts: {
  /** One round; resolves whether more may be waiting (a full batch). */
  round: () => Promise<boolean>;
  /** Run once before the first round: claims left by a killed process are released. */
  beforeFirstRound?: () => Promise<unknown>;
  logger: Logger;
  /** Names the job in the log when a round fails. */
  name: string;
  intervalMs?: number;
}) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = opts
      .round()
      .then((more) => {
        if (more) again = true;
      })
      .catch((error) => opts.logger.error({ err: error }, `${opts.name} round failed`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, opts.intervalMs ?? 5000);
  timer.unref();
  if (opts.beforeFirstRound) {
    running = opts
      .beforeFirstRound()
      .catch((error) => opts.logger.error({ err: error }, `${opts.name} claims not released`))
      .finally(() => {
        running = null;
        round();
      });
  } else round();
  return {
    poke: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
