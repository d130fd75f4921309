// A company's SAML 2.0 identity provider (better-auth's SSO plugin, decision 044): its metadata, pasted or fetched
// from a URL checked as a webhook's address is, read for the provider's entity ID, signing certificate and sign-in
// address, and registered with the shop as a service provider that wants every assertion signed. The plugin checks
// each response (signature over the one assertion, audience, recipient, time window, a request of ours answered,
// an assertion used once); company-sign-in.server.ts sets how strictly.
import http from "node:http";
import https from "node:https";
import { IdentityProvider } from "samlify";
import type { SamlProviderSchema } from "~/schemas/company-sign-in";
import type { z } from "~/schemas/zod";
import type { Auth } from "../accounts/auth.server";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import {
  normaliseWebhookUrl,
  type ResolvedAddress,
  resolveWebhookTarget,
  WebhookAddressError,
} from "../webhooks/address-guard.server";
import type { CompanyAccess } from "./companies.server";
import {
  addressMessage,
  ProviderRefusal,
  providerIdOf,
  providerPreconditions,
  registerProvider,
} from "./sso-providers.server";

/** The plugin's own ceiling for metadata (100 KB), which a fetched document is held to as well. */
const METADATA_MAX_BYTES = 100 * 1024;
const FETCH_TIMEOUT_MS = 5000;
/** The plugin starts a sign-in with an AuthnRequest in the HTTP-Redirect binding. */
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/**
 * What the company registers at its identity provider: the shop's entity ID for it (the address of the shop's
 * metadata, which is also the audience every assertion must name) and the assertion consumer service (ACS).
 */
export function samlServiceProvider(publicUrl: string, organizationId: string) {
  const providerId = providerIdOf(organizationId);
  return {
    entityId: `${publicUrl}/api/auth/sso/saml2/sp/metadata?providerId=${providerId}`,
    acsUrl: `${publicUrl}/api/auth/sso/saml2/sp/acs/${providerId}`,
  };
}

/**
 * Adds the company's SAML identity provider through the SSO plugin, once a domain is verified. The metadata is
 * read here first, so a company admin is told in plain words what is missing from it.
 */
export async function addSamlProvider(
  context: { db: Database; auth: Auth; config: Config },
  access: CompanyAccess,
  request: Request,
  input: z.infer<typeof SamlProviderSchema>,
) {
  const { db, config } = context;
  const organizationId = access.company.id;
  const verified = await providerPreconditions(db, organizationId);
  const metadata = input.metadataUrl
    ? await fetchMetadata(input.metadataUrl, config.sso.allowedHosts)
    : (input.metadataXml ?? "");
  const idp = readIdpMetadata(metadata, config.sso.allowedHosts);
  const sp = samlServiceProvider(config.publicUrl, organizationId);
  return registerProvider(context, access, request, idp.entityId, {
    providerId: providerIdOf(organizationId),
    // The plugin's issuer is the service provider's entity ID (ours); the provider's own is in its metadata.
    issuer: sp.entityId,
    domain: verified.join(","),
    organizationId,
    samlConfig: {
      entryPoint: idp.entryPoint,
      idpMetadata: { metadata, entityID: idp.entityId },
      audience: sp.entityId,
      wantAssertionsSigned: true,
      identifierFormat: EMAIL_NAME_ID,
      mapping: { email: "email", name: "displayName" },
    },
  });
}

const METADATA_UNREADABLE =
  "The metadata could not be read: paste your identity provider's SAML metadata XML.";

