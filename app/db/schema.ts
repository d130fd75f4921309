// Drizzle schema: tables and relations only. SQL names are snake_case (drizzle.config.ts casing).
import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ITEM_KINDS } from "../catalog";
import { DELIVERY_OPTION_IDS } from "../delivery-options";
import { type Delivery, PAYMENT_METHODS } from "../schemas/checkout";
import { COMMISSION_STATUSES } from "../schemas/commission-statuses";
import type { CompanyTemplate } from "../schemas/company";
import { CARRIER_IDS } from "../schemas/fulfilment";
import type { ItemDetails, UpdateRequestDetails } from "../schemas/item-details";
import { PROSPECT_STATUSES } from "../schemas/prospect-options";
import { sealedText } from "./sealed-text";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// --- Accounts (better-auth core + admin plugin fields) ---

export const users = pgTable("users", {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  role: text().notNull().default("customer"),
  banned: boolean().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  /** better-auth's two-factor plugin: set once a TOTP enrolment is confirmed. */
  twoFactorEnabled: boolean().default(false),
  bio: text(),
  location: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    /** better-auth's organization plugin keeps it; our company pages name their company in the address instead. */
    activeOrganizationId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and backup codes, both stored encrypted by better-auth. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    /** The last 30-second TOTP step accepted: a code is accepted once, and never one of an earlier step. */
    lastAcceptedStep: integer(),
  },
  (t) => [index().on(t.userId), index().on(t.secret)],
);

// Let better-auth read a session with its user in one joined query (auth.server.ts: experimental joins).
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  member: many(members),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

// --- Companies (better-auth's organization plugin: organization, member, invitation; docs/decisions/041) ---

export const COMPANY_ROLES = ["owner", "admin", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const organizations = pgTable("organizations", {
  id: text().primaryKey(),
  name: text().notNull(),
  /** The company's address on this shop: /dashboard/company/{slug}. */
  slug: text().notNull().unique(),
  logo: text(),
  metadata: text(),
  website: text(),
  address: text(),
  /** Where a departed member's card sends visitors (the fallback page). */
  contactEmail: text(),
  /** The company's look for its members' cards (app/schemas/company.ts); null until an admin saves one. */
  template: jsonb().$type<CompanyTemplate>(),
  createdAt: createdAt(),
});

export const members = pgTable(
  "members",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.organizationId, t.userId),
    // The People list pages through (created_at, id) within one company.
    index().on(t.organizationId, t.createdAt, t.id),
    index().on(t.userId),
  ],
);

/**
 * Where a member wants company cards posted (docs/product.md#companies): given by the member on the company's
 * overview, used by 'Order cards for members' posted to each member. The company's admins see only whether it
 * is given; the shop's fulfilment sees it on the parcel. It goes when the member leaves.
 */
export const memberAddresses = pgTable(
  "member_addresses",
  {
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: jsonb().$type<Delivery>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export const INVITATION_STATUSES = ["pending", "accepted", "rejected", "canceled"] as const;

export const invitations = pgTable(
  "invitations",
  {
    /** A random UUID: it is the link's secret, and only the invited address can use it. */
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: text().notNull(),
    status: text().notNull().default("pending"),
    teamId: text(),
    inviterId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** From the invitation or the CSV row: what the member's company card starts with. */
    name: text(),
    jobTitle: text(),
    phone: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId, t.status, t.createdAt), index().on(t.email)],
);

export const organizationsRelations = relations(organizations, ({ many }) => ({
  member: many(members),
  invitation: many(invitations),
}));
export const membersRelations = relations(members, ({ one }) => ({
  user: one(users, { fields: [members.userId], references: [users.id] }),
  organization: one(organizations, { fields: [members.organizationId], references: [organizations.id] }),
}));
export const invitationsRelations = relations(invitations, ({ one }) => ({
  organization: one(organizations, {
    fields: [invitations.organizationId],
    references: [organizations.id],
  }),
}));

// --- Company sign-in (docs/decisions/044-company-sign-in.md) ---

/**
 * An e-mail domain a company proves it holds by a DNS TXT record. Only a verified domain is tied to the company's
 * identity provider; a domain is verified for one company at most. With `requireSso`, its people sign in only
 * through that provider.
 */
export const companyDomains = pgTable(
  "company_domains",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lower-case, without a trailing dot. */
    domain: text().notNull(),
    /** The value the TXT record must hold. */
    token: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    requireSso: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.organizationId, t.domain),
    uniqueIndex("company_domains_verified_domain").on(t.domain).where(sql`verified_at is not null`),
  ],
);

