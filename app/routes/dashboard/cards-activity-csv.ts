// My Cards' scan activity as a CSV download: daily views and link clicks per card and source over the range of
// ?range= (and only the card of ?card=, when given), of the signed-in customer's own cards.

import { requireUser } from "~/server/accounts/session.server";
import { myActivityCsv } from "~/server/cards/my-cards.server";
import type { Route } from "./+types/cards-activity-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { csv, filename } = await myActivityCsv(context.db, user, new URL(request.url));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
