// Drizzle schema: tables and relations only. SQL names are snake_case (drizzle.config.ts casing).
import { sql } from "drizzle-orm";
import {
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
  uuid,
} from "drizzle-orm/pg-core";

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
    /** Bumped on every change: the public page cache compares it (ETag) and other processes can too. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.shopId),
    // Prefix search on name in the admin list stays an index scan as the table grows.
    index("card_pages_name_search_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
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
    createdAt: createdAt(),
  },
  (t) => [index().on(t.cardPageId, t.sortOrder)],
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
  (t) => [primaryKey({ columns: [t.cardPageId, t.day, t.source] })],
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
