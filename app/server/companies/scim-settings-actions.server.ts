// A company's directory (SCIM) on its Sign-in tab: the base URL its directory is given, 'Create SCIM token' (the
// token is shown once; only its HMAC digest is kept, and a new token replaces the one before it) and 'Revoke token'.
// Each is logged in the company's log.
import { and, desc, eq, gt } from "drizzle-orm";
import { data } from "react-router";
import { scimManagedConnections, scimManagedCredentials } from "~/db/schema";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import type { CompanyAccess } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
import { scimAuth, scimBaseUrl } from "./scim.server";

interface ScimContext {
  db: Database;
  config: Config;
}

/** What a directory may do with a token: its users, and its groups (sent by Entra ID and Okta, not used here). */
const SCOPES = ["scim.users.read", "scim.users.write", "scim.groups.read", "scim.groups.write"] as const;
/** A token lasts until it is revoked or replaced (the plugin needs an expiry: ten years). */
const TOKEN_LIFETIME_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** The company's active connection, if it has one. */
async function connectionOf(db: Database, organizationId: string) {
  const [connection] = await db
    .select({ connectionId: scimManagedConnections.connectionId })
    .from(scimManagedConnections)
    .where(
      and(
        eq(scimManagedConnections.provisioningDomainId, organizationId),
        eq(scimManagedConnections.status, "active"),
      ),
    );
  return connection ?? null;
}

/** The company's tokens in use, newest first. */
async function activeCredentials(db: Database, organizationId: string) {
  return db
    .select({
      credentialId: scimManagedCredentials.credentialId,
      connectionId: scimManagedConnections.connectionId,
      createdAt: scimManagedCredentials.createdAt,
      lastUsedAt: scimManagedCredentials.lastUsedAt,
    })
    .from(scimManagedCredentials)
    .innerJoin(
      scimManagedConnections,
      eq(scimManagedConnections.id, scimManagedCredentials.connectionRecordId),
    )
    .where(
      and(
        eq(scimManagedConnections.provisioningDomainId, organizationId),
        eq(scimManagedConnections.status, "active"),
        eq(scimManagedCredentials.status, "active"),
        gt(scimManagedCredentials.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(scimManagedCredentials.createdAt));
}

/** The Sign-in tab's 'Directory (SCIM)' part. */
export async function loadDirectorySettings(context: ScimContext, organizationId: string) {
  const [token] = await activeCredentials(context.db, organizationId);
  return {
    baseUrl: scimBaseUrl(context.config.publicUrl),
    token: token
      ? { createdAt: token.createdAt.toISOString(), lastUsedAt: token.lastUsedAt?.toISOString() ?? null }
      : null,
  };
}

async function revokeAll(context: ScimContext, access: CompanyAccess, except?: string) {
  const auth = scimAuth(context.db, context.config);
  const tokens = await activeCredentials(context.db, access.company.id);
  for (const t of tokens.filter((c) => c.credentialId !== except))
    await auth.api.revokeSCIMManagedCredential({
      body: {
        connectionId: t.connectionId,
        provisioningDomainId: access.company.id,
        credentialId: t.credentialId,
        actorId: access.user.id,
      },
    });
  return tokens.length - (except ? 1 : 0);
}

/** A new token for the company's directory (a connection is made on the first); the one before stops working. */
async function createScimToken(context: ScimContext, access: CompanyAccess) {
  const auth = scimAuth(context.db, context.config);
  const organizationId = access.company.id;
  const grant = {
    scopes: [...SCOPES],
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
    provisioningDomainId: organizationId,
    actorId: access.user.id,
  };
  const connection = await connectionOf(context.db, organizationId);
  const made = connection
    ? await auth.api.rotateSCIMManagedCredential({
        body: { ...grant, connectionId: connection.connectionId },
      })
    : await auth.api.createSCIMManagedConnection({
        body: { ...grant, creationRequestId: crypto.randomUUID() },
      });
  await revokeAll(context, access, made.credential.credentialId);
  await recordCompanyEvent(context.db, {
    organizationId,
    actor: { id: access.user.id, name: access.user.name },
    action: "scim-token-created",
    subject: scimBaseUrl(context.config.publicUrl),
  });
  return made.token;
}

/** 'Create SCIM token' (intent create-scim-token) and 'Revoke token' (revoke-scim-token) on the Sign-in tab. */
export async function handleScimSettingsAction(
  context: ScimContext,
  access: CompanyAccess,
  intent: FormDataEntryValue | null,
) {
  if (intent === "create-scim-token") {
    const token = await createScimToken(context, access);
    return data({ result: { status: "success" as const, initialValue: { intent } }, scimToken: token });
  }
  if ((await revokeAll(context, access)) === 0)
    return refuseWithToast("There is no SCIM token to revoke", 404);
  await recordCompanyEvent(context.db, {
    organizationId: access.company.id,
    actor: { id: access.user.id, name: access.user.name },
    action: "scim-token-revoked",
    subject: scimBaseUrl(context.config.publicUrl),
  });
  return redirectWithToast(`/dashboard/company/${access.company.slug}/sign-in`, {
    type: "success",
    title: "SCIM token revoked",
    description: "Your directory can no longer reach your company with it.",
  });
}
