// The access matrix's rows for the customer dashboard outside Settings: cards and their design page, links,
// contacts, resale and cold calling. A new dashboard route or intent gets its row here (Settings: settings-cases.ts).
import { noFields, type RouteCase } from "./types";

/** A design another account tries to save. */
export const DESIGN_FIELDS = {
  theme: "bold",
  variant: "dark",
  brand: "#123456",
  buttonFill: "outlined",
  buttonShape: "square",
  font: "serif",
};

/** A card's Design page's intents, the owner's and the admin's, each naming A's card. */
export const DESIGN_INTENTS: RouteCase["intents"] = {
  "save-design": { kind: "foreign", fields: () => DESIGN_FIELDS },
  "reset-design": { kind: "foreign", fields: noFields },
  "upload-cover": { kind: "foreign", fields: noFields },
  "upload-logo": { kind: "foreign", fields: noFields },
  "remove-cover": { kind: "foreign", fields: noFields },
  "remove-logo": { kind: "foreign", fields: noFields },
  "hide-link": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
  "show-link": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
  "move-up": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
  "move-down": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
  "reorder-links": { kind: "foreign", fields: (ids) => ({ order: ids.linkId }) },
};

const company = (ids: { companySlug: string }) => ({ slug: ids.companySlug });

export const DASHBOARD_CASES: Record<string, RouteCase> = {
  // Companies: the list shows the account's own; a company's pages answer 404 to anyone not in it (the shop's
  // admin included), and each intent names A's company, so anyone else changes nothing.
  "routes/dashboard/companies.tsx": {
    area: "customer",
    path: () => "/dashboard/companies",
    read: "own",
    intents: { "create-company": { kind: "self", fields: () => ({ name: "Someone Else Ltd" }) } },
  },
  "routes/dashboard/company/layout.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/overview.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}`,
    params: company,
    read: "ids",
    intents: {
      leave: { kind: "foreign", fields: noFields },
      "make-card": { kind: "foreign", fields: noFields },
      "save-card": { kind: "foreign", fields: () => ({ jobTitle: "Intruder" }) },
      "save-address": {
        kind: "foreign",
        fields: () => ({
          fullName: "Intruder",
          email: "intruder@example.com",
          phone: "+44 7700 900999",
          addressLine1: "1 Elsewhere",
          city: "London",
          postalCode: "N1 1AA",
          country: "GB",
        }),
      },
    },
  },
  "routes/dashboard/company/people.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/people`,
    params: company,
    read: "ids",
    intents: {
      invite: { kind: "foreign", fields: () => ({ email: "intruder@example.com", role: "owner" }) },
      "import-csv": { kind: "foreign", fields: noFields },
      resend: { kind: "foreign", fields: (ids) => ({ invitationId: ids.invitationId }) },
      revoke: { kind: "foreign", fields: (ids) => ({ invitationId: ids.invitationId }) },
      "set-role": { kind: "foreign", fields: (ids) => ({ memberId: ids.companyMemberId, role: "owner" }) },
      remove: { kind: "foreign", fields: (ids) => ({ memberId: ids.companyMemberId }) },
    },
  },
  "routes/dashboard/company/cards.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/cards`,
    params: company,
    read: "ids",
    intents: {
      reassign: {
        kind: "foreign",
        fields: (ids) => ({
          physicalCardId: ids.physicalCardId,
          fromCardPageId: ids.cardId,
          toEmail: "dan.alice-colleague@example.com",
        }),
      },
    },
  },
  "routes/dashboard/company/order-cards.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/order-cards`,
    params: company,
    read: "ids",
    intents: {
      "order-cards": { kind: "foreign", fields: () => ({ choose: "everyone-without-a-card" }) },
      "ask-addresses": { kind: "foreign", fields: noFields },
    },
  },
  "routes/dashboard/company/contacts.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/contacts`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/contacts-export.ts": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/contacts/export.csv`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/analytics.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/analytics`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/analytics-csv.ts": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/analytics.csv`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/log-csv.ts": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/log.csv`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/company/template.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/template`,
    params: company,
    read: "ids",
    intents: {
      "save-template": {
        kind: "foreign",
        fields: () => ({
          jobTitlePolicy: "locked",
          phonePolicy: "locked",
          bioPolicy: "locked",
          design: "own",
        }),
      },
    },
  },
  "routes/dashboard/company/integrations.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/integrations`,
    params: company,
    read: "ids",
    intents: {
      "add-endpoint": { kind: "foreign", fields: () => ({ url: "https://mallory-hooks.example.com/in" }) },
      "send-test": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
      "set-enabled": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId, enabled: "false" }) },
      "delete-endpoint": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
    },
  },
  "routes/dashboard/company/sign-in.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/sign-in`,
    params: company,
    read: "ids",
    intents: {
      "add-domain": { kind: "foreign", fields: () => ({ domain: "mallory.example" }) },
      "check-domain": { kind: "foreign", fields: (ids) => ({ domainId: ids.companyMemberId }) },
      "remove-domain": { kind: "foreign", fields: (ids) => ({ domainId: ids.companyMemberId }) },
      "require-sso": { kind: "foreign", fields: (ids) => ({ domainId: ids.companyMemberId }) },
      "allow-passwords": { kind: "foreign", fields: (ids) => ({ domainId: ids.companyMemberId }) },
      "add-oidc": {
        kind: "foreign",
        fields: () => ({ issuer: "https://idp.mallory.example", clientId: "m", clientSecret: "m" }),
      },
      "add-saml": {
        kind: "foreign",
        fields: () => ({ metadataUrl: "https://idp.mallory.example/saml/metadata" }),
      },
      "remove-provider": { kind: "foreign", fields: noFields },
      "create-scim-token": { kind: "foreign", fields: noFields },
      "revoke-scim-token": { kind: "foreign", fields: noFields },
    },
  },
  "routes/dashboard/company/log.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/company/${ids.companySlug}/log`,
    params: company,
    read: "ids",
  },
  "routes/dashboard/layout.tsx": { area: "customer", path: () => "/dashboard", read: "own" },
  "routes/dashboard/home.tsx": { area: "customer", path: () => "/dashboard", read: "own" },
  "routes/dashboard/links.tsx": {
    area: "customer",
    path: () => "/dashboard/links",
    read: "own",
    foreignReads: (ids) => [`/dashboard/links?edit=${ids.linkId}`, `/dashboard/links?remove=${ids.linkId}`],
    intents: {
      "add-link": {
        kind: "foreign",
        fields: (ids) => ({ cardId: ids.cardId, title: "Mine now", url: "https://evil.example" }),
      },
      "edit-link": {
        kind: "foreign",
        fields: (ids) => ({ linkId: ids.linkId, title: "Changed", url: "https://evil.example" }),
      },
      "remove-link": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
    },
  },
  "routes/dashboard/card-design.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/design`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
    read: "ids",
    intents: DESIGN_INTENTS,
  },
  "routes/dashboard/card-design-preview.ts": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/preview?theme=bold`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
    read: "ids",
  },
  "routes/dashboard/apple-wallet-pass.ts": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/wallet.pkpass`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
    read: "ids",
  },
  "routes/dashboard/card-wallet-google.ts": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/wallet/google`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
    read: "ids",
    ownerStatus: 303,
  },
  "routes/dashboard/brand-kit.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/brand-kit`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
    read: "ids",
  },
  "routes/dashboard/brand-kit-files.ts": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/brand-kit/qr.png?colour=brand`,
    params: (ids) => ({ cardNumber: ids.cardNumber, file: "qr.png" }),
    read: "ids",
  },
  "routes/dashboard/cards.tsx": {
    area: "customer",
    path: () => "/dashboard/cards",
    read: "own",
    foreignReads: (ids) => [
      `/dashboard/cards?card=${ids.cardNumber}`,
      `/dashboard/cards?qr=${ids.cardNumber}`,
    ],
    intents: {
      // Knowing A's card number is not enough: the edit password is A's secret.
      claim: { kind: "self", fields: (ids) => ({ cardNumber: ids.cardNumber, password: "a-guess-123" }) },
      // Turning the 'share your details' form on for A's card: only A may.
      "contact-exchange": { kind: "foreign", fields: (ids) => ({ cardId: ids.cardId, on: "true" }) },
      // A card's state is its owner's alone: someone else naming A's card (or A's physical card) gets 404.
      pause: { kind: "foreign", fields: (ids) => ({ cardNumber: ids.cardNumber }) },
      resume: { kind: "foreign", fields: (ids) => ({ cardNumber: ids.cardNumber }) },
      "report-lost": {
        kind: "foreign",
        fields: (ids) => ({ cardNumber: ids.cardNumber, physicalCardId: ids.physicalCardId, choice: "card" }),
      },
      "card-on": {
        kind: "foreign",
        fields: (ids) => ({ cardNumber: ids.cardNumber, physicalCardId: ids.physicalCardId }),
      },
      "order-replacement": {
        kind: "foreign",
        fields: (ids) => ({
          cardNumber: ids.cardNumber,
          physicalCardId: ids.physicalCardId,
          turnOffNow: "on",
        }),
      },
    },
  },
  // A's card in the address is not found for anyone else; their own export has none of A's rows.
  "routes/dashboard/cards-activity-csv.ts": {
    area: "customer",
    path: () => "/dashboard/cards/activity.csv?range=365",
    read: "own",
    foreignReads: (ids) => [
      `/dashboard/cards/activity.csv?card=${ids.cardNumber}&range=90`,
      `/dashboard/cards/activity.csv?card=${ids.cardNumber}`,
    ],
  },
  "routes/dashboard/resell.tsx": { area: "customer", path: () => "/dashboard/resell", read: "own" },
  "routes/dashboard/resell-qr.ts": { area: "customer", path: () => "/dashboard/resell/qr.svg", read: "own" },
  "routes/dashboard/resellers.ts": { area: "customer", path: () => "/dashboard/resellers", read: "redirect" },
  "routes/dashboard/contacts.tsx": {
    area: "customer",
    path: () => "/dashboard/contacts",
    read: "own",
    // Filtering by A's card does not tell anyone else it exists.
    foreignReads: (ids) => [`/dashboard/contacts?card=${ids.cardId}`],
    // Deleting the shares held for review deletes only the poster's own.
    intents: { "delete-held": { kind: "self", fields: noFields } },
  },
  "routes/dashboard/contact.tsx": {
    area: "customer",
    path: (ids) => `/dashboard/contacts/${ids.contactId}`,
    params: (ids) => ({ id: ids.contactId }),
    read: "ids",
    intents: {
      "add-to-prospects": { kind: "foreign", fields: () => ({ businessType: "retail" }) },
      "accept-contact": { kind: "foreign", fields: noFields },
      "delete-contact": { kind: "foreign", fields: noFields },
    },
  },
  "routes/dashboard/contact-vcard.ts": {
    area: "customer",
    path: (ids) => `/dashboard/contacts/${ids.contactId}/contact.vcf`,
    params: (ids) => ({ id: ids.contactId }),
    read: "ids",
  },
  "routes/dashboard/contacts-csv.ts": {
    area: "customer",
    path: () => "/dashboard/contacts/export.csv",
    read: "own",
    foreignReads: (ids) => [`/dashboard/contacts/export.csv?card=${ids.cardId}`],
  },
  "routes/dashboard/contacts-vcf.ts": {
    area: "customer",
    path: () => "/dashboard/contacts/export.vcf",
    read: "own",
    foreignReads: (ids) => [`/dashboard/contacts/export.vcf?card=${ids.cardId}`],
  },
  "routes/dashboard/cold-calling/layout.tsx": {
    area: "customer",
    path: () => "/dashboard/cold-calling",
    read: "own",
  },
  "routes/dashboard/cold-calling/overview.tsx": {
    area: "customer",
    path: () => "/dashboard/cold-calling",
    read: "own",
  },
  "routes/dashboard/cold-calling/lists.tsx": {
    area: "customer",
    path: () => "/dashboard/cold-calling/lists",
    read: "own",
    // The pool here is empty, so the list is refused: nobody's cart changes.
    intents: { "buy-list": { kind: "self", fields: () => ({ businessType: "restaurant" }) } },
  },
  "routes/dashboard/cold-calling/prospects.tsx": {
    area: "customer",
    path: () => "/dashboard/cold-calling/prospects",
    read: "own",
    intents: {
      "set-status": {
        kind: "foreign",
        fields: (ids) => ({ prospectId: ids.prospectId, status: "not_interested" }),
      },
      // A new prospect or an import lands on the poster's own account only.
      "add-prospect": { kind: "self", fields: () => ({ businessName: "Mallory's", businessType: "retail" }) },
      "import-csv": { kind: "self", fields: noFields },
    },
  },
  "routes/dashboard/cold-calling/prospects-csv.ts": {
    area: "customer",
    path: () => "/dashboard/cold-calling/prospects.csv",
    read: "own",
  },
  "routes/dashboard/cold-calling/activity.tsx": {
    area: "customer",
    path: () => "/dashboard/cold-calling/activity",
    read: "own",
    foreignReads: (ids) => [`/dashboard/cold-calling/activity?prospect=${ids.prospectId}`],
    intents: {
      "add-note": { kind: "foreign", fields: (ids) => ({ prospectId: ids.prospectId, note: "Mine now" }) },
    },
  },
};
