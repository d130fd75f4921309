// 'Share your details with {name}': the card page visitor's form, a plain server-rendered page that works
// without JavaScript (app/server/contacts/connect-page.server.ts).
import { connectPage, connectPost } from "~/server/contacts/connect-page.server";
import type { Route } from "./+types/connect";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return connectPage(context, request, params.slug);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return connectPost(context, request, params.slug);
}
