// Who may read and change what, for every signed-in route: {anonymous, customer A, customer B, admin} against
// every dashboard and admin route and every intent of their forms. The list of routes comes from app/routes.ts
// and the intents from the form handlers' source, so a new route or intent without a row here fails the test.
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, or } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardPageEvents,
  cardPages,
  cardViewsDaily,
  cartItems,
  customerPreferences,
  exchangedContacts,
  orders,
  pageLinks,
  physicalCards,
  prospectActivities,
  prospects,
  twoFactors,
  updateRequests,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import { createCardPage } from "~/server/cards/cards.server";
import { createPhysicalCard, markPhysicalCardWritten } from "~/server/cards/physical-cards.server";
import { formStamp, setContactExchange } from "~/server/contacts/exchange.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import { addWebhookEndpoint, queueTestEvent } from "~/server/webhooks/webhooks.server";
import { utcDay } from "~/utils/dates";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../tests/support/auth";
import { insertContacts } from "../../tests/support/contacts";
import { routeModule, routeRows } from "../../tests/support/route-table";
import { type Answer, answer, getRequest, postRequest } from "../../tests/support/routes";
import { cartWithMultiLink, delivery, shopOpts, testConfig } from "../../tests/support/shop";
import { createTestDb, type TestDb } from "../../tests/support/test-db";

/** What customer A owns: the ids another account will try. */
interface Ids {
  cardId: string;
  cardNumber: string;
  linkId: string;
  /** One of A's physical cards (written, so every admin action has something to change). */
  physicalCardId: string;
  orderId: string;
  referralCode: string;
  prospectId: string;
  contactId: string;
  webhookId: string;
}

type Fields = (ids: Ids) => Record<string, string>;

interface RouteCase {
  area: "customer" | "admin";
  /** The address with A's ids in it, and the route parameters it carries. */
  path: (ids: Ids) => string;
  params?: (ids: Ids) => Record<string, string>;
  /**
   * 'ids': the address names A's things, so anyone else gets 404. 'own': it shows the signed-in account's own
   * things, so anyone else sees none of A's. 'redirect': it only sends the visitor elsewhere.
   */
  read: "ids" | "own" | "redirect";
  /** More addresses of an 'own' page that name A's things: anyone else gets 404 for them. */
  foreignReads?: (ids: Ids) => string[];
  /**
   * Each intent with A's ids. 'foreign': it names A's things, so anyone else gets 404 and nothing changes.
   * 'self': it acts only on the poster's own account, so A's data never changes whoever posts it.
   */
  intents?: Record<string, { kind: "foreign" | "self"; fields: Fields }>;
}

const noFields: Fields = () => ({});

/**
 * Settings → Account, for customers and for the admin: each acts on the signed-in account only. The passwords are
 * wrong on purpose, so the poster's own session survives the run.
 */
const ACCOUNT_INTENTS: RouteCase["intents"] = {
  "change-password": {
    kind: "self",
    fields: () => ({
      currentPassword: "not-the-password-1",
      newPassword: "taken-over-1",
      confirmPassword: "taken-over-1",
    }),
  },
  "enable-2fa": { kind: "self", fields: () => ({ password: "not-the-password-1" }) },
  "confirm-2fa": { kind: "self", fields: () => ({ code: "123456" }) },
  "cancel-2fa": { kind: "self", fields: noFields },
  "disable-2fa": { kind: "self", fields: () => ({ password: "not-the-password-1", code: "123456" }) },
  "sign-out-others": { kind: "self", fields: noFields },
  "delete-account": { kind: "self", fields: () => ({ password: "not-the-password-1", confirm: "on" }) },
};

