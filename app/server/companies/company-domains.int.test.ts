// A company's e-mail domains on both databases, checked against a name server on this machine: adding one,
// proving it by its TXT record, one company per verified domain (also when the other verifies it mid-check),
// 'Require single sign-on', the limit of domains, removing, and the provider following the verified domains.
import dgram from "node:dgram";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyDomains, companyEvents, organizations, ssoProviders } from "~/db/schema";
import { ssoRequiredFor } from "~/server/accounts/company-sign-in.server";
import { startDnsServer, type TestDnsServer } from "../../../tests/support/dns-server";
import { type CompanyShop, companyRoutes, companyShop } from "../../routes/dashboard/company/company-fixture";
import {
  addCompanyDomain,
  checkCompanyDomain,
  companyDomainsOf,
  DOMAIN_MESSAGES,
  domainRecord,
  MAX_COMPANY_DOMAINS,
  removeCompanyDomain,
  setRequireSso,
} from "./company-domains.server";
import { companyEventsPage } from "./company-events.server";

type Company = { organizationId: string; actor: { id: string; name: string } };
let shop: CompanyShop;
let dns: TestDnsServer;
let acme: Company;
let globex: Company;

async function company(who: CompanyShop["olivia"], actorName: string, name: string): Promise<Company> {
  const made = await companyRoutes(shop).createCompany(who, { name });
  const slug = made.location!.split("/").pop()!;
  const [org] = await shop.t.db.select().from(organizations).where(eq(organizations.slug, slug));
  return { organizationId: org!.id, actor: { id: who.id, name: actorName } };
}

beforeAll(async () => {
  shop = await companyShop("company-domains");
  dns = await startDnsServer();
  acme = await company(shop.olivia, "Olivia", "Acme");
  globex = await company(shop.otto, "Otto", "Globex");
});
afterAll(async () => {
  await dns?.close();
  await shop?.t.close();
});

const add = (c: Company, raw: string) => addCompanyDomain(shop.t.db, { ...c, raw });
const check = (c: Company, domainId: string) =>
  checkCompanyDomain(shop.t.db, { ...c, domainId, dnsServers: [dns.address] });
const remove = (c: Company, domainId: string) => removeCompanyDomain(shop.t.db, { ...c, domainId });
const requireSso = (c: Company, domainId: string, required: boolean) =>
  setRequireSso(shop.t.db, { ...c, domainId, required });
const listed = async (c: Company, domain: string) =>
  (await companyDomainsOf(shop.t.db, c.organizationId)).find((d) => d.domain === domain)!;
/** Adds the domain and publishes its record, as a company does before it presses 'Check'. */
async function addWithRecord(c: Company, domain: string) {
  expect(await add(c, domain)).toMatchObject({ domain });
  const d = await listed(c, domain);
  dns.setTxt(d.record.name, [d.record.value]);
  return d;
}
const refusal = (error: string, status: number) => ({ error, status });
const rowsOf = (domain: string) =>
  shop.t.db.select().from(companyDomains).where(eq(companyDomains.domain, domain));
/** The company's log entries of one kind, oldest first: [subject, detail]. */
async function logged(c: Company, action: string) {
  const where = and(eq(companyEvents.organizationId, c.organizationId), eq(companyEvents.action, action));
  const rows = await shop.t.db.select().from(companyEvents).where(where).orderBy(companyEvents.id);
  return rows.map((e) => [e.subject, e.detail]);
}
async function providerOf(c: Company) {
  const [row] = await shop.t.db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.organizationId, c.organizationId));
  return row && { domain: row.domain, domainVerified: row.domainVerified };
}

