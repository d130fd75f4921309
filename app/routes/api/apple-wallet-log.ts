// Apple's pass web service: what a device reports about passes it could not use (into the server log).
import { logDeviceMessages } from "~/server/cards/apple-wallet-service.server";
import type { Route } from "./+types/apple-wallet-log";

export async function action({ request, context }: Route.ActionArgs) {
  return logDeviceMessages(context.db, context.config, request, {
    ip: context.clientIp,
    logger: context.logger,
  });
}
