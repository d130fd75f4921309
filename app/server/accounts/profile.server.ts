// The customer's own profile (Settings, Profile tab): name, bio, location, avatar, and asking for a change of
// e-mail address (email-change.server.ts), which needs the password and a code when two-factor is on.
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { users } from "~/db/schema";
import { AvatarSchema, ChangeEmailSchema, joinName, ProfileSchema, splitName } from "~/schemas/profile";
import type { DbOrTx } from "../platform/db.server";
import { acceptProfileImage } from "../platform/images.server";
import { hitRateLimit, hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { redirectWithToast } from "../platform/toast.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import { checkAccountSecrets } from "./account-secrets.server";
import { requestEmailChange } from "./email-change.server";
import { ACCOUNT_LIMITS, AVATAR_WRITES } from "./limits.server";
import type { SessionUser } from "./session.server";

const PROFILE_PATH = "/dashboard/settings";

const PROFILE_MESSAGES = {
  saved: "Profile updated",
  avatarSaved: "Profile photo updated",
  emailSent: "Check your new inbox",
  sameEmail: "This is already your e-mail address",
  emailLimited: "Too many e-mail changes asked for. Please try again later.",
  avatarFailed: "Failed to upload image. Please try again.",
} as const;

export type Context = Pick<AppLoadContext, "db" | "auth" | "config" | "logger" | "pokeOutbox" | "clientIp">;

/** What the Profile tab shows: the account's own row, the name split for the form. */
export async function loadProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      bio: users.bio,
      location: users.location,
      image: users.image,
      twoFactor: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Response("Not found", { status: 404 });
  return {
    ...splitName(row.name),
    email: row.email,
    bio: row.bio ?? "",
    location: row.location ?? "",
    image: row.image,
    /** The e-mail change then asks for a code too. */
    twoFactor: row.twoFactor === true,
  };
}

/** Name, bio and location in one UPDATE: a refused field leaves every field as it was. */
async function saveProfile(
  db: DbOrTx,
  userId: string,
  input: { firstName: string; lastName: string; bio: string; location: string },
) {
  await db
    .update(users)
    .set({
      name: joinName(input.firstName, input.lastName),
      bio: input.bio || null,
      location: input.location || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Points the account at a newly stored avatar and deletes the one it replaces, unless something else (a card
 * page, a cart, an order, another account) shows the same image: uploads are content-addressed.
 */
async function replaceAvatar(context: Pick<Context, "db" | "config">, userId: string, url: string) {
  const previous = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: users.image })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    await tx.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, userId));
    return row?.image ?? null;
  });
  if (previous && previous !== url) await deleteUploadIfUnused(context.db, context.config, previous);
}

export async function profileFromForm(context: Context, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: ProfileSchema });
  if (submission.status !== "success")
    return data({ intent: "profile" as const, result: submission.reply() }, { status: 400 });
  await saveProfile(context.db, user.id, submission.value);
  return redirectWithToast(PROFILE_PATH, { type: "success", title: PROFILE_MESSAGES.saved });
}

export async function avatarFromForm(context: Context, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: AvatarSchema });
  if (submission.status !== "success")
    return data({ intent: "avatar" as const, result: submission.reply() }, { status: 400 });
  // Counted before the image is decoded: the decode is the cost being limited.
  if (!(await hitWriteLimit(context.db, AVATAR_WRITES, { userId: user.id, clientIp: context.clientIp })))
    return data(
      { intent: "avatar" as const, result: submission.reply({ fieldErrors: { avatar: [WRITE_LIMITED] } }) },
      { status: 429 },
    );
  const outcome = await acceptProfileImage(context.config, submission.value.avatar);
  if (!outcome.ok) {
    if (outcome.status === 500) context.logger.error({ err: outcome.cause }, "avatar upload failed");
    return data(
      { intent: "avatar" as const, result: submission.reply({ fieldErrors: { avatar: [outcome.message] } }) },
      { status: outcome.status },
    );
  }
  try {
    await replaceAvatar(context, user.id, outcome.url);
  } catch (error) {
    context.logger.error({ err: error }, "avatar not saved");
    await deleteUploadIfUnused(context.db, context.config, outcome.url).catch(() => {});
    return data(
      {
        intent: "avatar" as const,
        result: submission.reply({ fieldErrors: { avatar: [PROFILE_MESSAGES.avatarFailed] } }),
      },
      { status: 500 },
    );
  }
  return redirectWithToast(PROFILE_PATH, { type: "success", title: PROFILE_MESSAGES.avatarSaved });
}

export async function emailFromForm(context: Context, request: Request, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: ChangeEmailSchema });
  const secrets = ["password", "code"];
  const refuse = (
    status: number,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  ) =>
    data(
      { intent: "email" as const, result: submission.reply({ ...errors, hideFields: secrets }) },
      { status },
    );
  if (submission.status !== "success") return refuse(400, {});
  const { newEmail, password, code } = submission.value;
  if (newEmail === user.email.toLowerCase())
    return refuse(400, { fieldErrors: { newEmail: [PROFILE_MESSAGES.sameEmail] } });
  const refused = await checkAccountSecrets(context, request, user, { password, code });
  if (refused) return refuse(refused.status, refused);
  // Each request e-mails two addresses.
  if (!(await hitRateLimit(context.db, `change-email:user:${user.id}`, ACCOUNT_LIMITS.changeEmail)).allowed)
    return refuse(429, { formErrors: [PROFILE_MESSAGES.emailLimited] });
  await requestEmailChange(
    context.db,
    { userId: user.id, oldEmail: user.email, newEmail },
    { shop: context.config.shop.name, publicUrl: context.config.publicUrl },
  );
  context.pokeOutbox();
  // The same answer whether or not the new address has an account: that address is told by e-mail.
  return redirectWithToast(PROFILE_PATH, {
    type: "success",
    title: PROFILE_MESSAGES.emailSent,
    description: `We sent a message to ${newEmail}. Your e-mail address changes once you open its link. We told ${user.email} too.`,
  });
}