describe("adding a domain", () => {
  it("lists it once, as DNS spells it, with a record of its own, and logs it", async () => {
    expect(await add(acme, "@Acme.Example.")).toEqual({ id: expect.any(String), domain: "acme.example" });
    const [row] = await rowsOf("acme.example");
    expect(row!.token).toMatch(/^[\w-]{24}$/);
    expect(await companyDomainsOf(shop.t.db, acme.organizationId)).toEqual([
      {
        id: row!.id,
        domain: "acme.example",
        verifiedAt: null,
        requireSso: false,
        record: domainRecord("acme.example", row!.token),
      },
    ]);
    expect(await add(acme, "ACME.example")).toEqual(refusal(DOMAIN_MESSAGES.listed("acme.example"), 409));
    expect(await logged(acme, "domain-added")).toEqual([["acme.example", null]]);
    // Another company may list it too while nobody has verified it, with a token of its own.
    await add(globex, "acme.example");
    expect((await listed(globex, "acme.example")).record.value).not.toBe(
      (await listed(acme, "acme.example")).record.value,
    );
  });

  it("refuses public mail domains, the names under them and what is not a domain, adding nothing", async () => {
    const publicMail = refusal(DOMAIN_MESSAGES.publicMail("gmail.com"), 400);
    expect(await add(acme, "Gmail.com")).toEqual(publicMail);
    expect(await add(acme, "mail.gmail.com")).toEqual(publicMail);
    expect(await add(acme, "acme")).toEqual(refusal(DOMAIN_MESSAGES.badShape, 400));
    expect(await add(acme, `${"a".repeat(300)}.com`)).toEqual(refusal(DOMAIN_MESSAGES.tooLong, 400));
    expect((await companyDomainsOf(shop.t.db, acme.organizationId)).map((d) => d.domain)).toEqual([
      "acme.example",
    ]);
  });
});

describe("checking the TXT record", () => {
  it("refuses, naming the record, until it holds the value; then verifies once and the provider follows", async () => {
    await shop.t.db.insert(ssoProviders).values({
      id: crypto.randomUUID(),
      providerId: "acme-idp",
      issuer: "https://idp.acme.example",
      domain: "unverified.invalid",
      domainVerified: false,
      organizationId: acme.organizationId,
    });
    const { id, record } = await listed(acme, "acme.example");
    const missing = { error: DOMAIN_MESSAGES.recordMissing(record), status: 422 };
    expect(missing.error).toContain(record.name);
    expect(missing.error).toContain(record.value);
    expect(await check(acme, id)).toEqual(missing); // no such name (NXDOMAIN)
    dns.setTxt(record.name, []);
    expect(await check(acme, id)).toEqual(missing); // the name, without TXT records
    dns.setTxt(record.name, ["v=spf1 -all", `${record.value}x`, domainRecord("acme.example", "wrong").value]);
    expect(await check(acme, id)).toEqual(missing);
    expect((await listed(acme, "acme.example")).verifiedAt).toBeNull();
    expect(await providerOf(acme)).toEqual({ domain: "unverified.invalid", domainVerified: false });

    dns.setTxt(record.name, ["v=spf1 -all", record.value]);
    expect(await check(acme, id)).toEqual({ verified: true });
    expect((await listed(acme, "acme.example")).verifiedAt).toBeInstanceOf(Date);
    expect(await providerOf(acme)).toEqual({ domain: "acme.example", domainVerified: true });
    expect(await check(acme, id)).toEqual({ verified: true });
    expect(await logged(acme, "domain-verified")).toEqual([["acme.example", null]]);
  });

  it("joins a record sent in several strings; the provider holds every verified domain", async () => {
    expect(await add(acme, "sales.acme.example")).toMatchObject({ domain: "sales.acme.example" });
    const { id, record } = await listed(acme, "sales.acme.example");
    dns.setTxt(record.name, [[record.value.slice(0, 12), record.value.slice(12)]]);
    expect(await check(acme, id)).toEqual({ verified: true });
    expect(await providerOf(acme)).toEqual({
      domain: "acme.example,sales.acme.example",
      domainVerified: true,
    });
  });

  it("reads a name server that never answers as the record not found yet", async () => {
    const silent = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    const { id, record } = await addWithRecord(acme, "quiet.acme.example");
    const dnsServers = [`127.0.0.1:${silent.address().port}`];
    const answer = await checkCompanyDomain(shop.t.db, { ...acme, domainId: id, dnsServers });
    silent.close();
    expect(answer).toEqual(refusal(DOMAIN_MESSAGES.recordMissing(record), 422));
    expect((await listed(acme, "quiet.acme.example")).verifiedAt).toBeNull();
  });

  it("finds no domain of another company's", async () => {
    const { id } = await listed(acme, "acme.example");
    const notFound = { error: DOMAIN_MESSAGES.notFound, status: 404 };
    expect(await check(globex, id)).toEqual(notFound);
    expect(await remove(globex, id)).toEqual(notFound);
    expect(await requireSso(globex, id, true)).toEqual(notFound);
    expect(await listed(acme, "acme.example")).toMatchObject({ id, requireSso: false });
  });
});