/** The provider's entity ID and sign-in address, and the refusals a company admin can act on. */
function readIdpMetadata(metadata: string, allowedHosts: readonly string[]) {
  // Metadata never needs a document type; refusing one keeps entity declarations away from the parser.
  if (/<!DOCTYPE/i.test(metadata)) throw new ProviderRefusal("The metadata may not contain a DOCTYPE.");
  let idp: ReturnType<typeof IdentityProvider>;
  try {
    idp = IdentityProvider({ metadata });
  } catch (error) {
    if (error instanceof Error && error.message === "ERR_MULTIPLE_METADATA_ENTITYDESCRIPTOR")
      throw new ProviderRefusal(
        "The metadata describes several entities: give your identity provider's own.",
      );
    throw new ProviderRefusal(METADATA_UNREADABLE);
  }
  const meta = idp.entityMeta;
  const entityId: unknown = meta.getEntityID();
  if (typeof entityId !== "string" || !entityId.trim()) throw new ProviderRefusal(METADATA_UNREADABLE);
  if (!meta.getX509Certificate("signing"))
    throw new ProviderRefusal(
      "The metadata names no signing certificate, so its sign-ins could not be checked.",
    );
  const entryPoint: unknown = meta.getSingleSignOnService("redirect");
  if (typeof entryPoint !== "string")
    throw new ProviderRefusal(
      `The metadata has no single sign-on address for the HTTP-Redirect binding (${REDIRECT_BINDING}).`,
    );
  const url = URL.canParse(entryPoint) ? new URL(entryPoint) : null;
  const local = url?.protocol === "http:" && allowedHosts.includes(url.hostname);
  if (url?.protocol !== "https:" && !local)
    throw new ProviderRefusal("The identity provider's single sign-on address must start with https://.");
  if (meta.isWantAuthnRequestsSigned())
    throw new ProviderRefusal(
      "The identity provider wants signed sign-in requests (WantAuthnRequestsSigned), which the shop does " +
        "not send: turn that off for the shop.",
    );
  return { entityId, entryPoint };
}

/** The metadata from the company's URL: public https only, fetched from the address that was checked. */
async function fetchMetadata(raw: string, allowedHosts: readonly string[]) {
  let url: URL;
  let target: ResolvedAddress;
  try {
    url = new URL(normaliseWebhookUrl(raw, allowedHosts));
    target = await resolveWebhookTarget(url, { allowedHosts });
  } catch (error) {
    if (error instanceof WebhookAddressError)
      throw new ProviderRefusal(addressMessage(error.message, "The metadata URL"));
    throw error;
  }
  const fetched = await getPinned(url, target);
  if (!fetched.ok) throw new ProviderRefusal(`The metadata could not be fetched: ${fetched.error}.`);
  return fetched.body;
}

type Fetched = { ok: true; body: string } | { ok: false; error: string };

/**
 * One GET to the address that was checked: no redirects followed, no connection reuse, one time limit for the
 * whole exchange, and the body cut off past the cap. Errors never name the address the host resolved to.
 */
function getPinned(url: URL, target: ResolvedAddress): Promise<Fetched> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (outcome: Fetched) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(url, {
      method: "GET",
      headers: { Accept: "application/samlmetadata+xml, application/xml, text/xml" },
      agent: false,
      lookup: (_hostname, options, callback) => {
        if (options.all) callback(null, [target]);
        else callback(null, target.address, target.family);
      },
    });
    const timer = setTimeout(
      () => finish({ ok: false, error: `no answer within ${FETCH_TIMEOUT_MS / 1000} s` }),
      FETCH_TIMEOUT_MS,
    );
    const tooLarge = { ok: false, error: `it is larger than ${METADATA_MAX_BYTES / 1024} KB` } as const;
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400)
        return finish({ ok: false, error: "the URL redirects elsewhere; give the address it leads to" });
      if (status < 200 || status >= 300) return finish({ ok: false, error: `the server answered ${status}` });
      if (Number(response.headers["content-length"]) > METADATA_MAX_BYTES) return finish(tooLarge);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > METADATA_MAX_BYTES) finish(tooLarge);
        else chunks.push(chunk);
      });
      response.on("end", () => finish({ ok: true, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", () => finish({ ok: false, error: "the connection failed" }));
    });
    request.on("error", () => finish({ ok: false, error: "the server could not be reached" }));
    request.end();
  });
}
