// A company's directory (SCIM 2.0): better-auth's SCIM plugin in its own small better-auth instance, because the
// plugin needs an adapter with native transactions and the main instance runs without them (its hooks query the
// database outside better-auth's transaction, which on the embedded database's one connection would deadlock).
// This instance has no hooks and writes only accounts and the SCIM tables; memberships follow in
// scim-reconcile.server.ts after each request, outside the plugin's transaction.
import { hkdfSync } from "node:crypto";
import { scim } from "@better-auth/scim";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq } from "drizzle-orm";
import {
  accounts,
  organizations,
  scimConnectionBindings,
  scimGroupMembers,
  scimGroups,
  scimIdentityTombstones,
  scimManagedConnectionEvents,
  scimManagedConnections,
  scimManagedCredentials,
  scimProjectionGrants,
  scimSubjects,
  scimUsers,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";

/** Where the SCIM endpoints are served: `${publicUrl}/api/scim/v2/Users` and so on. */
export const SCIM_BASE_PATH = "/api";
export const scimBaseUrl = (publicUrl: string) => `${publicUrl}${SCIM_BASE_PATH}/scim/v2`;

/** The HMAC secret for token digests: derived from the auth secret, so it needs no setting of its own. */
function credentialHashSecret(authSecret: string) {
  return Buffer.from(hkdfSync("sha256", authSecret, "", "tapcard scim credentials", 32)).toString("hex");
}

function createScimAuth(db: Database, config: Config) {
  return betterAuth({
    baseURL: config.publicUrl,
    basePath: SCIM_BASE_PATH,
    secret: config.authSecret,
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        scimManagedConnection: scimManagedConnections,
        scimManagedCredential: scimManagedCredentials,
        scimManagedConnectionEvent: scimManagedConnectionEvents,
        scimConnectionBinding: scimConnectionBindings,
        scimIdentityTombstone: scimIdentityTombstones,
        scimSubject: scimSubjects,
        scimUser: scimUsers,
        scimProjectionGrant: scimProjectionGrants,
        scimGroup: scimGroups,
        scimGroupMember: scimGroupMembers,
      },
    }),
    advanced: { database: { generateId: () => crypto.randomUUID() } },
    plugins: [
      scim({
        connections: [],
        managedConnections: { credentialHashSecret: credentialHashSecret(config.authSecret) },
        compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } },
      }),
    ],
  });
}
type ScimAuth = ReturnType<typeof createScimAuth>;

const instances = new WeakMap<Database, ScimAuth>();

/** The SCIM instance for this database (one per database, made on first use). */
export function scimAuth(db: Database, config: Config) {
  let auth = instances.get(db);
  if (!auth) {
    auth = createScimAuth(db, config);
    instances.set(db, auth);
  }
  return auth;
}

/**
 * The company named by a token's public credential id (the plugin checks the secret part): `gone` when the token is
 * one of ours but its company was deleted, null when it names no connection at all.
 */
export async function companyOfToken(db: Database, authorization: string | null) {
  const credentialId = authorization?.match(/^Bearer\s+(ba_scim_credential_[A-Za-z0-9_-]+)\./i)?.[1];
  if (!credentialId) return null;
  const [row] = await db
    .select({ organizationId: scimManagedConnections.provisioningDomainId, company: organizations.id })
    .from(scimManagedCredentials)
    .innerJoin(
      scimManagedConnections,
      eq(scimManagedConnections.id, scimManagedCredentials.connectionRecordId),
    )
    .leftJoin(organizations, eq(organizations.id, scimManagedConnections.provisioningDomainId))
    .where(
      and(eq(scimManagedCredentials.credentialId, credentialId), eq(scimManagedConnections.status, "active")),
    );
  if (!row) return null;
  return row.company ? { organizationId: row.organizationId } : "gone";
}

/** A 401 as the plugin words one, for a token whose company no longer exists. */
export const scimUnauthorized = (detail: string) =>
  new Response(
    JSON.stringify({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "401", detail }),
    {
      status: 401,
      headers: { "Content-Type": "application/scim+json", "WWW-Authenticate": 'Bearer realm="SCIM"' },
    },
  );
