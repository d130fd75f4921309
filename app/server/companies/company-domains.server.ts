// A company's e-mail domains: it proves it holds one with a DNS TXT record, after which its identity provider may
// vouch for addresses there and it may require single sign-on for them.
import { randomBytes } from "node:crypto";
import dns from "node:dns";
import { domainToASCII } from "node:url";
import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { companyDomains, organizations, ssoProviders } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { type CompanyEventAction, recordCompanyEvent } from "./company-events.server";
import { syncProviderDomains } from "./sso-providers.server";

export const DOMAIN_RECORD_PREFIX = "_tapcard-verification";
const RECORD_VALUE_PREFIX = "tapcard-verification=";
export const MAX_COMPANY_DOMAINS = 20;
/** The longest name DNS carries (RFC 1035), without the trailing dot. */
const DOMAIN_MAX_LENGTH = 253;
/** One check's whole budget: two tries of 2 s per name server would otherwise add up with several servers. */
const LOOKUP_BUDGET_MS = 5000;

type DomainRecord = { name: string; value: string };

export const DOMAIN_MESSAGES = {
  tooLong: `The domain must be at most ${DOMAIN_MAX_LENGTH} characters`,
  badShape: "Enter a domain such as example.com",
  publicMail: (domain: string) => `A public mail domain such as ${domain} cannot belong to a company`,
  tooMany: `A company can have at most ${MAX_COMPANY_DOMAINS} domains`,
  listed: (domain: string) => `${domain} is already listed`,
  verifiedElsewhere: (domain: string) => `${domain} is already verified by another company`,
  notFound: "Domain not found",
  recordMissing: (record: DomainRecord) =>
    `No TXT record ${record.name} with the value ${record.value} was found yet. DNS changes can take a while; check again later.`,
  verifyFirst: (domain: string) => `Verify ${domain} first`,
  noProvider: "Add your identity provider first",
} as const;

/**
 * Mail services where anyone may have an address: their users are not a company's people. (The npm package
 * `free-email-domains` is not used: its install script downloads its list anew from outside the registry.)
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(
  [
    "gmail.com googlemail.com outlook.com hotmail.com live.com msn.com yahoo.com ymail.com icloud.com me.com mac.com",
    "aol.com proton.me protonmail.com pm.me gmx.com gmx.de gmx.net web.de mail.com mail.ru yandex.ru yandex.com",
    "qq.com 163.com 126.com zoho.com fastmail.com hey.com tutanota.com tuta.io btinternet.com sky.com",
    "virginmedia.com orange.fr free.fr libero.it t-online.de",
  ]
    .join(" ")
    .split(" "),
);

type Actor = { id: string; name: string };
/** Who acts, for which company: the company's log names them. */
type ByWhom = { organizationId: string; actor: Actor };
type Refusal = { error: string; status: number };

/** The TXT record that proves a company holds the domain. */
export function domainRecord(domain: string, token: string): DomainRecord {
  return { name: `${DOMAIN_RECORD_PREFIX}.${domain}`, value: `${RECORD_VALUE_PREFIX}${token}` };
}

/** A domain as typed ('@Example.COM.', 'bücher.example') in the one form it is stored and compared in. */
export function normaliseDomain(raw: string): { domain: string } | { error: string } {
  // Capped before any pattern reads it; a leading '@', a trailing dot and spaces around are allowed for.
  if (raw.length > DOMAIN_MAX_LENGTH + 3) return { error: DOMAIN_MESSAGES.tooLong };
  let typed = raw.trim().toLowerCase();
  if (typed.startsWith("@")) typed = typed.slice(1);
  if (typed.endsWith(".")) typed = typed.slice(0, -1);
  if (typed.length > DOMAIN_MAX_LENGTH) return { error: DOMAIN_MESSAGES.tooLong };
  // The URL standard would read 'example.com/path' or 'example.com:443' as a host and keep the host: only letters
  // (of any script), digits, hyphens and dots are a domain.
  if (/[^a-z0-9.\-\u0080-\uffff]/.test(typed)) return { error: DOMAIN_MESSAGES.badShape };
  // International names are stored as DNS holds them (punycode); '' means the URL standard refused it.
  const domain = domainToASCII(typed);
  if (domain.length > DOMAIN_MAX_LENGTH) return { error: DOMAIN_MESSAGES.tooLong };
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every(isHostLabel) || /^[0-9]+$/.test(labels.at(-1)!))
    return { error: DOMAIN_MESSAGES.badShape };
  const publicDomain = publicMailDomainOf(labels);
  if (publicDomain) return { error: DOMAIN_MESSAGES.publicMail(publicDomain) };
  return { domain };
}