const CASES: Record<string, RouteCase> = {
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
    intents: {
      "save-design": {
        kind: "foreign",
        fields: () => ({
          theme: "bold",
          variant: "dark",
          brand: "#123456",
          buttonFill: "outlined",
          buttonShape: "square",
          font: "serif",
        }),
      },
      "reset-design": { kind: "foreign", fields: noFields },
      "upload-cover": { kind: "foreign", fields: noFields },
      "upload-logo": { kind: "foreign", fields: noFields },
      "remove-cover": { kind: "foreign", fields: noFields },
      "remove-logo": { kind: "foreign", fields: noFields },
      "hide-link": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
      "show-link": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
      "move-up": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
      "move-down": { kind: "foreign", fields: (ids) => ({ linkId: ids.linkId }) },
    },
  },
  "routes/dashboard/card-design-preview.ts": {
    area: "customer",
    path: (ids) => `/dashboard/cards/${ids.cardNumber}/preview?theme=bold`,
    params: (ids) => ({ cardNumber: ids.cardNumber }),
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
  "routes/dashboard/settings/layout.tsx": {
    area: "customer",
    path: () => "/dashboard/settings",
    read: "own",
  },
  "routes/dashboard/settings/profile.tsx": {
    area: "customer",
    path: () => "/dashboard/settings",
    read: "own",
    intents: {
      profile: {
        kind: "self",
        fields: () => ({ firstName: "Mallory", lastName: "M", bio: "", location: "" }),
      },
      avatar: { kind: "self", fields: noFields },
      // Moving an account needs its password (wrong here): A's address is never touched either way.
      email: {
        kind: "self",
        fields: () => ({ newEmail: "alice@example.com", password: "not-the-password-1" }),
      },
    },
  },
  "routes/dashboard/settings/billing.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/billing",
    read: "own",
    intents: { address: { kind: "self", fields: () => ({ ...delivery, fullName: "Mallory" }) } },
  },
  "routes/dashboard/settings/billing-receipt.ts": {
    area: "customer",
    path: (ids) => `/dashboard/settings/billing/receipt/${ids.orderId}`,
    params: (ids) => ({ orderId: ids.orderId }),
    read: "ids",
  },
  "routes/dashboard/settings/account.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/account",
    read: "own",
    intents: ACCOUNT_INTENTS,
  },
  "routes/dashboard/settings/notifications.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/notifications",
    read: "own",
    intents: { save: { kind: "self", fields: () => ({ emailNotifications: "on", marketingUpdates: "on" }) } },
  },
  "routes/dashboard/settings/integrations.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/integrations",
    read: "own",
    foreignReads: (ids) => [`/dashboard/settings/integrations?delete=${ids.webhookId}`],
    intents: {
      // A new endpoint lands on the poster's own account only.
      "add-endpoint": { kind: "self", fields: () => ({ url: "https://mallory-hooks.example.com/in" }) },
      "send-test": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
      "set-enabled": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId, enabled: "false" }) },
      "delete-endpoint": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
    },
  },

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

/** Every route file under /dashboard and /admin-dashboard, from the app's route config. */
const signedInRouteFiles = () => [
  ...new Set(
    routeRows()
      .filter((r) => /^\/(dashboard|admin-dashboard)(\/|$)/.test(r.pattern))
      .map((r) => r.file),
  ),
];

const APP = path.resolve(__dirname, "..");
const source = (file: string) => fs.readFileSync(path.join(APP, file), "utf8");

/** Where `unknownIntent` is defined: no handler itself. */
const FORMS = "server/platform/forms.server.ts";
/** A module that reads the posted intent or answers unknown ones ('navigation.formData' is the page's own). */
const readsIntent = (file: string) =>
  /unknownIntent|(?<!navigation\.)\bform(Data)?\.get\("intent"\)/.test(source(file));

/** The form handlers a route file and the server modules it imports hold, by file name. */
function intentHandlers(routeFile: string) {
  const file = ["", ".ts", ".tsx"]
    .map((ext) => `${routeFile}${ext}`)
    .find((f) => fs.existsSync(path.join(APP, f)));
  const imported = [...source(file!).matchAll(/from "~\/(server\/[^"]+)"/g)].map((m) => `${m[1]}.ts`);
  return [file!, ...imported].filter(
    (f) => f !== FORMS && fs.existsSync(path.join(APP, f)) && readsIntent(f),
  );
}

/**
 * Intents are read from the `case` labels of the handler's switch, the one way actions dispatch (README, 'Adding
 * a dashboard section'): a handler that dispatches otherwise (an `if` chain, a map of handlers) fails
 * `dispatchesBySwitch`, so none of its intents can go unseen.
 */