/** better-auth's SSO plugin: one identity provider (OIDC or SAML); the configuration is sealed at rest. */
export const ssoProviders = pgTable(
  "sso_providers",
  {
    id: text().primaryKey(),
    issuer: text().notNull(),
    oidcConfig: sealedText(),
    samlConfig: sealedText(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    providerId: text().notNull().unique(),
    organizationId: text().references(() => organizations.id, { onDelete: "cascade" }),
    domain: text().notNull(),
    domainVerified: boolean(),
  },
  (t) => [index().on(t.domain), index().on(t.organizationId)],
);

/** What happened in a company, for its owners and admins (the audit log): who, when, what. */
export const companyEvents = pgTable(
  "company_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Who did it; null once their account is deleted (the name is kept in `actorName`). */
    actorUserId: text().references(() => users.id, { onDelete: "set null" }),
    actorName: text().notNull(),
    action: text().notNull(),
    /** Whom or what it was done to, as the log shows it (an e-mail address, a card number). */
    subject: text().notNull(),
    detail: text(),
    createdAt: createdAt(),
  },
  // The log pages through ids, newest first, within one company.
  (t) => [index().on(t.organizationId, t.id)],
);

/**
 * An e-mail change asked for in Settings ('E-mail change' in docs/security.md#threat-model-in-a-page). The link
 * sent to the new address makes it; the link sent to the old address stops it, or undoes it, for a week. Only
 * sha256 of each secret is kept.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    confirmTokenHash: text().notNull().unique(),
    stopTokenHash: text().notNull().unique(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.createdAt)],
);

/** What a customer chose in Settings: e-mail preferences and the delivery address that prefills checkout. */
export const customerPreferences = pgTable("customer_preferences", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNotifications: boolean().notNull().default(true),
  cardTapsDigest: boolean().notNull().default(true),
  linkClicksDigest: boolean().notNull().default(false),
  /** Off until the customer opts in: marketing e-mail needs consent. */
  marketingUpdates: boolean().notNull().default(false),
  /** An e-mail for each contact a visitor shares from one of the customer's cards. */
  newContactEmails: boolean().notNull().default(true),
  savedDelivery: jsonb().$type<Delivery>(),
  updatedAt: updatedAt(),
});

/** One weekly digest per customer and week: the key that keeps a rerun job from sending it twice. */
export const digestSends = pgTable(
  "digest_sends",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekStart: date({ mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

// --- E-mail outbox: written in the same transaction as the change that causes the message ---

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    to: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** pending until delivered; never deleted, so a failed send is never lost. */
    status: text({ enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A worker that claims a row holds it until this time; a crashed worker's claim simply lapses. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt)],
);

// --- Fixed-window rate limits, shared by every app process ---

export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

// --- Small key/value facts about this installation (e.g. which demo data was seeded) ---

export const appState = pgTable("app_state", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

// --- Card pages: the public link pages behind the NFC cards, and the shops that resell them ---

export const shops = pgTable(
  "shops",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    location: text(),
    contactEmail: text(),
    contactPhone: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.name)],
);

export const cardPages = pgTable(
  "card_pages",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** WC + 4 digits, allocated by the server; the unique index is what makes concurrent allocation safe. */
    cardNumber: text().notNull().unique(),
    name: text().notNull(),
    businessName: text(),
    /** Always stored normalised (lower case); /{SLUG} in any case resolves to it. */
    slug: text().notNull().unique(),
    passwordHash: text().notNull(),
    bio: text(),
    contactEmail: text(),
    contactPhone: text(),
    profileImageUrl: text(),
    isSold: boolean().notNull().default(false),
    shopId: uuid().references(() => shops.id, { onDelete: "set null" }),
    ownerUserId: text().references(() => users.id, { onDelete: "set null" }),
    /** The owner lets visitors share their details from the page (contact exchange); off until turned on. */
    contactExchange: boolean().notNull().default(false),
    /** The page's design (app/utils/card-design); null until the owner or the admin chooses one: the default. */
    design: jsonb().$type<object>(),
    /** The design's banner across the top of the card and the logo beside the name (widest stored width). */
    coverImageUrl: text(),
    logoImageUrl: text(),
    /** Bumped on every change: the public page cache compares it (ETag) and other processes can too. */
    version: integer().notNull().default(1),
    /** Set while the owner (or the admin) has paused the page: every address answers 'This card is paused'. */
    pausedAt: timestamp({ withTimezone: true }),
    /** Who paused it: the owner can resume their own pause, never the shop's (a takedown sticks). */
    pausedBy: text({ enum: ["owner", "shop"] }),
    /** Set when the cards written with the page's own address (?s=nfc, before chip addresses) are turned off. */
    olderCardsOffAt: timestamp({ withTimezone: true }),
    /** Who turned the older cards off: the owner cannot turn back on what the shop turned off. */
    olderCardsOffBy: text({ enum: ["owner", "shop"] }),
    /** Under the name, with the business name. */
    jobTitle: text(),
    /** The company that gave this page to its holder (companies/); null for a personal card. */
    organizationId: text().references(() => organizations.id, { onDelete: "set null" }),
    /**
     * Set when the holder left the company that gave them the page: every address answers this notice (the
     * company's fallback page) until the company hands the card to someone else.
     */
    departedNotice: jsonb().$type<{ title: string; text: string }>(),
    /** What the company sets on this page and its holder may not change ('design', 'jobTitle', 'phone', 'bio'). */
    lockedFields: jsonb().$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin list pages through (created_at, id), newest first: each page is an index range, at any depth.
    index().on(t.createdAt, t.id),
    index().on(t.shopId),
    // A customer's own cards (My Cards, the dashboard) are found by owner.
    index().on(t.ownerUserId),
    // A company's cards are found by company, listed by name; a member has one page for each company they are in.
    index().on(t.organizationId, t.name, t.id),
    uniqueIndex("card_pages_company_holder_idx")
      .on(t.organizationId, t.ownerUserId)
      .where(sql`${t.organizationId} is not null and ${t.ownerUserId} is not null`),
    index().on(t.profileImageUrl),
    // Prefix search on name, card number and slug in the admin list stays an index scan as the table grows.
    // The name index also carries the list's order and the name itself, so a prefix many cards share is read and
    // sorted from the index alone (an index-only scan), without a visit to each matching card's row.
    index("card_pages_name_search_idx").using(
      "btree",
      sql`lower(${t.name}) text_pattern_ops`,
      t.createdAt,
      t.id,
      t.name,
    ),
    index("card_pages_card_number_search_idx").using("btree", sql`lower(${t.cardNumber}) text_pattern_ops`),
    index("card_pages_slug_search_idx").using("btree", sql`${t.slug} text_pattern_ops`),
  ],
);

export const pageLinks = pgTable(
  "page_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    cardPageId: uuid()
      .notNull()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    title: text().notNull(),
    url: text().notNull(),
    icon: text().notNull().default("globe"),
    sortOrder: integer().notNull(),
    /** Hidden by the owner: not on the page, not in the vCard, and its /go/ address answers not found. */
    hidden: boolean().notNull().default(false),
    /**
     * A link the card's company sets (its template's link id): first on the page, and its holder cannot change,
     * hide, move or remove it. Null for the holder's own links.
     */
    companyLinkId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.cardPageId, t.sortOrder),
    // A template's link is rewritten on every page of the company at once.
    index().on(t.companyLinkId).where(sql`${t.companyLinkId} is not null`),
  ],
);

