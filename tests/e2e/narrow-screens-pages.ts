// The route table as the narrow-screens test walks it: every address pattern of app/routes.ts, and for each either
// the page to open (who opens it, at which address, with which answer) or why it is no page of its own.
import appRoutes from "../../app/routes";

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** Every address pattern of the route table (app/routes.ts by default): '/admin-dashboard/edit/:id', '/api/auth/*'. */
export function patterns(entries = appRoutes as RouteEntry[], parent = ""): string[] {
  return entries.flatMap((r) => {
    const pattern = r.path ? `${parent}/${r.path}` : parent || "/";
    return [pattern, ...patterns(r.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

/** What the pages need: ids and links of things made through the app before the walk. */
export interface Seeded {
  cardId: string;
  /** The customer's card page, whose visitors may share their details, and its number. */
  slug: string;
  cardNumber: string;
  contactId: string;
  orderId: string;
  /** The query of the order's secret link: '?order=...&token=...'. */
  orderQuery: string;
  /** The address of a company the customer owns, with one invitation waiting. */
  companySlug: string;
}

export type Visitor = "anonymous" | "customer" | "admin";

/** Each page: who opens it and at which address. */
export const PAGES: Record<string, { as: Visitor; url: string | ((s: Seeded) => string); status?: number }> =
  {
    "/": { as: "anonymous", url: "/" },
    "/:slug": { as: "anonymous", url: "/wc341" },
    "/card/:slug": { as: "anonymous", url: "/card/wc341" },
    "/:slug/connect": { as: "anonymous", url: (s) => `/${s.slug}/connect` },
    "/payment-success/receipt": {
      as: "anonymous",
      url: (s) => `/payment-success/receipt${s.orderQuery}&print=1`,
    },
    "/login-selection": { as: "anonymous", url: "/login-selection" },
    "/login": { as: "anonymous", url: "/login" },
    "/login/company": { as: "anonymous", url: "/login/company" },
    "/register": { as: "anonymous", url: "/register" },
    "/forgot-password": { as: "anonymous", url: "/forgot-password" },
    // The token pages as a stale or mistyped link leaves them: their valid states are tested with their e-mails.
    "/reset-password": { as: "anonymous", url: "/reset-password" },
    "/unsubscribe": { as: "anonymous", url: "/unsubscribe", status: 400 },
    "/claim-cards": { as: "anonymous", url: "/claim-cards", status: 404 },
    "/email-change": { as: "anonymous", url: "/email-change", status: 404 },
    "/invitations/:id": { as: "anonymous", url: `/invitations/${"0".repeat(36)}`, status: 404 },
    "/admin-login": { as: "anonymous", url: "/admin-login" },
    "/about": { as: "anonymous", url: "/about" },
    "/features": { as: "anonymous", url: "/features" },
    "/pricing": { as: "anonymous", url: "/pricing" },
    "/faq": { as: "anonymous", url: "/faq" },
    "/contact": { as: "anonymous", url: "/contact" },
    "/socials": { as: "anonymous", url: "/socials" },
    "/privacy": { as: "anonymous", url: "/privacy" },
    "/terms": { as: "anonymous", url: "/terms" },
    "/compatibility": { as: "anonymous", url: "/compatibility" },
    "/safety": { as: "anonymous", url: "/safety" },
    "/returns": { as: "anonymous", url: "/returns" },
    "/order-card": { as: "anonymous", url: "/order-card" },
    "/update-links": { as: "anonymous", url: "/update-links" },
    "/payment-canceled": { as: "anonymous", url: "/payment-canceled" },
    "/*": { as: "anonymous", url: "/no/such/page", status: 404 },

    // The customer's cart holds nothing once its order is placed: the page as most visitors see it after paying.
    "/cart": { as: "customer", url: "/cart" },
    "/payment-success": { as: "customer", url: (s) => `/payment-success${s.orderQuery}` },
    "/dashboard": { as: "customer", url: "/dashboard" },
    "/dashboard/links": { as: "customer", url: "/dashboard/links" },
    // A card's own tab: its profile, sharing, activity and lifecycle below the Overview's list.
    "/dashboard/cards": { as: "customer", url: (s) => `/dashboard/cards?card=${s.cardNumber}` },
    // The design form beside its phone-sized preview, and the preview itself (the card page in a frame).
    "/dashboard/cards/:cardNumber/design": {
      as: "customer",
      url: (s) => `/dashboard/cards/${s.cardNumber}/design`,
    },
    "/dashboard/cards/:cardNumber/preview": {
      as: "customer",
      url: (s) => `/dashboard/cards/${s.cardNumber}/preview`,
    },
    // The signature's framed preview, the background's picture and the QR code, each above its downloads.
    "/dashboard/cards/:cardNumber/brand-kit": {
      as: "customer",
      url: (s) => `/dashboard/cards/${s.cardNumber}/brand-kit`,
    },
    "/dashboard/resell": { as: "customer", url: "/dashboard/resell" },
    "/dashboard/contacts": { as: "customer", url: "/dashboard/contacts" },
    "/dashboard/contacts/:id": { as: "customer", url: (s) => `/dashboard/contacts/${s.contactId}` },
    "/dashboard/cold-calling": { as: "customer", url: "/dashboard/cold-calling" },
    "/dashboard/cold-calling/lists": { as: "customer", url: "/dashboard/cold-calling/lists" },
    "/dashboard/cold-calling/prospects": { as: "customer", url: "/dashboard/cold-calling/prospects" },
    "/dashboard/cold-calling/activity": { as: "customer", url: "/dashboard/cold-calling/activity" },
    "/dashboard/settings": { as: "customer", url: "/dashboard/settings" },
    "/dashboard/settings/account": { as: "customer", url: "/dashboard/settings/account" },
    "/dashboard/settings/billing": { as: "customer", url: "/dashboard/settings/billing" },
    "/dashboard/settings/billing/receipt/:orderId": {
      as: "customer",
      url: (s) => `/dashboard/settings/billing/receipt/${s.orderId}?print=1`,
    },
    "/dashboard/settings/notifications": { as: "customer", url: "/dashboard/settings/notifications" },
    "/dashboard/settings/integrations": { as: "customer", url: "/dashboard/settings/integrations" },
    "/dashboard/companies": { as: "customer", url: "/dashboard/companies" },
    "/dashboard/company/:slug": { as: "customer", url: (s) => `/dashboard/company/${s.companySlug}` },
    "/dashboard/company/:slug/people": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/people`,
    },
    "/dashboard/company/:slug/cards": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/cards`,
    },
    "/dashboard/company/:slug/order-cards": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/order-cards`,
    },
    "/dashboard/company/:slug/contacts": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/contacts`,
    },
    "/dashboard/company/:slug/template": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/template`,
    },
    "/dashboard/company/:slug/analytics": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/analytics`,
    },
    "/dashboard/company/:slug/integrations": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/integrations`,
    },
    "/dashboard/company/:slug/sign-in": {
      as: "customer",
      url: (s) => `/dashboard/company/${s.companySlug}/sign-in`,
    },
    "/dashboard/company/:slug/log": { as: "customer", url: (s) => `/dashboard/company/${s.companySlug}/log` },

    "/admin-dashboard/orders": { as: "admin", url: "/admin-dashboard/orders" },
    "/admin-dashboard/fulfilment": { as: "admin", url: "/admin-dashboard/fulfilment" },
    "/admin-dashboard/cards": { as: "admin", url: "/admin-dashboard/cards" },
    "/admin-dashboard/earnings": { as: "admin", url: "/admin-dashboard/earnings" },
    "/admin-dashboard/referrers": { as: "admin", url: "/admin-dashboard/referrers" },
    "/admin-dashboard/commissions": { as: "admin", url: "/admin-dashboard/commissions" },
    "/admin-dashboard/leads": { as: "admin", url: "/admin-dashboard/leads" },
    "/admin-dashboard/companies": { as: "admin", url: "/admin-dashboard/companies" },
    "/admin-dashboard/create": { as: "admin", url: "/admin-dashboard/create" },
    "/admin-dashboard/edit/:id": { as: "admin", url: (s) => `/admin-dashboard/edit/${s.cardId}` },
    // The owner's design controls on any card, and the shop's default design on a sample card, each with its preview.
    "/admin-dashboard/edit/:id/design": {
      as: "admin",
      url: (s) => `/admin-dashboard/edit/${s.cardId}/design`,
    },
    "/admin-dashboard/edit/:id/preview": {
      as: "admin",
      url: (s) => `/admin-dashboard/edit/${s.cardId}/preview`,
    },
    "/admin-dashboard/account": { as: "admin", url: "/admin-dashboard/account" },
    "/admin-dashboard/default-design": { as: "admin", url: "/admin-dashboard/default-design" },
    "/admin-dashboard/default-design/preview": {
      as: "admin",
      url: "/admin-dashboard/default-design/preview",
    },
  };

/** Addresses that answer no page of their own: files, redirects and endpoints. */
export const NOT_PAGES: Record<string, string> = {
  "/healthz": "JSON",
  "/robots.txt": "text",
  "/sitemap.xml": "XML",
  "/socials/contact.vcf": "a vCard",
  "/api/auth/*": "auth endpoints",
  "/api/scim/*": "a company directory's SCIM endpoints",
  "/logout": "a redirect",
  "/admin": "a redirect",
  "/api/webhooks/stripe": "an endpoint",
  "/api/passes/v1/devices/:deviceLibraryId/registrations/:passTypeId/:serial": "Apple's pass web service",
  "/api/passes/v1/devices/:deviceLibraryId/registrations/:passTypeId": "Apple's pass web service",
  "/api/passes/v1/passes/:passTypeId/:serial": "Apple's pass web service",
  "/api/passes/v1/log": "Apple's pass web service",
  "/card/:slug/contact.vcf": "a vCard",
  "/card/:slug/qr.svg": "an image",
  "/card/:slug/qr.png": "an image",
  "/card/:slug/og.png": "an image",
  "/go/:linkId": "a redirect",
  "/c/:token": "the card page's own document, opened above at /:slug",
  "/admin-dashboard/upload-image": "an endpoint",
  "/admin-dashboard/customers": "JSON",
  "/admin-dashboard/commissions.csv": "a file",
  "/dashboard/resell/qr.svg": "an image",
  "/dashboard/cold-calling/prospects.csv": "a file",
  "/dashboard/contacts/export.csv": "a file",
  "/dashboard/company/:slug/contacts/export.csv": "a file",
  "/dashboard/company/:slug/log.csv": "a file",
  "/dashboard/company/:slug/analytics.csv": "a file",
  "/dashboard/company/:slug/contacts/export.vcf": "a file",
  "/dashboard/contacts/export.vcf": "a file",
  "/dashboard/contacts/:id/contact.vcf": "a vCard",
  "/dashboard/cards/activity.csv": "a file",
  "/dashboard/cards/:cardNumber/wallet.pkpass": "a file: the card as an Apple Wallet pass",
  "/dashboard/cards/:cardNumber/wallet/google": "a redirect to Google Wallet",
  "/dashboard/cards/:cardNumber/brand-kit/:file": "files: the brand kit's signature, background and QR codes",
  "/admin-dashboard": "a redirect to Orders",
  "/dashboard/resellers": "a redirect",
  "/cold-calling": "a redirect",
};