describe("one company per verified domain", () => {
  it("the second company can neither verify nor add a domain the first verified", async () => {
    // Told at once, without a look-up: their record is not even published.
    const theirs = await listed(globex, "acme.example");
    const taken = { error: DOMAIN_MESSAGES.verifiedElsewhere("acme.example"), status: 409 };
    expect(await check(globex, theirs.id)).toEqual(taken);
    expect(await remove(globex, theirs.id)).toEqual({ domain: "acme.example" });
    expect(await add(globex, "@ACME.example")).toEqual(taken);
    expect(await companyDomainsOf(shop.t.db, globex.organizationId)).toEqual([]);
    expect(await logged(globex, "domain-verified")).toEqual([]);
  });

  it("the unique index refuses it when the other company verifies between the look-up and the write", async () => {
    const ours = await addWithRecord(acme, "held.example");
    const theirs = await addWithRecord(globex, "held.example");
    dns.setTxt(theirs.record.name, [ours.record.value, theirs.record.value]);
    const hold = dns.holdNext(theirs.record.name);
    const late = check(globex, theirs.id);
    await hold.asked;
    expect(await check(acme, ours.id)).toEqual({ verified: true });
    hold.release();
    expect(await late).toEqual({ error: DOMAIN_MESSAGES.verifiedElsewhere("held.example"), status: 409 });
    expect((await listed(globex, "held.example")).verifiedAt).toBeNull();
    expect(await logged(globex, "domain-verified")).toEqual([]);
  });

  it("when both check at once, one of them gets it", async () => {
    const ours = await addWithRecord(acme, "race.example");
    const theirs = await addWithRecord(globex, "race.example");
    dns.setTxt(ours.record.name, [ours.record.value, theirs.record.value]);
    const results = await Promise.all([check(acme, ours.id), check(globex, theirs.id)]);
    const refused = { error: DOMAIN_MESSAGES.verifiedElsewhere("race.example"), status: 409 };
    expect(results).toContainEqual({ verified: true });
    expect(results).toContainEqual(refused);
    expect((await rowsOf("race.example")).filter((r) => r.verifiedAt)).toHaveLength(1);
  });
});