export const PHYSICAL_CARD_STATES = ["to_write", "active", "off"] as const;

/**
 * The physical cards that open a card page, each through its own chip address (/c/{token}), so one lost card can
 * be turned off while the page and its other cards stay live (docs/card-pages.md#chip-addresses).
 */
export const physicalCards = pgTable(
  "physical_cards",
  {
    id: uuid().primaryKey().defaultRandom(),
    cardPageId: uuid()
      .notNull()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    /** 11 base62 characters, written on the chip; it opens the page and nothing else. */
    token: text().notNull().unique(),
    state: text({ enum: PHYSICAL_CARD_STATES }).notNull().default("to_write"),
    /** The order line it was made for (a new card or a replacement); null for one the admin added. */
    orderItemId: uuid().references(() => orderItems.id, { onDelete: "set null" }),
    /** The card this one replaces: that card is turned off when this one is written. */
    replacesId: uuid().references((): AnyPgColumn => physicalCards.id, { onDelete: "set null" }),
    /** It replaces a card written with the page's own address: that address is turned off when this is written. */
    replacesOlderCards: boolean().notNull().default(false),
    writtenAt: timestamp({ withTimezone: true }),
    turnedOffAt: timestamp({ withTimezone: true }),
    /** Why it was turned off: 'lost', 'replaced' or the admin's word. */
    offReason: text(),
    /** Who turned it off: the owner cannot turn back on a card the shop turned off. */
    turnedOffBy: text({ enum: ["owner", "shop"] }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.cardPageId), index().on(t.state, t.createdAt)],
);

/** What happened to a card page's state and its physical cards: who did what, when (the admin card view). */
export const cardPageEvents = pgTable(
  "card_page_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    cardPageId: uuid()
      .notNull()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    physicalCardId: uuid().references(() => physicalCards.id, { onDelete: "set null" }),
    action: text().notNull(),
    /** Who, in words: the owner's or the admin's e-mail, or 'payment'. */
    actor: text().notNull(),
    actorUserId: text().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.cardPageId, t.createdAt)],
);

