// Every single-line field of the shared form schemas, also those no route test reaches at once (the checkout's
// address, a lead pool CSV row, the admin:create command): a line break or control character inside is refused,
// the same value on one line is accepted.
import { describe, expect, it } from "vitest";
import { AdminAccountSchema, RegisterSchema } from "./auth";
import { LeadRowSchema } from "./business-list";
import { CardLinkSchema, CreateClientSchema, ShopSchema } from "./card-page";
import { MultiLinkItemSchema } from "./cart";
import { DeliverySchema } from "./checkout";
import { PayoutSchema } from "./commission-payout";
import { ContactSchema } from "./contact";
import { ShareContactSchema } from "./contact-exchange";
import { isOneLine } from "./fields";
import { ProfileSchema } from "./profile";
import { ProspectFieldsSchema } from "./prospects";
import { UpdateRequestSchema } from "./update-request";
import type { z } from "./zod";

const BREAKS = ["\r\n", "\n", "\r", "\t", "\u0000", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029"];

const CASES: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  [
    "register",
    RegisterSchema,
    { name: "Ann", email: "a@example.com", password: "long enough 1", terms: "on" },
    ["name"],
  ],
  [
    "admin:create",
    AdminAccountSchema,
    { email: "a@example.com", password: "long enough 1", name: "Ann" },
    ["name"],
  ],
  [
    "checkout address",
    DeliverySchema,
    {
      fullName: "Ann Buyer",
      email: "a@example.com",
      phone: "07700 900000",
      addressLine1: "1 High St",
      addressLine2: "Flat 2",
      city: "Leeds",
      postalCode: "LS1 1AA",
      country: "GB",
    },
    ["fullName", "phone", "addressLine1", "addressLine2", "city", "postalCode"],
  ],
  [
    "contact form",
    ContactSchema,
    {
      name: "Ann",
      email: "a@example.com",
      subject: "custom",
      customSubject: "Hi",
      orderNumber: "WC123456",
      message: "x",
    },
    ["name", "customSubject", "orderNumber"],
  ],
  [
    "share your details",
    ShareContactSchema,
    { name: "Ann", email: "a@example.com", company: "Co", jobTitle: "Buyer", consent: "on" },
    ["name", "company", "jobTitle"],
  ],
  [
    "profile",
    ProfileSchema,
    { firstName: "Ann", lastName: "Lee", location: "Leeds" },
    ["firstName", "lastName", "location"],
  ],
  [
    "prospect",
    ProspectFieldsSchema,
    { businessName: "Biz", contactName: "Ann", address: "1 High St", businessType: "salon" },
    ["businessName", "contactName", "address"],
  ],
  [
    "lead CSV row",
    LeadRowSchema,
    { business_name: "Biz", contact_name: "Ann", phone: "01632 960 001", email: "", address: "1 High St" },
    ["business_name", "contact_name", "address"],
  ],
  [
    "card page",
    CreateClientSchema,
    { name: "Ann", businessName: "Biz", instagram: "ann" },
    ["name", "businessName", "instagram"],
  ],
  ["card link", CardLinkSchema, { title: "Site", url: "https://example.com", icon: "globe" }, ["title"]],
  ["shop", ShopSchema, { name: "Shop", location: "Leeds" }, ["name", "location"]],
  [
    "Multi Link card",
    MultiLinkItemSchema,
    { kind: "multi-link", name: "Ann", links: [{ platform: "website", url: "https://example.com" }] },
    ["name"],
  ],
  [
    "update request",
    UpdateRequestSchema,
    {
      cardNumber: "WC1234",
      name: "Ann",
      email: "a@example.com",
      updateType: "add-link",
      platform: "Website",
      url: "https://example.com",
    },
    ["name", "platform"],
  ],
  ["payout", PayoutSchema, { referrerUserId: "u1", amount: "100", reference: "REF-1" }, ["reference"]],
];

describe("single-line fields", () => {
  for (const [form, schema, valid, fields] of CASES)
    it(`${form}: ${fields.join(", ")} refuse line breaks and control characters`, () => {
      expect(schema.safeParse(valid).error?.issues).toBeUndefined();
      for (const field of fields)
        for (const b of BREAKS) {
          const result = schema.safeParse({ ...valid, [field]: `${String(valid[field])}${b}more` });
          const seen = { form, field, b: JSON.stringify(b), ok: result.success };
          expect(seen).toEqual({ ...seen, ok: false });
          expect(result.error?.issues.map((i) => i.path.join("."))).toContain(field);
        }
    });

  it("a link label of a Multi Link card is one line too", () => {
    const parsed = MultiLinkItemSchema.safeParse({
      kind: "multi-link",
      name: "Ann",
      links: [{ platform: "website", label: "My\nsite", url: "https://example.com" }],
    });
    expect(parsed.success).toBe(false);
  });

  it("isOneLine keeps letters of any script, emoji and their joiners", () => {
    expect(isOneLine("Zoë O'Brien-Łukasz 李 👩‍💻")).toBe(true);
    expect(isOneLine("a\u00a0b")).toBe(true);
  });
});
