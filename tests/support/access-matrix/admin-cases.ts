// The access matrix's rows for the admin area (/admin-dashboard). A new admin route or intent gets its row here.
import { DESIGN_FIELDS, DESIGN_INTENTS } from "./dashboard-cases";
import { ACCOUNT_INTENTS } from "./settings-cases";
import { noFields, type RouteCase } from "./types";

export const ADMIN_CASES: Record<string, RouteCase> = {
  "routes/admin/layout.tsx": { area: "admin", path: () => "/admin-dashboard", read: "own" },
  "routes/admin/index.ts": { area: "admin", path: () => "/admin-dashboard", read: "redirect" },
  "routes/admin/orders.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/orders",
    read: "own",
    intents: {
      "order-status": { kind: "foreign", fields: (ids) => ({ orderId: ids.orderId, status: "refunded" }) },
      "mark-paid": { kind: "foreign", fields: (ids) => ({ orderId: ids.orderId }) },
      "card-from-order": { kind: "foreign", fields: (ids) => ({ orderId: ids.orderId }) },
      "review-request": { kind: "foreign", fields: () => ({ decision: "applied" }) },
    },
  },
  "routes/admin/fulfilment.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/fulfilment",
    read: "own",
    intents: {
      "mark-written": { kind: "foreign", fields: (ids) => ({ kind: "multi-link", cardId: ids.cardId }) },
      "mark-posted": {
        kind: "foreign",
        fields: (ids) => ({ orderId: ids.orderId, carrier: "royal-mail", trackingNumber: "AB123456789GB" }),
      },
      "mark-delivered": { kind: "foreign", fields: (ids) => ({ orderId: ids.orderId, notify: "on" }) },
      // No order of A's goes to members: any uuid stands for a parcel here.
      "mark-parcel-posted": {
        kind: "foreign",
        fields: (ids) => ({ parcelId: ids.orderId, carrier: "royal-mail", trackingNumber: "AB123456789GB" }),
      },
    },
  },
  "routes/admin/cards.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/cards",
    read: "own",
    intents: {
      "delete-card": { kind: "foreign", fields: (ids) => ({ id: ids.cardId }) },
      "set-sold": { kind: "foreign", fields: (ids) => ({ id: ids.cardId, isSold: "true" }) },
      allocate: { kind: "foreign", fields: (ids) => ({ cardId: ids.cardId }) },
      "create-shop": { kind: "foreign", fields: () => ({ name: "Evil shop" }) },
      "update-shop": { kind: "foreign", fields: () => ({ name: "Evil shop" }) },
      "delete-shop": { kind: "foreign", fields: noFields },
      "create-client": { kind: "foreign", fields: () => ({ name: "Evil", slug: "evil" }) },
    },
  },
  "routes/admin/earnings.tsx": { area: "admin", path: () => "/admin-dashboard/earnings", read: "own" },
  "routes/admin/referrers.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/referrers",
    read: "own",
    intents: { "set-featured": { kind: "foreign", fields: noFields } },
  },
  "routes/admin/create-card.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/create",
    read: "own",
    intents: { "": { kind: "foreign", fields: () => ({ name: "Evil", slug: "evil-card" }) } },
  },
  "routes/admin/edit-card.tsx": {
    area: "admin",
    path: (ids) => `/admin-dashboard/edit/${ids.cardId}`,
    params: (ids) => ({ id: ids.cardId }),
    read: "ids",
    intents: {
      "": { kind: "foreign", fields: () => ({ name: "Evil", slug: "evil-card" }) },
      save: { kind: "foreign", fields: () => ({ name: "Evil", slug: "evil-card" }) },
      pause: { kind: "foreign", fields: noFields },
      resume: { kind: "foreign", fields: noFields },
      "card-off": { kind: "foreign", fields: (ids) => ({ physicalCardId: ids.physicalCardId }) },
      "card-on": { kind: "foreign", fields: () => ({ physicalCardId: "older" }) },
      "mark-written": { kind: "foreign", fields: (ids) => ({ physicalCardId: ids.physicalCardId }) },
      "mark-not-written": { kind: "foreign", fields: (ids) => ({ physicalCardId: ids.physicalCardId }) },
      "add-card": { kind: "foreign", fields: noFields },
    },
  },
  "routes/admin/card-design.tsx": {
    area: "admin",
    path: (ids) => `/admin-dashboard/edit/${ids.cardId}/design`,
    params: (ids) => ({ id: ids.cardId }),
    read: "ids",
    intents: DESIGN_INTENTS,
  },
  "routes/admin/card-design-preview.ts": {
    area: "admin",
    path: (ids) => `/admin-dashboard/edit/${ids.cardId}/preview?theme=bold`,
    params: (ids) => ({ id: ids.cardId }),
    read: "ids",
  },
  "routes/admin/default-design.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/default-design",
    read: "own",
    intents: {
      "save-design": { kind: "foreign", fields: () => DESIGN_FIELDS },
      "reset-design": { kind: "foreign", fields: noFields },
    },
  },
  "routes/admin/default-design-preview.ts": {
    area: "admin",
    path: () => "/admin-dashboard/default-design/preview?theme=bold",
    read: "own",
  },
  "routes/admin/account.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/account",
    read: "own",
    intents: ACCOUNT_INTENTS,
  },
  "routes/admin/commissions.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/commissions",
    read: "own",
    intents: {
      "mark-paid-out": { kind: "foreign", fields: () => ({ amount: "1000", reference: "Evil" }) },
      "release-commission": { kind: "foreign", fields: () => ({ commissionId: crypto.randomUUID() }) },
      "reverse-commission": { kind: "foreign", fields: () => ({ commissionId: crypto.randomUUID() }) },
    },
  },
  "routes/admin/commissions-csv.ts": {
    area: "admin",
    path: () => "/admin-dashboard/commissions.csv",
    read: "own",
  },
  "routes/admin/companies.tsx": { area: "admin", path: () => "/admin-dashboard/companies", read: "own" },
  "routes/admin/leads.tsx": {
    area: "admin",
    path: () => "/admin-dashboard/leads",
    read: "own",
    intents: {
      "upload-leads": { kind: "foreign", fields: () => ({ businessType: "restaurant" }) },
      "add-type": { kind: "foreign", fields: () => ({ label: "Evil Type" }) },
      "remove-lead": { kind: "foreign", fields: () => ({ leadId: "00000000-0000-4000-8000-000000000000" }) },
      "remove-unused": { kind: "foreign", fields: () => ({ businessType: "restaurant" }) },
    },
  },
  "routes/admin/customers.ts": { area: "admin", path: () => "/admin-dashboard/customers?q=ali", read: "own" },
  "routes/admin/upload-image.ts": {
    area: "admin",
    path: () => "/admin-dashboard/upload-image",
    read: "redirect",
    intents: { "": { kind: "foreign", fields: noFields } },
  },
};