/** Views per card, day and source (nfc / qr / link): one row per day, bumped with count = count + n. */
export const cardViewsDaily = pgTable(
  "card_views_daily",
  {
    cardPageId: uuid()
      .notNull()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    source: text({ enum: ["nfc", "qr", "link"] }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cardPageId, t.day, t.source] }),
    // The admin's views across all cards read one range of days.
    index().on(t.day),
    // A card's total views (each row of the admin list) are summed from this index alone, without visiting the
    // card's daily rows one page each; the price is that a bumped count is no longer a heap-only update.
    index().on(t.cardPageId, t.count),
  ],
);

/** Link clicks per link, day and source; kept while the link exists (links are updated in place). */
export const linkClicksDaily = pgTable(
  "link_clicks_daily",
  {
    linkId: uuid()
      .notNull()
      .references(() => pageLinks.id, { onDelete: "cascade" }),
    cardPageId: uuid()
      .notNull()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    source: text({ enum: ["nfc", "qr", "link"] }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.source] }), index().on(t.cardPageId)],
);

// --- Contact exchange: details a visitor shared, with consent, from a card page, kept for the card's owner ---

export const exchangedContacts = pgTable(
  "exchanged_contacts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The card owner when the details were shared: deleting the account deletes its contacts. */
    ownerUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The card they were shared from; kept as null when the card is deleted so the owner keeps the contact. */
    cardPageId: uuid().references(() => cardPages.id, { onDelete: "set null" }),
    /** The company whose card it was shared with: the company's contact, whoever holds that card now. */
    organizationId: text().references(() => organizations.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    company: text(),
    jobTitle: text(),
    note: text(),
    /** How the card page was opened: nfc, qr or link. */
    source: text({ enum: ["nfc", "qr", "link"] }).notNull(),
    /** When the visitor ticked the consent box (the post that carried it). */
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    /** Set once 'Add to prospects' has copied it into Cold Calling. */
    prospectId: uuid().references(() => prospects.id, { onDelete: "set null" }),
    /**
     * The owner's e-mail about it: sent; held (over the hourly cap, to be counted in the next one); summed (counted
     * in a later one); none (the owner turned these e-mails off).
     */
    ownerEmail: text({ enum: ["sent", "held", "summed", "none"] })
      .notNull()
      .default("none"),
    /**
     * Shared while the card was over its daily cap: kept for the owner to review, never e-mailed or sent on to
     * webhooks, so a flood cannot silence the form for real visitors.
     */
    heldForReview: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.ownerUserId, t.createdAt),
    index().on(t.cardPageId, t.createdAt),
    // A company's contacts (those held for review are not contacts yet), newest first.
    index()
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.organizationId} is not null and ${t.heldForReview} = false`),
    index("exchanged_contacts_held_idx").on(t.ownerUserId).where(sql`${t.ownerEmail} = 'held'`),
  ],
);

// --- Webhooks: the account's receiving URLs, and one queued delivery per event and endpoint ---

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who added it, and is told when deliveries to it stop. */
    ownerUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A company's endpoint (its people's contacts); null for the account's own. */
    organizationId: text().references(() => organizations.id, { onDelete: "cascade" }),
    /** Normalised https URL (http only for WEBHOOK_ALLOWED_HOSTS). */
    url: text().notNull(),
    /** The signing secret, AES-256-GCM encrypted with a key derived from AUTH_SECRET (docs/decisions). */
    secretEncrypted: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Set when the owner was told a delivery failed for good; cleared by the next success, so one e-mail. */
    failureNotifiedAt: timestamp({ withTimezone: true }),
    /** Attempts in a row that timed out or failed to connect: the endpoint is backed off while this grows. */
    consecutiveFailures: integer().notNull().default(0),
    /** The worker does not try this endpoint before this time (back-off of an endpoint that keeps failing). */
    backedOffUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.ownerUserId), index().on(t.organizationId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id, the same on every attempt (and for every endpoint), so a receiver can drop repeats. */
    eventId: text().notNull(),
    type: text().notNull(),
    /** The exact bytes POSTed, fixed when queued so every attempt sends the same body. */
    body: text().notNull(),
    status: text({ enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim; a killed worker's claim lapses at this time. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastDurationMs: integer(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.endpointId, t.createdAt)],
);

// --- Messages sent through the contact form (kept even when the e-mail to support fails) ---

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    /** The chosen subject's label, or the sender's own words when they picked 'Other'. */
    subject: text().notNull(),
    message: text().notNull(),
    orderNumber: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

// --- Shop: carts, orders, payments, update requests, referrals ---

/** Every order number handed out (WC + 6 digits), reserved when the order is placed: never for a mere cart. */
export const orderNumbers = pgTable("order_numbers", {
  number: text().primaryKey(),
  createdAt: createdAt(),
});

/**
 * The server-side cart, keyed by a random id held in an httpOnly cookie. Prices are never stored here. It has
 * no order number (that comes with the order); idle for 30 days, it expires.
 */
export const carts = pgTable(
  "carts",
  {
    id: text().primaryKey(),
    referrerUserId: text().references(() => users.id, { onDelete: "set null" }),
    /** The delivery details entered in the checkout dialog, kept until the order is placed. */
    delivery: jsonb().$type<Delivery>(),
    /** The delivery option chosen with it (null: not chosen yet, priced as the default). */
    deliveryOption: text({ enum: DELIVERY_OPTION_IDS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.updatedAt)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: text()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    kind: text({ enum: ITEM_KINDS }).notNull(),
    quantity: integer().notNull().default(1),
    /** Links, profile fields or the update request; validated on the way in. */
    details: jsonb().$type<ItemDetails>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.cartId),
    // An expiring cart's upload is deleted only when nothing else refers to it: these lookups stay cheap.
    index("cart_items_image_url_idx")
      .on(sql`(${t.details}->>'imageUrl')`)
      .where(sql`${t.kind} = 'update-request'`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text()
      .notNull()
      .unique()
      .references(() => orderNumbers.number),
    status: text({ enum: ["awaiting_payment", "paid", "completed", "cancelled", "refunded"] })
      .notNull()
      .default("awaiting_payment"),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    /** The cart the order came from: emptied once the payment is confirmed (card) or at once (bank transfer). */
    cartId: text(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerPhone: text().notNull(),
    deliveryAddress: jsonb().$type<Delivery>().notNull(),
    subtotal: integer().notNull(),
    /** The delivery option the fee was for, as chosen at checkout; null when nothing is posted (or before options). */
    deliveryOption: text({ enum: DELIVERY_OPTION_IDS }),
    deliveryFee: integer().notNull(),
    discount: integer().notNull(),
    total: integer().notNull(),
    referrerUserId: text().references(() => users.id, { onDelete: "set null" }),
    /** The company a team order was placed for (cards for its members); null for anyone's own order. */
    organizationId: text().references(() => organizations.id, { onDelete: "set null" }),
    /** sha256 of the secret in the customer's success-page link; the order number alone opens nothing. */
    accessTokenHash: text().notNull(),
    stripeSessionId: text().unique(),
    paidAt: timestamp({ withTimezone: true }),
    /** Fulfilment (docs/product.md#fulfilment): posted with this carrier and tracking number, then delivered. */
    postedAt: timestamp({ withTimezone: true }),
    carrier: text({ enum: CARRIER_IDS }),
    trackingNumber: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    // The admin list pages through (created_at, id), newest first.
    index().on(t.createdAt, t.id),
    index().on(t.customerEmail),
    index().on(t.cartId),
    // A customer's order history and the checkout's last address.
    index().on(t.userId),
    index().on(t.organizationId, t.createdAt),
    // The admin search is a prefix match on each of these: an index range per branch.
    index("orders_number_search_idx").using("btree", sql`lower(${t.orderNumber}) text_pattern_ops`),
    index("orders_email_search_idx").using("btree", sql`lower(${t.customerEmail}) text_pattern_ops`),
    index("orders_name_search_idx").using("btree", sql`lower(${t.customerName}) text_pattern_ops`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text({ enum: ITEM_KINDS }).notNull(),
    name: text().notNull(),
    /** Copied from the catalogue when the order was placed. */
    unitPrice: integer().notNull(),
    quantity: integer().notNull(),
    details: jsonb().$type<ItemDetails>().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.orderId),
    index("order_items_image_url_idx")
      .on(sql`(${t.details}->>'imageUrl')`)
      .where(sql`${t.kind} = 'update-request'`),
  ],
);

/**
 * The card pages a paid Multi Link order item made: one per card bought (unit 1..quantity). The primary key is
 * what keeps a replayed payment or a second click from making another page for the same card.
 */
export const orderItemCardPages = pgTable(
  "order_item_card_pages",
  {
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    unit: integer().notNull(),
    cardPageId: uuid()
      .notNull()
      .unique()
      .references(() => cardPages.id, { onDelete: "cascade" }),
    /** When the shop wrote this card's chip (its page's address); null until then. */
    writtenAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderItemId, t.unit] })],
);

/**
 * A One Link card a paid order made: one per card bought (unit 1..quantity). It has no page: its one link is
 * written to the chip and is permanent (docs/decisions/027-one-link-cards.md). Its number is drawn from the same
 * WC + 4 digit space as card pages, under one lock, so no number names two cards.
 */
/**
 * A team order posted to each member (docs/product.md#companies): one parcel per member of the line, to the address
 * they gave (read when the order is placed), with its own fee, carrier and tracking number. Fulfilment pairs it
 * with the card made for that member; a member who left before the payment gets no card and no parcel.
 */
export const orderParcels = pgTable(
  "order_parcels",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    address: jsonb().$type<Delivery>().notNull(),
    deliveryOption: text({ enum: DELIVERY_OPTION_IDS }).notNull(),
    fee: integer().notNull(),
    postedAt: timestamp({ withTimezone: true }),
    carrier: text({ enum: CARRIER_IDS }),
    trackingNumber: text(),
  },
  (t) => [index().on(t.orderId), unique().on(t.orderItemId, t.userId), index().on(t.userId)],
);

export const oneLinkCards = pgTable(
  "one_link_cards",
  {
    id: uuid().primaryKey().defaultRandom(),
    cardNumber: text().notNull().unique(),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    unit: integer().notNull(),
    ownerUserId: text().references(() => users.id, { onDelete: "set null" }),
    title: text().notNull(),
    url: text().notNull(),
    /** When the shop wrote the link to the chip; null until then. */
    writtenAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.orderItemId, t.unit), index().on(t.ownerUserId), index().on(t.createdAt, t.id)],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** The admin who made the change, or null for the customer and payment providers. */
    actorUserId: text().references(() => users.id, { onDelete: "set null" }),
    /** Who, in words: an admin's e-mail, 'customer', 'stripe webhook' ... */
    actor: text().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.orderId),
    // The admin list flags (and filters) orders paid after they were cancelled: a few rows, read as one range.
    index("order_status_history_paid_after_cancellation_idx")
      .on(t.orderId)
      .where(sql`${t.fromStatus} = 'cancelled' and ${t.toStatus} = 'paid'`),
  ],
);

/**
 * A one-time link in a guest buyer's confirmation e-mail: it signs into (or creates) the account for the order's
 * e-mail and gives it the order's card pages. Only the sha256 of the secret is stored.
 */
export const cardClaimTokens = pgTable(
  "card_claim_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId)],
);

/** Each payment event is recorded once: a replayed webhook or a second 'mark paid' hits this key. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.provider, t.eventId)],
);

/** A paid change to a card page: applied when ownership is proven, else reviewed by an admin. */
export const updateRequests = pgTable(
  "update_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid()
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    cardNumber: text().notNull(),
    // Text in the database: a new action needs no migration.
    action: text({ enum: ["add-link", "remove-link", "change-image", "replace-link"] }).notNull(),
    /** A copy of the order item's details. */
    details: jsonb().$type<UpdateRequestDetails>().notNull(),
    status: text({ enum: ["pending_review", "applied", "rejected"] }).notNull(),
    /** Why it was (not) applied automatically, or the admin's note. */
    note: text(),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);

/** Each customer's referral code; the admin marks some referrers as featured in the cart's selector. */
export const referrers = pgTable("referrers", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text().notNull().unique(),
  featured: boolean().notNull().default(false),
  createdAt: createdAt(),
});

/** Money sent to a referrer: one row per 'Mark paid out', covering the completed commissions it settled. */
export const referralPayouts = pgTable(
  "referral_payouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the referrer's account is deleted: the row stays for the books. */
    referrerUserId: text().references(() => users.id, { onDelete: "set null" }),
    amount: integer().notNull(),
    /** The bank or payment reference the admin sent the money with. */
    reference: text().notNull(),
    /** The admin who recorded it (null once that account is gone). */
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // Resell lists a referrer's newest payouts.
  (t) => [index().on(t.referrerUserId, t.createdAt)],
);

export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the referrer's account is deleted: the row stays for the books. */
    referrerUserId: text().references(() => users.id, { onDelete: "set null" }),
    amount: integer().notNull(),
    status: text({ enum: COMMISSION_STATUSES }).notNull().default("pending"),
    /**
     * Why the shop, not the order's status, decided this row: why it is held for review, or why it was
     * reversed as a self-referral. Later changes of the order's status leave such a row as it is.
     */
    reason: text(),
    /** Set with status 'paid_out': the payout that settled this commission. */
    payoutId: uuid().references(() => referralPayouts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Resell reads a referrer's newest commissions: walked in order, a page stops after its rows.
  (t) => [index().on(t.referrerUserId, t.createdAt, t.id), index().on(t.payoutId)],
);

// --- Cold calling: the admin's lead pool, the lists customers buy from it, and each customer's prospects ---

/** The kinds of business a list can be bought for; the admin can add more. */
export const businessTypes = pgTable("business_types", {
  id: text().primaryKey(),
  label: text().notNull(),
  createdAt: createdAt(),
});

/** The admin-managed pool that paid lists are filled from. */
export const leads = pgTable(
  "leads",
  {
    id: uuid().primaryKey().defaultRandom(),
    businessType: text()
      .notNull()
      .references(() => businessTypes.id),
    businessName: text().notNull(),
    contactName: text(),
    phone: text().notNull(),
    email: text(),
    address: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.businessType, t.createdAt),
    // The same business (name and phone) is in the pool once per type: an upload reports the duplicates.
    uniqueIndex("leads_business_unique").on(t.businessType, sql`lower(${t.businessName})`, t.phone),
  ],
);

/** A list a customer bought: made once per paid order item, which is what keeps a replayed payment from doubling it. */
export const businessLists = pgTable(
  "business_lists",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderItemId: uuid()
      .unique()
      .references(() => orderItems.id, { onDelete: "set null" }),
    businessType: text()
      .notNull()
      .references(() => businessTypes.id),
    listName: text().notNull(),
    price: integer().notNull(),
    businessCount: integer().notNull(),
    purchasedAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purchasedAt)],
);

/** A customer's own copy of a business to call: from a bought list or added by hand. */
export const prospects = pgTable(
  "prospects",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listId: uuid().references(() => businessLists.id, { onDelete: "set null" }),
    /** The pool lead it was copied from: a customer never gets the same lead twice. */
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    businessName: text().notNull(),
    contactName: text(),
    phone: text(),
    email: text(),
    address: text(),
    businessType: text().notNull(),
    status: text({ enum: PROSPECT_STATUSES }).notNull().default("not_contacted"),
    lastContactDate: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.status),
    index().on(t.userId, t.createdAt),
    uniqueIndex("prospects_user_lead_unique").on(t.userId, t.leadId),
  ],
);

/** The timeline of a prospect: status changes and notes, newest first when read. */
export const prospectActivities = pgTable(
  "prospect_activities",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    prospectId: uuid()
      .notNull()
      .references(() => prospects.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["status", "note"] }).notNull(),
    fromStatus: text({ enum: PROSPECT_STATUSES }),
    toStatus: text({ enum: PROSPECT_STATUSES }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.prospectId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// A company's directory (SCIM 2.0, better-auth's SCIM plugin, its own instance in companies/scim.server.ts). The
// plugin owns these tables; a connection's provisioningDomainId is the company (organizations.id). Tokens are kept
// only as an HMAC digest. A directory user's account row is users; its membership is members, kept by our own
// reconciliation after each SCIM request.
// ---------------------------------------------------------------------------------------------------------------

const scimTime = () => timestamp({ withTimezone: true });

export const scimManagedConnections = pgTable(
  "scim_managed_connections",
  {
    id: text().primaryKey(),
    creationRequestId: text().notNull().unique(),
    connectionId: text().notNull().unique(),
    provisioningDomainId: text().notNull(),
    status: text().notNull(),
    revision: integer().notNull(),
    createdAt: scimTime().notNull(),
    createdBy: text().notNull(),
    decommissionStartedAt: scimTime(),
    decommissionStartedBy: text(),
    decommissionedAt: scimTime(),
    decommissionedBy: text(),
  },
  (t) => [index().on(t.provisioningDomainId)],
);

export const scimManagedCredentials = pgTable(
  "scim_managed_credentials",
  {
    id: text().primaryKey(),
    connectionRecordId: text()
      .notNull()
      .references(() => scimManagedConnections.id, { onDelete: "cascade" }),
    credentialId: text().notNull().unique(),
    tokenDigest: text().notNull(),
    hashVersion: text().notNull(),
    activeSlotKey: text().notNull().unique(),
    status: text().notNull(),
    serializedScopes: text().notNull(),
    expiresAt: scimTime().notNull(),
    createdAt: scimTime().notNull(),
    createdBy: text().notNull(),
    lastUsedAt: scimTime(),
    revokedAt: scimTime(),
    revokedBy: text(),
    decommissionedAt: scimTime(),
  },
  (t) => [index().on(t.connectionRecordId)],
);

export const scimManagedConnectionEvents = pgTable(
  "scim_managed_connection_events",
  {
    id: text().primaryKey(),
    connectionRecordId: text()
      .notNull()
      .references(() => scimManagedConnections.id, { onDelete: "cascade" }),
    eventKey: text().notNull().unique(),
    sequence: integer().notNull(),
    type: text().notNull(),
    actorId: text().notNull(),
    credentialId: text(),
    createdAt: scimTime().notNull(),
  },
  (t) => [index().on(t.connectionRecordId)],
);

export const scimConnectionBindings = pgTable(
  "scim_connection_bindings",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    connectionKey: text().notNull().unique(),
    provisioningDomainId: text().notNull(),
    createdAt: scimTime().notNull(),
    decommissionedAt: scimTime(),
    decommissionStatus: text().notNull(),
    decommissionCursorUserId: text(),
    decommissionReconciledUserCount: integer().notNull(),
    decommissionBatchCount: integer().notNull(),
    decommissionRevision: integer().notNull(),
    decommissionCompletedAt: scimTime(),
    decommissionLeaseId: text(),
    decommissionLeaseExpiresAt: scimTime(),
  },
  (t) => [index().on(t.connectionId)],
);

// Rows that name an account go with it when it is deleted (the account's own deletion leaves its companies).
export const scimIdentityTombstones = pgTable(
  "scim_identity_tombstones",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    provisioningDomainId: text().notNull(),
    externalId: text().notNull(),
    externalIdKey: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profile: text().notNull(),
    deletedAt: scimTime().notNull(),
  },
  (t) => [index().on(t.connectionId), index().on(t.provisioningDomainId), index().on(t.userId)],
);

export const scimSubjects = pgTable(
  "scim_subjects",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    profileSourceId: text(),
    revision: integer().notNull(),
    createdAt: scimTime().notNull(),
    updatedAt: scimTime().notNull(),
  },
  (t) => [index().on(t.profileSourceId)],
);

export const scimUsers = pgTable(
  "scim_users",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    provisioningDomainId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    connectionUserKey: text().notNull().unique(),
    userName: text().notNull(),
    userNameKey: text().notNull().unique(),
    primaryEmail: text().notNull(),
    workEmailValueIndex: text().notNull(),
    emailValueIndex: text().notNull(),
    displayName: text().notNull(),
    formattedName: text().notNull(),
    givenName: text(),
    familyName: text(),
    serializedEmails: text().notNull(),
    serializedAttributes: text(),
    externalId: text(),
    externalIdKey: text().unique(),
    active: boolean().notNull(),
    orderKey: text().notNull().unique(),
    createdAt: scimTime().notNull(),
    updatedAt: scimTime().notNull(),
  },
  (t) => [index().on(t.connectionId), index().on(t.provisioningDomainId), index().on(t.userId)],
);

export const scimProjectionGrants = pgTable(
  "scim_projection_grants",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    provisioningDomainId: text().notNull(),
    scimUserId: text()
      .notNull()
      .references(() => scimUsers.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceKind: text().notNull(),
    sourceId: text().notNull(),
    sourceValue: text(),
    role: text().notNull(),
    grantKey: text().notNull().unique(),
    createdAt: scimTime().notNull(),
    updatedAt: scimTime().notNull(),
  },
  (t) => [
    index().on(t.connectionId),
    index().on(t.provisioningDomainId),
    index().on(t.scimUserId),
    index().on(t.userId),
  ],
);

export const scimGroups = pgTable(
  "scim_groups",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    provisioningDomainId: text().notNull(),
    revision: integer().notNull(),
    displayName: text().notNull(),
    displayNameKey: text().notNull().unique(),
    externalId: text(),
    externalIdKey: text().unique(),
    orderKey: text().notNull().unique(),
    createdAt: scimTime().notNull(),
    updatedAt: scimTime().notNull(),
  },
  (t) => [index().on(t.connectionId), index().on(t.provisioningDomainId)],
);

export const scimGroupMembers = pgTable(
  "scim_group_members",
  {
    id: text().primaryKey(),
    connectionId: text().notNull(),
    groupId: text()
      .notNull()
      .references(() => scimGroups.id, { onDelete: "cascade" }),
    scimUserId: text()
      .notNull()
      .references(() => scimUsers.id, { onDelete: "cascade" }),
    membershipKey: text().notNull().unique(),
    createdAt: scimTime().notNull(),
  },
  (t) => [index().on(t.connectionId), index().on(t.groupId), index().on(t.scimUserId)],
);

/**
 * A device that added a card's Apple Wallet pass and asked to hear of its changes (docs/decisions/045). No foreign
 * key to the card page: a deleted card's devices must still be told that its pass is void.
 */
export const appleWalletRegistrations = pgTable(
  "apple_wallet_registrations",
  {
    id: uuid().primaryKey().defaultRandom(),
    deviceLibraryId: text().notNull(),
    pushToken: text().notNull(),
    /** The pass's serial number: the card page's id. */
    cardPageId: uuid().notNull(),
    /** The card's version this device was last pushed (or had when it registered); behind it, a push is due. */
    pushedVersion: integer().notNull(),
    /** Set once the device was pushed that the card is gone (its pass voided). */
    voidPushedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.deviceLibraryId, t.cardPageId), index().on(t.cardPageId)],
);

/**
 * A card whose Google Wallet pass may exist: its owner (or a company admin) followed the save link (docs/decisions/
 * 046). No foreign key to the card page: a deleted card's row remains until its pass is voided.
 */
export const googleWalletPasses = pgTable("google_wallet_passes", {
  cardPageId: uuid().primaryKey(),
  /** The card's version the pass was last sent (or had when its save link was made); behind it, a patch is due. */
  pushedVersion: integer().notNull(),
  /** Set once the pass of a deleted card was voided. */
  voidedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});
