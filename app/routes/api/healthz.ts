// For a load balancer and a monitor: whether the database answers, and how far behind the e-mail outbox is
// (docs/deploy.md, Logs and health checks).
import { pingDatabase } from "~/server/platform/db.server";
import { outboxBacklog } from "~/server/platform/email/outbox.server";
import type { Route } from "./+types/healthz";

/**
 * An unsent message older than this means mail is not going out (the mail server refuses or is down: retries
 * back off up to an hour). The node still serves pages, so it stays in the load balancer: "degraded", not 503.
 */
export const OUTBOX_LAG_DEGRADED_SECONDS = 600;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  try {
    await pingDatabase(context.db);
    const outbox = await outboxBacklog(context.db);
    const status = outbox.lagSeconds > OUTBOX_LAG_DEGRADED_SECONDS ? "degraded" : "ok";
    return Response.json({ status, database: "ok", outbox }, { headers: NO_STORE });
  } catch (error) {
    context.logger.error({ err: error }, "health check failed");
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers: NO_STORE });
  }
}