const intentsIn = (file: string) => [...source(file).matchAll(/case "([^"]+)":/g)].map((m) => m[1]!);
function dispatchesBySwitch(file: string) {
  const code = source(file).replace(/^import [^;]+;/gm, "");
  const answers = code.match(/\bunknownIntent\b/g) ?? [];
  const defaults = code.match(/default:\s*return unknownIntent\(\);/g) ?? [];
  return answers.length > 0 && answers.length === defaults.length;
}

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("access-matrix");
const cookies: Record<"anonymous" | "A" | "B" | "admin", string> = { anonymous: "", A: "", B: "", admin: "" };
let ids: Ids;
let aliceId: string;

/** Everything of A's that a request by someone else must never change. */
async function snapshotOfA() {
  const cards = await t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, aliceId));
  const cardIds = cards.map((c) => c.id);
  return JSON.stringify({
    user: await t.db.select().from(users).where(eq(users.id, aliceId)),
    cards,
    links: await t.db.select().from(pageLinks).where(inArray(pageLinks.cardPageId, cardIds)),
    physicalCards: await t.db.select().from(physicalCards).where(inArray(physicalCards.cardPageId, cardIds)),
    cardEvents: await t.db.select().from(cardPageEvents).where(inArray(cardPageEvents.cardPageId, cardIds)),
    orders: await t.db
      .select()
      .from(orders)
      .where(or(eq(orders.userId, aliceId), eq(orders.id, ids.orderId))),
    preferences: await t.db.select().from(customerPreferences).where(eq(customerPreferences.userId, aliceId)),
    twoFactor: await t.db.select().from(twoFactors).where(eq(twoFactors.userId, aliceId)),
    requests: await t.db.select().from(updateRequests),
    cartLines: (await t.db.select({ id: cartItems.id }).from(cartItems)).length,
    prospects: await t.db.select().from(prospects).where(eq(prospects.userId, aliceId)),
    prospectActivities: await t.db
      .select()
      .from(prospectActivities)
      .where(eq(prospectActivities.prospectId, ids.prospectId)),
    contacts: await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.ownerUserId, aliceId)),
    webhookEndpoints: await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerUserId, aliceId)),
    webhookDeliveries: await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, ids.webhookId)),
  });
}

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  cookies.admin = await adminCookieFor(auth, t.db);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  aliceId = alice.id;
  cookies.A = alice.cookie;
  cookies.B = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
  const card = await createCardPage(
    t.db,
    {
      name: "Alice Private",
      slug: "alice-private",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: [{ title: "Alice secret link", url: "https://alice-secret.example", icon: "globe" }],
    },
    { announce: false },
  );
  const [link] = await t.db.select().from(pageLinks).where(eq(pageLinks.cardPageId, card.id));
  // A view today, so A's activity export has a row naming A's card.
  await t.db.insert(cardViewsDaily).values({ cardPageId: card.id, day: utcDay(), source: "nfc", count: 1 });
  const chip = await createPhysicalCard(t.db, { cardPageId: card.id }, { userId: null, label: "shop" });
  await markPhysicalCardWritten(t.db, chip.id);
  const cart = await cartWithMultiLink(t.db);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: { ...delivery, fullName: "Alice Private", email: "alice@example.com" },
    paymentMethod: "bank_transfer",
    userId: alice.id,
    ...shopOpts,
  });
  const [prospect] = await t.db
    .insert(prospects)
    .values({
      userId: alice.id,
      businessName: "Alice Prospect Ltd",
      phone: "020 7946 0999",
      businessType: "salon",
    })
    .returning();
  const [contact] = await insertContacts(t.db, alice.id, [
    {
      name: "Carol Contact-of-Alice",
      email: "carol.alice-contact@example.com",
      company: "Carol Secret Co",
      cardPageId: card.id,
    },
  ]);
  const webhook = await addWebhookEndpoint(t.db, alice.id, "https://alice-hooks.example.com/in", {
    authSecret: config.authSecret,
    allowedHosts: [],
  });
  await queueTestEvent(t.db, alice.id, webhook.id);
  ids = {
    contactId: contact!.id,
    webhookId: webhook.id,
    prospectId: prospect!.id,
    cardId: card.id,
    cardNumber: card.cardNumber,
    linkId: link!.id,
    physicalCardId: chip.id,
    orderId: order.id,
    referralCode: await getOrCreateReferralCode(t.db, alice.id),
  };
});
afterAll(() => t?.close());

