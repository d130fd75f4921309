// A company's directory (SCIM 2.0) at /api/scim/v2/: better-auth's SCIM plugin, in its own instance, answers with
// the token it issued to the company (companies/scim.server.ts). After a request that changed something, the
// company's memberships follow its directory users (companies/scim-reconcile.server.ts).
import { data } from "react-router";
import { companyOfToken, SCIM_BASE_PATH, scimAuth, scimUnauthorized } from "~/server/companies/scim.server";
import { reconcileCompanyDirectory, scimUsersNamed } from "~/server/companies/scim-reconcile.server";
import type { Route } from "./+types/scim";

const SCIM_PATH = `${SCIM_BASE_PATH}/scim/v2/`;
const USER_PATH = /\/scim\/v2\/Users\/([^/]+)$/;

/** A directory's people are nobody else's to keep: no cache holds an answer. */
function noStore(response: Response) {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

async function serve(request: Request, context: Route.LoaderArgs["context"]) {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(SCIM_PATH)) throw data("Not found", { status: 404 });
  const { db, config } = context;
  const auth = scimAuth(db, config);
  // The token's company, read before the call by the token's public part; used once the plugin accepted the token.
  const owner = await companyOfToken(db, request.headers.get("authorization"));
  if (owner === "gone") return noStore(scimUnauthorized("The company of this SCIM token no longer exists"));
  if (request.method === "GET" || request.method === "HEAD" || !owner)
    return noStore(await auth.handler(request));
  const named = request.method === "DELETE" ? USER_PATH.exec(path)?.[1] : undefined;
  const deleted = named ? await scimUsersNamed(db, owner.organizationId, [decoded(named)]) : [];
  const response = await auth.handler(request);
  if (response.ok) await reconcileCompanyDirectory(db, owner.organizationId, deleted);
  return noStore(response);
}

export const loader = ({ request, context }: Route.LoaderArgs) => serve(request, context);

export const action = ({ request, context }: Route.ActionArgs) => serve(request, context);