/** 1-63 letters, digits and hyphens, not at either end (RFC 1123). */
const HOST_LABEL = /^[a-z0-9-]{1,63}$/;
const isHostLabel = (l: string) => HOST_LABEL.test(l) && !l.startsWith("-") && !l.endsWith("-");

/** The public mail domain this one is or lies under (mail.gmail.com is Gmail's), if any. */
function publicMailDomainOf(labels: string[]) {
  for (let i = 0; i < labels.length - 1; i++) {
    const parent = labels.slice(i).join(".");
    if (PUBLIC_MAIL_DOMAINS.has(parent)) return parent;
  }
  return null;
}

/** The company's domains, each with the record that verifies it, in alphabetical order. */
export async function companyDomainsOf(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select()
    .from(companyDomains)
    .where(eq(companyDomains.organizationId, organizationId))
    .orderBy(companyDomains.domain)
    .limit(MAX_COMPANY_DOMAINS);
  return rows.map((d) => ({
    id: d.id,
    domain: d.domain,
    verifiedAt: d.verifiedAt,
    requireSso: d.requireSso,
    record: domainRecord(d.domain, d.token),
  }));
}

export async function addCompanyDomain(
  db: DbOrTx,
  input: ByWhom & { raw: string },
): Promise<{ id: string; domain: string } | Refusal> {
  const parsed = normaliseDomain(input.raw);
  if ("error" in parsed) return { error: parsed.error, status: 400 };
  const { domain } = parsed;
  return db.transaction(async (tx) => {
    // The company's row is locked so two adds at once cannot both take the last of its places.
    const [company] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for("update");
    if (!company) return { error: "Company not found", status: 404 };
    if (await verifiedByAnother(tx, input.organizationId, domain))
      return { error: DOMAIN_MESSAGES.verifiedElsewhere(domain), status: 409 };
    const held = await tx
      .select({ domain: companyDomains.domain })
      .from(companyDomains)
      .where(eq(companyDomains.organizationId, input.organizationId));
    if (held.some((d) => d.domain === domain)) return { error: DOMAIN_MESSAGES.listed(domain), status: 409 };
    if (held.length >= MAX_COMPANY_DOMAINS) return { error: DOMAIN_MESSAGES.tooMany, status: 409 };
    const id = crypto.randomUUID();
    await tx.insert(companyDomains).values({
      id,
      organizationId: input.organizationId,
      domain,
      token: randomBytes(18).toString("base64url"),
    });
    await logChange(tx, input, "domain-added", domain);
    return { id, domain };
  });
}

/**
 * Looks for the domain's TXT record now and marks the domain verified when it holds the expected value. Another
 * company may hold the same name unverified (each with its own token): the first to verify it keeps it.
 */
export async function checkCompanyDomain(
  db: DbOrTx,
  input: ByWhom & { domainId: string; dnsServers: string[] },
): Promise<{ verified: true } | Refusal> {
  const row = await domainOf(db, input.organizationId, input.domainId);
  if (!row) return { error: DOMAIN_MESSAGES.notFound, status: 404 };
  if (row.verifiedAt) return { verified: true };
  const refusedElsewhere = { error: DOMAIN_MESSAGES.verifiedElsewhere(row.domain), status: 409 };
  if (await verifiedByAnother(db, input.organizationId, row.domain)) return refusedElsewhere;
  const record = domainRecord(row.domain, row.token);
  if (!(await txtValues(record.name, input.dnsServers)).includes(record.value))
    return { error: DOMAIN_MESSAGES.recordMissing(record), status: 422 };
  try {
    return await db.transaction(async (tx) => {
      const marked = await tx
        .update(companyDomains)
        .set({ verifiedAt: new Date() })
        .where(and(eq(companyDomains.id, row.id), isNull(companyDomains.verifiedAt)))
        .returning({ id: companyDomains.id });
      // Nothing marked: a check at the same time verified it first, or it was removed meanwhile.
      if (marked.length === 0)
        return (await domainOf(tx, input.organizationId, row.id))
          ? { verified: true as const }
          : { error: DOMAIN_MESSAGES.notFound, status: 404 };
      await syncProviderDomains(tx, input.organizationId);
      await logChange(tx, input, "domain-verified", row.domain);
      return { verified: true as const };
    });
  } catch (error) {
    // The partial unique index: another company verified it between our look and our write.
    if (violates(error, "company_domains_verified_domain")) return refusedElsewhere;
    throw error;
  }
}