describe("require single sign-on", () => {
  it("needs a verified domain and an identity provider, and holds only for verified domains that require it", async () => {
    const pending = await addWithRecord(acme, "sso.acme.example");
    const unverified = refusal(DOMAIN_MESSAGES.verifyFirst("sso.acme.example"), 409);
    expect(await requireSso(acme, pending.id, true)).toEqual(unverified);
    expect(await check(acme, pending.id)).toEqual({ verified: true });
    const bare = await addWithRecord(globex, "globex.example");
    expect(await check(globex, bare.id)).toEqual({ verified: true });
    expect(await requireSso(globex, bare.id, true)).toEqual(refusal(DOMAIN_MESSAGES.noProvider, 409));
    expect(await requireSso(globex, bare.id, false)).toEqual({ requireSso: false });
    expect(await ssoRequiredFor(shop.t.db, "nobody@example.com")).toBeNull();

    expect(await requireSso(acme, pending.id, true)).toEqual({ requireSso: true });
    expect(await ssoRequiredFor(shop.t.db, "Rita@SSO.Acme.Example")).toMatchObject({ company: "Acme" });
    expect(await ssoRequiredFor(shop.t.db, "rita@acme.example")).toBeNull();
    expect(await ssoRequiredFor(shop.t.db, "ted@globex.example")).toBeNull();
    expect(await ssoRequiredFor(shop.t.db, "no address")).toBeNull();
    // An unverified domain never requires it, even with the flag set.
    expect(await add(acme, "later.acme.example")).toMatchObject({ domain: "later.acme.example" });
    await shop.t.db
      .update(companyDomains)
      .set({ requireSso: true })
      .where(eq(companyDomains.domain, "later.acme.example"));
    expect(await ssoRequiredFor(shop.t.db, "rita@later.acme.example")).toBeNull();

    expect(await requireSso(acme, pending.id, false)).toEqual({ requireSso: false });
    expect(await ssoRequiredFor(shop.t.db, "rita@sso.acme.example")).toBeNull();
    expect(await logged(acme, "sso-required")).toEqual([
      ["sso.acme.example", "required"],
      ["sso.acme.example", "not required"],
    ]);
    expect(await logged(globex, "sso-required")).toEqual([]);
  });
});

describe("at most 20 domains", () => {
  it("refuses the 21st, also when many are added at once", async () => {
    const initech = await company(shop.mia, "Mia", "Initech");
    const results = await Promise.all(
      Array.from({ length: MAX_COMPANY_DOMAINS + 5 }, (_, i) => add(initech, `d${i}.initech.example`)),
    );
    const tooMany = { error: DOMAIN_MESSAGES.tooMany, status: 409 };
    expect(results.filter((r) => "domain" in r)).toHaveLength(MAX_COMPANY_DOMAINS);
    expect(results.filter((r) => "error" in r)).toEqual(Array(5).fill(tooMany));
    expect(await add(initech, "one-more.example")).toEqual(tooMany);
    expect(await companyDomainsOf(shop.t.db, initech.organizationId)).toHaveLength(MAX_COMPANY_DOMAINS);
  });
});

describe("removing a domain", () => {
  it("removes it, logs it, and the provider keeps only the domains still verified", async () => {
    const domains = await companyDomainsOf(shop.t.db, acme.organizationId);
    for (const d of domains) {
      expect(await remove(acme, d.id)).toEqual({ domain: d.domain });
      const left = (await companyDomainsOf(shop.t.db, acme.organizationId)).filter((x) => x.verifiedAt);
      if (left.length > 0)
        expect(await providerOf(acme)).toEqual({
          domain: left.map((x) => x.domain).join(","),
          domainVerified: true,
        });
    }
    expect(await companyDomainsOf(shop.t.db, acme.organizationId)).toEqual([]);
    expect((await providerOf(acme))?.domainVerified).toBe(false);
    expect((await providerOf(acme))?.domain).not.toContain("acme.example");
    expect((await logged(acme, "domain-removed")).map(([subject]) => subject)).toEqual(
      domains.map((d) => d.domain),
    );
    expect(await remove(acme, domains[0]!.id)).toEqual({ error: DOMAIN_MESSAGES.notFound, status: 404 });
  });

  it("shows each change in the company's log", async () => {
    const { events } = await companyEventsPage(shop.t.db, acme.organizationId);
    const said = new Set(events.map((e) => e.what));
    const words = [
      "Added the domain",
      "Verified the domain",
      "Removed the domain",
      "Changed single sign-on for",
    ];
    for (const w of words) expect(said).toContain(w);
  });
});
