import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Machine endpoints: no layout, no JavaScript.
  route("healthz", "routes/api/healthz.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("socials/contact.vcf", "routes/site/socials-vcard.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("admin", "routes/admin/redirect.ts"),
  route("api/webhooks/stripe", "routes/api/stripe-webhook.ts"),
  route("payment-success/receipt", "routes/shop/receipt.ts"),

  // Public card pages: standalone documents without the site shell. server/app.ts answers cached pages
  // before React Router; these routes load them on a cache miss and answer 404 for unknown slugs.
  route("card/:slug/contact.vcf", "routes/card/vcard.ts"),
  route("card/:slug/qr.svg", "routes/card/qr.ts"),
  route("card/:slug/qr.png", "routes/card/qr.ts", { id: "card-qr-png" }),
  route("card/:slug/og.png", "routes/card/og-image.ts"),
  route(":slug/connect", "routes/card/connect.ts"),
  route("card/:slug", "routes/card/page.ts", { id: "card-page-long" }),
  route(":slug", "routes/card/page.ts", { id: "card-page" }),
  route("go/:linkId", "routes/card/go.ts"),
  // A physical card's own address, written on its chip (docs/card-pages.md#chip-addresses).
  route("c/:token", "routes/card/chip.ts"),
  route("admin-dashboard/upload-image", "routes/admin/upload-image.ts"),
  route("admin-dashboard/customers", "routes/admin/customers.ts"),
  route("admin-dashboard/commissions.csv", "routes/admin/commissions-csv.ts"),
  route("dashboard/resell/qr.svg", "routes/dashboard/resell-qr.ts"),
  route("dashboard/cold-calling/prospects.csv", "routes/dashboard/cold-calling/prospects-csv.ts"),
  route("dashboard/contacts/export.csv", "routes/dashboard/contacts-csv.ts"),
  route("dashboard/contacts/export.vcf", "routes/dashboard/contacts-vcf.ts"),
  route("dashboard/contacts/:id/contact.vcf", "routes/dashboard/contact-vcard.ts"),
  route("dashboard/cards/activity.csv", "routes/dashboard/cards-activity-csv.ts"),
  route("dashboard/company/:slug/contacts/export.csv", "routes/dashboard/company/contacts-export.ts", {
    id: "company-contacts-csv",
  }),
  route("dashboard/company/:slug/contacts/export.vcf", "routes/dashboard/company/contacts-export.ts", {
    id: "company-contacts-vcf",
  }),
  route("dashboard/cards/:cardNumber/preview", "routes/dashboard/card-design-preview.ts"),
  route("admin-dashboard/edit/:id/preview", "routes/admin/card-design-preview.ts"),
  route("admin-dashboard/default-design/preview", "routes/admin/default-design-preview.ts"),

  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login-selection", "routes/auth/login-selection.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("admin-login", "routes/auth/admin-login.tsx"),
    // Links from e-mails that work without signing in: stop the weekly digests; take a guest order's cards;
    // confirm, or stop, a change of an account's e-mail address.
    route("unsubscribe", "routes/site/unsubscribe.tsx"),
    route("claim-cards", "routes/shop/claim-cards.tsx"),
    route("email-change", "routes/auth/email-change.tsx"),
    route("invitations/:id", "routes/site/invitation.tsx"),

    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/home.tsx"),
      route("links", "routes/dashboard/links.tsx"),
      route("cards", "routes/dashboard/cards.tsx"),
      route("cards/:cardNumber/design", "routes/dashboard/card-design.tsx"),
      route("resell", "routes/dashboard/resell.tsx"),
      route("resellers", "routes/dashboard/resellers.ts"),
      route("contacts", "routes/dashboard/contacts.tsx"),
      route("contacts/:id", "routes/dashboard/contact.tsx"),
      route("companies", "routes/dashboard/companies.tsx"),
      route("company/:slug", "routes/dashboard/company/layout.tsx", [
        index("routes/dashboard/company/overview.tsx"),
        route("people", "routes/dashboard/company/people.tsx"),
        route("cards", "routes/dashboard/company/cards.tsx"),
        route("contacts", "routes/dashboard/company/contacts.tsx"),
        route("template", "routes/dashboard/company/template.tsx"),
        route("log", "routes/dashboard/company/log.tsx"),
      ]),
      route("cold-calling", "routes/dashboard/cold-calling/layout.tsx", [
        index("routes/dashboard/cold-calling/overview.tsx"),
        route("lists", "routes/dashboard/cold-calling/lists.tsx"),
        route("prospects", "routes/dashboard/cold-calling/prospects.tsx"),
        route("activity", "routes/dashboard/cold-calling/activity.tsx"),
      ]),
      route("settings", "routes/dashboard/settings/layout.tsx", [
        index("routes/dashboard/settings/profile.tsx"),
        route("account", "routes/dashboard/settings/account.tsx"),
        route("billing", "routes/dashboard/settings/billing.tsx"),
        // A resource route (no page): the receipt of one of the customer's own orders.
        route("billing/receipt/:orderId", "routes/dashboard/settings/billing-receipt.ts"),
        route("notifications", "routes/dashboard/settings/notifications.tsx"),
        route("integrations", "routes/dashboard/settings/integrations.tsx"),
      ]),
    ]),
    // Each admin section is a nested route with its own loader and action; the layout holds the section links.
    route("admin-dashboard", "routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("orders", "routes/admin/orders.tsx"),
      route("fulfilment", "routes/admin/fulfilment.tsx"),
      route("cards", "routes/admin/cards.tsx"),
      route("earnings", "routes/admin/earnings.tsx"),
      route("referrers", "routes/admin/referrers.tsx"),
      route("commissions", "routes/admin/commissions.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("companies", "routes/admin/companies.tsx"),
      route("create", "routes/admin/create-card.tsx"),
      route("edit/:id", "routes/admin/edit-card.tsx"),
      route("edit/:id/design", "routes/admin/card-design.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("default-design", "routes/admin/default-design.tsx"),
    ]),

    route("cold-calling", "routes/site/cold-calling.ts"),
    route("about", "routes/site/about.tsx"),
    route("features", "routes/site/features.tsx"),
    route("pricing", "routes/site/pricing.tsx"),
    route("faq", "routes/site/faq.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("socials", "routes/site/socials.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("compatibility", "routes/site/compatibility.tsx"),
    route("safety", "routes/site/safety.tsx"),
    route("returns", "routes/site/returns.tsx"),

    route("order-card", "routes/shop/order-card.tsx"),
    route("update-links", "routes/shop/update-links.tsx"),
    route("cart", "routes/shop/cart.tsx"),
    route("payment-success", "routes/shop/payment-success.tsx"),
    route("payment-canceled", "routes/shop/payment-canceled.tsx"),

    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