const ORIGIN = "http://shop.test";
function getAs(c: RouteCase, who: keyof typeof cookies, m: Awaited<ReturnType<typeof routeModule>>) {
  return answer(m.loader!, getRequest(`${ORIGIN}${c.path(ids)}`, cookies[who]), context, c.params?.(ids));
}
function postAs(
  c: RouteCase,
  who: keyof typeof cookies,
  m: Awaited<ReturnType<typeof routeModule>>,
  intent: string,
  fields: Fields,
) {
  const body = { ...(intent ? { intent } : {}), ...fields(ids) };
  return answer(
    m.action!,
    postRequest(`${ORIGIN}${c.path(ids)}`, body, cookies[who]),
    context,
    c.params?.(ids),
  );
}

/** A's name, e-mail, card, link and order as they would show in another account's page data. */
const secretsOfA = () => [
  "alice@example.com",
  "Alice Private",
  "alice-secret.example",
  ids.cardId,
  ids.orderId,
  "Alice Prospect Ltd",
  ids.contactId,
  "Carol Contact-of-Alice",
  "carol.alice-contact@example.com",
  "Carol Secret Co",
  "alice-hooks.example.com",
  ids.webhookId,
];
const leaks = (a: Answer, posted: Record<string, string> = {}) =>
  secretsOfA()
    .filter((s) => !Object.values(posted).includes(s)) // the poster's own input may be shown back to them
    .filter((s) => `${JSON.stringify(a.data)}${a.body}`.includes(s));

