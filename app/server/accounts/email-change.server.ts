// Changing an account's e-mail address (Settings, Profile; 'E-mail change' in docs/security.md#threat-model-in-a-page).
// Asked for with the password (and a code when two-factor is on); the link sent to the new address makes the
// change, and the link sent to the old address stops it, or undoes it for a week unless the owner has secured the
// account since, and signs the account out everywhere with a password that must be reset from the restored
// address.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, like, lt, ne, sql } from "drizzle-orm";
import { accounts, emailChanges, sessions, users, verifications } from "~/db/schema";
import type { Database } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import {
  changeEmailVerificationEmail,
  emailChangeAddressTakenEmail,
  emailChangeRequestedEmail,
} from "../platform/email/templates.server";

/** The page both links open; opening it changes nothing, its buttons do. */
const EMAIL_CHANGE_PATH = "/email-change";
/** How long the new address has to confirm. */
const CONFIRM_HOURS = 24;
/** How long the old address can stop or undo the change: long enough to notice while away. */
const STOP_DAYS = 7;

export const EMAIL_CHANGE_MESSAGES = {
  unknown: "This link is not valid. It may have been replaced by a newer request, or already used.",
  expired: "This link has expired. You can ask for the change again in Settings.",
  confirmed: "This e-mail change has already been made.",
  moved: "Your account's e-mail address has changed since this link was sent, so it no longer applies.",
  taken: "This e-mail address now belongs to another account, so the change was not made.",
  secured:
    "This change can no longer be undone here: since it was made, the account has been signed in to with its new address or its password has been changed. If that was not you, please contact us.",
  oldTaken:
    "The change was stopped and every session signed out, but your old address now belongs to another account. Please contact us to get your account back.",
} as const;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const linkTo = (publicUrl: string, token: string) => `${publicUrl}${EMAIL_CHANGE_PATH}?token=${token}`;
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Records the request and e-mails both addresses. The answer and the work are the same whether or not the new
 * address already has an account: that address is told so instead of getting a link. A newer request replaces
 * an unconfirmed one, whose links then stop working.
 */
export async function requestEmailChange(
  db: Database,
  input: { userId: string; oldEmail: string; newEmail: string },
  opts: { shop: string; publicUrl: string },
) {
  const confirm = newToken();
  const stop = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, input.userId), isNull(emailChanges.confirmedAt)));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.newEmail.toLowerCase()}`)
      .limit(1);
    await tx.insert(emailChanges).values({
      userId: input.userId,
      oldEmail: input.oldEmail,
      newEmail: input.newEmail,
      confirmTokenHash: hashOf(confirm),
      stopTokenHash: hashOf(stop),
    });
    await enqueueEmail(
      tx,
      emailChangeRequestedEmail({
        shop: opts.shop,
        to: input.oldEmail,
        newEmail: input.newEmail,
        stopUrl: linkTo(opts.publicUrl, stop),
        stopDays: STOP_DAYS,
      }),
    );
    await enqueueEmail(
      tx,
      taken
        ? emailChangeAddressTakenEmail({
            shop: opts.shop,
            to: input.newEmail,
            loginUrl: `${opts.publicUrl}/login`,
          })
        : changeEmailVerificationEmail({
            shop: opts.shop,
            to: input.newEmail,
            url: linkTo(opts.publicUrl, confirm),
          }),
    );
  });
}

type Problem = keyof typeof EMAIL_CHANGE_MESSAGES;
export type EmailChangeLink =
  | { ok: true; kind: "confirm" | "stop"; newEmail: string; confirmed: boolean }
  | { ok: false; problem: Problem };

function ageLimit(kind: "confirm" | "stop") {
  return kind === "confirm"
    ? sql`now() - make_interval(hours => ${CONFIRM_HOURS})`
    : sql`now() - make_interval(days => ${STOP_DAYS})`;
}

/**
 * Whether the owner has secured the account since the change was made: a sign-in since then (a session begun
 * after it, an admin's view as the customer aside) can only have used the new address, and a password changed
 * since then was changed by whoever holds the account now. Either way the old address may no longer undo it.
 * Sessions ended by signing out leave no trace, so a sign-in is seen only while its session lasts.
 */
const securedSinceChange = sql<boolean>`${emailChanges.confirmedAt} is not null and (
  exists (select 1 from ${sessions} where ${sessions.userId} = ${emailChanges.userId}
    and ${sessions.createdAt} > ${emailChanges.confirmedAt} and ${sessions.impersonatedBy} is null)
  or exists (select 1 from ${accounts} where ${accounts.userId} = ${emailChanges.userId}
    and ${accounts.providerId} = 'credential' and ${accounts.updatedAt} > ${emailChanges.confirmedAt}))`;

/** What a link is for, or why it no longer works. */
export async function findEmailChangeLink(db: Database, token: string | null): Promise<EmailChangeLink> {
  if (!token || token.length > 100) return { ok: false, problem: "unknown" };
  const hash = hashOf(token);
  for (const kind of ["confirm", "stop"] as const) {
    const column = kind === "confirm" ? emailChanges.confirmTokenHash : emailChanges.stopTokenHash;
    const [row] = await db
      .select({
        newEmail: emailChanges.newEmail,
        confirmedAt: emailChanges.confirmedAt,
        live: sql<boolean>`${emailChanges.createdAt} > ${ageLimit(kind)}`,
        secured: securedSinceChange,
      })
      .from(emailChanges)
      .where(eq(column, hash));
    if (!row) continue;
    if (!row.live) return { ok: false, problem: "expired" };
    if (kind === "confirm" && row.confirmedAt) return { ok: false, problem: "confirmed" };
    if (kind === "stop" && row.secured) return { ok: false, problem: "secured" };
    return { ok: true, kind, newEmail: row.newEmail, confirmed: row.confirmedAt !== null };
  }
  return { ok: false, problem: "unknown" };
}

/** The unique index on users.email refused the address: another account took it first. */
function isUniqueViolation(error: unknown) {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

/** The new address's link: the account's e-mail becomes the new (now proven) address. */
export async function confirmEmailChange(
  db: Database,
  token: string,
): Promise<{ ok: true; email: string } | { ok: false; problem: Problem }> {
  if (token.length > 100) return { ok: false, problem: "unknown" };
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .select({
          id: emailChanges.id,
          userId: emailChanges.userId,
          oldEmail: emailChanges.oldEmail,
          newEmail: emailChanges.newEmail,
          confirmedAt: emailChanges.confirmedAt,
          live: sql<boolean>`${emailChanges.createdAt} > ${ageLimit("confirm")}`,
        })
        .from(emailChanges)
        .where(eq(emailChanges.confirmTokenHash, hashOf(token)))
        .for("update");
      if (!change) return { ok: false as const, problem: "unknown" as const };
      if (change.confirmedAt) return { ok: false as const, problem: "confirmed" as const };
      if (!change.live) return { ok: false as const, problem: "expired" as const };
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, change.userId))
        .for("update");
      if (!user || !sameAddress(user.email, change.oldEmail))
        return { ok: false as const, problem: "moved" as const };
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.email}) = ${change.newEmail.toLowerCase()}`, ne(users.id, change.userId)),
        )
        .limit(1);
      if (other) return { ok: false as const, problem: "taken" as const };
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, change.userId));
      await tx.update(emailChanges).set({ confirmedAt: new Date() }).where(eq(emailChanges.id, change.id));
      return { ok: true as const, email: change.newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: "taken" };
    throw error;
  }
}