export async function removeCompanyDomain(
  db: DbOrTx,
  input: ByWhom & { domainId: string },
): Promise<{ domain: string } | Refusal> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(companyDomains)
      .where(ofCompany(input.organizationId, input.domainId))
      .returning({ domain: companyDomains.domain });
    if (!gone) return { error: DOMAIN_MESSAGES.notFound, status: 404 };
    await syncProviderDomains(tx, input.organizationId);
    await logChange(tx, input, "domain-removed", gone.domain);
    return { domain: gone.domain };
  });
}

/**
 * 'Require single sign-on' for a verified domain: its people then sign in only through the company's provider.
 * Turning it off is always allowed, so a company whose provider is gone can let its people use passwords again.
 */
export async function setRequireSso(
  db: DbOrTx,
  input: ByWhom & { domainId: string; required: boolean },
): Promise<{ requireSso: boolean } | Refusal> {
  return db.transaction(async (tx) => {
    const row = await domainOf(tx, input.organizationId, input.domainId, true);
    if (!row) return { error: DOMAIN_MESSAGES.notFound, status: 404 };
    if (input.required) {
      if (!row.verifiedAt) return { error: DOMAIN_MESSAGES.verifyFirst(row.domain), status: 409 };
      const [provider] = await tx
        .select({ id: ssoProviders.id })
        .from(ssoProviders)
        .where(eq(ssoProviders.organizationId, input.organizationId))
        .limit(1);
      if (!provider) return { error: DOMAIN_MESSAGES.noProvider, status: 409 };
    }
    if (row.requireSso === input.required) return { requireSso: row.requireSso };
    await tx.update(companyDomains).set({ requireSso: input.required }).where(eq(companyDomains.id, row.id));
    await logChange(tx, input, "sso-required", row.domain, input.required ? "required" : "not required");
    return { requireSso: input.required };
  });
}

const ofCompany = (organizationId: string, domainId: string) =>
  and(eq(companyDomains.id, domainId), eq(companyDomains.organizationId, organizationId));

/** The domain, only when it is this company's; `lock` holds it until the transaction ends. */
async function domainOf(db: DbOrTx, organizationId: string, domainId: string, lock = false) {
  const query = db.select().from(companyDomains).where(ofCompany(organizationId, domainId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

async function verifiedByAnother(db: DbOrTx, organizationId: string, domain: string) {
  const [other] = await db
    .select({ id: companyDomains.id })
    .from(companyDomains)
    .where(
      and(
        eq(companyDomains.domain, domain),
        isNotNull(companyDomains.verifiedAt),
        ne(companyDomains.organizationId, organizationId),
      ),
    );
  return Boolean(other);
}

/**
 * The TXT records at the name, each one's strings joined (a record longer than 255 characters comes in several).
 * Any failure (no such name, no answer, a timeout) reads as 'not there yet': the company checks again later.
 */
async function txtValues(name: string, dnsServers: string[]) {
  const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
  if (dnsServers.length > 0) resolver.setServers(dnsServers);
  const budget = setTimeout(() => resolver.cancel(), LOOKUP_BUDGET_MS);
  try {
    const records = await resolver.resolveTxt(name);
    return records.map((chunks) => chunks.join(""));
  } catch {
    return [];
  } finally {
    clearTimeout(budget);
  }
}

/** A unique violation of the named constraint, however the driver wrapped it. */
function violates(error: unknown, constraint: string) {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return name === constraint;
  }
  return false;
}

function logChange(db: DbOrTx, by: ByWhom, action: CompanyEventAction, subject: string, detail?: string) {
  return recordCompanyEvent(db, {
    organizationId: by.organizationId,
    actor: by.actor,
    action,
    subject,
    detail,
  });
}