describe("access matrix", () => {
  const files = signedInRouteFiles();

  it("has a row for every signed-in route and every intent its forms answer, found in their switch", () => {
    expect(files.filter((f) => !CASES[f])).toEqual([]);
    expect(Object.keys(CASES).filter((f) => !files.includes(f))).toEqual([]);
    const declaredByHandler = new Map<string, Set<string>>();
    for (const file of files) {
      for (const handler of intentHandlers(file)) {
        const set = declaredByHandler.get(handler) ?? new Set();
        for (const intent of Object.keys(CASES[file]?.intents ?? {})) set.add(intent);
        declaredByHandler.set(handler, set);
      }
    }
    expect([...declaredByHandler.keys()].filter((handler) => !dispatchesBySwitch(handler))).toEqual([]);
    const missing = [...declaredByHandler].flatMap(([handler, declared]) =>
      intentsIn(handler)
        .filter((i) => !declared.has(i))
        .map((i) => `${handler}: ${i}`),
    );
    expect(missing).toEqual([]);
  });

  it("sends an anonymous visitor to sign in, and refuses every post without changing anything", async () => {
    const before = await snapshotOfA();
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (m.loader && c.read !== "redirect") {
        const a = await getAs(c, "anonymous", m);
        const where = c.area === "admin" ? "/admin-login" : "/login";
        expect({ file, status: a.status, to: a.location?.split("?")[0] }).toEqual({
          file,
          status: 302,
          to: where,
        });
      }
      for (const [intent, { fields }] of Object.entries(c.intents ?? {})) {
        const a = await postAs(c, "anonymous", m, intent, fields);
        const refused =
          c.area === "admin" ? a.status === 403 : a.status === 302 && a.location?.startsWith("/login");
        expect({ file, intent, refused }).toEqual({ file, intent, refused: true });
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it("shows customer A their own things", async () => {
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (c.area !== "customer" || !m.loader || c.read === "redirect") continue;
      const a = await getAs(c, "A", m);
      expect({ file, status: a.status }).toEqual({ file, status: 200 });
    }
  });

  for (const who of ["B", "admin"] as const) {
    it(`answers ${who} with 404 for A's ids on customer routes and shows none of A's things`, async () => {
      const before = await snapshotOfA();
      for (const file of files) {
        const c = CASES[file]!;
        if (c.area !== "customer") continue;
        const m = await routeModule(file);
        if (m.loader && c.read !== "redirect") {
          const a = await getAs(c, who, m);
          if (c.read === "ids") expect({ file, status: a.status }).toEqual({ file, status: 404 });
          else expect({ file, status: a.status, leaks: leaks(a) }).toEqual({ file, status: 200, leaks: [] });
          for (const address of c.foreignReads?.(ids) ?? []) {
            const r = await answer(m.loader, getRequest(`${ORIGIN}${address}`, cookies[who]), context);
            expect({ address, status: r.status }).toEqual({ address, status: 404 });
            const own = await answer(m.loader, getRequest(`${ORIGIN}${address}`, cookies.A), context);
            expect({ address, owner: own.status }).toEqual({ address, owner: 200 });
          }
        }
        for (const [intent, { kind, fields }] of Object.entries(c.intents ?? {})) {
          const a = await postAs(c, who, m, intent, fields);
          if (kind === "foreign")
            expect({ file, intent, status: a.status }).toEqual({ file, intent, status: 404 });
          expect({ file, intent, leaks: leaks(a, fields(ids)) }).toEqual({ file, intent, leaks: [] });
        }
      }
      expect(await snapshotOfA()).toEqual(before);
    });
  }

  it("keeps customers out of the admin area: pages lead to the admin sign-in, posts get 403", async () => {
    const before = await snapshotOfA();
    for (const who of ["A", "B"] as const) {
      for (const file of files) {
        const c = CASES[file]!;
        if (c.area !== "admin") continue;
        const m = await routeModule(file);
        if (m.loader && c.read !== "redirect") {
          const a = await getAs(c, who, m);
          expect({ file, who, status: a.status, to: a.location }).toEqual({
            file,
            who,
            status: 302,
            to: "/admin-login",
          });
        }
        for (const [intent, { fields }] of Object.entries(c.intents ?? {})) {
          const a = await postAs(c, who, m, intent, fields);
          expect({ file, who, intent, status: a.status }).toEqual({ file, who, intent, status: 403 });
        }
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it("lets the admin into every admin page", async () => {
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (c.area !== "admin" || !m.loader || c.read === "redirect") continue;
      const a = await getAs(c, "admin", m);
      expect({ file, status: a.status }).toEqual({ file, status: 200 });
    }
  });
});

describe("access matrix: a card page's 'share your details' form (public)", () => {
  const connect = "routes/card/connect.ts";
  const who = ["anonymous", "A", "B", "admin"] as const;
  const share = () => ({
    name: "Mallory",
    email: "mallory@example.com",
    consent: "on",
    stamp: formStamp(config.authSecret, "alice-private", Date.now() - 5_000),
  });
  const params = { slug: "alice-private" };

  it("shows no form to anyone while A's switch is off, and a post by anyone changes nothing", async () => {
    const m = await routeModule(connect);
    const before = await snapshotOfA();
    for (const w of who) {
      const page = await answer(
        m.loader!,
        getRequest(`${ORIGIN}/alice-private/connect`, cookies[w]),
        context,
        params,
      );
      expect({ w, status: page.status, form: page.body.includes("<form") }).toEqual({
        w,
        status: 404,
        form: false,
      });
      const posted = await answer(
        m.action!,
        postRequest(`${ORIGIN}/alice-private/connect`, share(), cookies[w]),
        context,
        params,
      );
      expect({ w, status: posted.status }).toEqual({ w, status: 404 });
    }
    expect(await snapshotOfA()).toEqual(before);
    // Only the contact A was given in the setup: nothing was shared.
    expect((await t.db.select().from(exchangedContacts)).map((c) => c.name)).toEqual([
      "Carol Contact-of-Alice",
    ]);
  });

  it("shows everyone, signed in or not, the same form once A turns it on, and never A's account details", async () => {
    await setContactExchange(t.db, aliceId, ids.cardId, true);
    try {
      const m = await routeModule(connect);
      for (const w of who) {
        const page = await answer(
          m.loader!,
          getRequest(`${ORIGIN}/alice-private/connect`, cookies[w]),
          context,
          params,
        );
        expect({ w, status: page.status }).toEqual({ w, status: 200 });
        expect(page.body).toContain("Share your details with Alice Private");
        expect(page.body).not.toContain("alice@example.com");
        expect(page.headers.get("Set-Cookie")).toBeNull();
      }
    } finally {
      await setContactExchange(t.db, aliceId, ids.cardId, false);
    }
  });
});
