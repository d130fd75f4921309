// A company's template: who sets each member field, the company's phone and bio, and whether the design of the
// admin's own company card is everyone's. Saving it changes every member's company page at once
// (cards/company-look.server.ts).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { cardPages, organizations } from "~/db/schema";
import {
  type CompanyTemplate,
  type CompanyTemplateSchema,
  MEMBER_FIELDS,
  type MemberField,
} from "~/schemas/company";
import type { z } from "~/schemas/zod";
import { companyCardOf, setDepartedText } from "../cards/company-cards.server";
import { addCompanyLinks, applyCompanyLook, type CompanyLook } from "../cards/company-look.server";
import type { DbOrTx } from "../platform/db.server";
import { type CompanyAccess, CompanyRefusal, fallbackNotice } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";

const NO_TEMPLATE: CompanyTemplate = {
  policies: { jobTitle: "editable", phone: "editable", bio: "editable" },
  phone: null,
  bio: null,
  design: null,
  fallback: null,
};

export async function companyTemplate(db: DbOrTx, organizationId: string): Promise<CompanyTemplate> {
  const [row] = await db
    .select({ template: organizations.template })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.template ?? NO_TEMPLATE;
}

/** What the template makes of a member's page: the company's name, the design and values it sets, what is locked. */
export function lookOf(template: CompanyTemplate, company: string): CompanyLook {
  const locked: string[] = MEMBER_FIELDS.filter((f) => template.policies[f] === "locked");
  if (template.design) locked.push("design");
  return {
    businessName: company,
    design: template.design ?? undefined,
    locked,
    values: {
      ...(template.policies.phone === "locked" && template.phone ? { contactPhone: template.phone } : {}),
      ...(template.policies.bio === "locked" && template.bio ? { bio: template.bio } : {}),
    },
    links: template.links ?? [],
  };
}

export const requiredFields = (template: CompanyTemplate) =>
  MEMBER_FIELDS.filter((f) => template.policies[f] === "required") as MemberField[];

export async function saveCompanyTemplate(
  db: DbOrTx,
  access: CompanyAccess,
  values: z.output<typeof CompanyTemplateSchema>,
) {
  let design: object | null = null;
  if (values.design === "card") {
    const own = await companyCardOf(db, access.company.id, access.user.id);
    const [page] = own
      ? await db.select({ design: cardPages.design }).from(cardPages).where(eq(cardPages.id, own.id))
      : [];
    if (!page)
      throw new CompanyRefusal(
        "Make your company card on the Overview first, and design it: its design becomes everyone's.",
      );
    design = page.design ?? {};
  }
  const before = (await companyTemplate(db, access.company.id)).links ?? [];
  // A link keeps its id while its address stays: a new title then reaches every card in place.
  const links = values.links.map((l) => ({
    ...l,
    id: before.find((b) => b.url === l.url && b.locked === l.locked)?.id ?? randomUUID(),
  }));
  const template: CompanyTemplate = {
    policies: { jobTitle: values.jobTitlePolicy, phone: values.phonePolicy, bio: values.bioPolicy },
    phone: values.phone ?? null,
    bio: values.bio ?? null,
    design,
    fallback: values.fallback ?? null,
    links,
  };
  await db.update(organizations).set({ template }).where(eq(organizations.id, access.company.id));
  const pages = await applyCompanyLook(db, access.company.id, lookOf(template, access.company.name));
  // An editable link new to the template is given to every card once; from then on it is each member's.
  const given = links.filter((l) => !l.locked && !before.some((b) => b.id === l.id));
  if (given.length) await addCompanyLinks(db, access.company.id, given);
  await setDepartedText(db, access.company.id, fallbackNotice(access.company, "", template.fallback).text);
  await recordCompanyEvent(db, {
    organizationId: access.company.id,
    actor: access.user,
    action: "template-changed",
    subject: `${pages} ${pages === 1 ? "card" : "cards"}`,
  });
  return pages;
}