/**
 * The old address's link: a change not yet made is dropped; one already made is undone (the old address comes
 * back), unless the owner has secured the account since. Either way every change asked for is dropped, every
 * session of the account ends and, since whoever asked knew the password, the password is replaced by
 * newUnusableHash() (of a secret nobody holds) and reset links asked for before are dropped: the account is
 * then opened only by a password reset from its address.
 */
export async function stopEmailChange(
  db: Database,
  token: string,
  newUnusableHash: () => Promise<string>,
): Promise<{ ok: true; email: string } | { ok: false; problem: Problem }> {
  if (token.length > 100) return { ok: false, problem: "unknown" };
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select({
        userId: emailChanges.userId,
        oldEmail: emailChanges.oldEmail,
        live: sql<boolean>`${emailChanges.createdAt} > ${ageLimit("stop")}`,
        secured: securedSinceChange,
      })
      .from(emailChanges)
      .where(eq(emailChanges.stopTokenHash, hashOf(token)))
      .for("update");
    if (!change) return { ok: false as const, problem: "unknown" as const };
    if (!change.live) return { ok: false as const, problem: "expired" as const };
    if (change.secured) return { ok: false as const, problem: "secured" as const };
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, change.userId))
      .for("update");
    if (!user) return { ok: false as const, problem: "unknown" as const };
    await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
    await tx.delete(sessions).where(eq(sessions.userId, change.userId));
    await tx
      .update(accounts)
      .set({ password: await newUnusableHash() })
      .where(and(eq(accounts.userId, change.userId), eq(accounts.providerId, "credential")));
    // better-auth keeps a reset link as 'reset-password:<token>' with the account's id as its value.
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, change.userId)));
    if (sameAddress(user.email, change.oldEmail)) return { ok: true as const, email: user.email };
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${change.oldEmail.toLowerCase()}`, ne(users.id, change.userId)))
      .limit(1);
    if (other) return { ok: false as const, problem: "oldTaken" as const };
    await tx
      .update(users)
      .set({ email: change.oldEmail, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, change.userId));
    return { ok: true as const, email: change.oldEmail };
  });
}

/** Drops requests whose links have all expired (hourly housekeeping). */
export async function pruneEmailChanges(db: Database) {
  const gone = await db
    .delete(emailChanges)
    .where(lt(emailChanges.createdAt, ageLimit("stop")))
    .returning({ id: emailChanges.id });
  return { removed: gone.length };
}
