// Admin accounts: made or promoted by `npm run admin:create` and at start-up, checked by the admin login.
import { and, eq } from "drizzle-orm";
import { accounts, users } from "~/db/schema";
import type { Database } from "../platform/db.server";
import type { Auth } from "./auth.server";

/** Creates an admin account, or makes an existing account an admin with this password. */
export async function upsertAdmin(
  auth: Auth,
  db: Database,
  input: { email: string; password: string; name?: string },
): Promise<"created" | "updated"> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    const userId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx.update(users).set({ role: "admin", emailVerified: true }).where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        email,
        name: input.name ?? "Administrator",
        role: "admin",
        emailVerified: true,
      });
    }
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    if (credential) {
      await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        userId,
        accountId: userId,
        providerId: "credential",
        password: hash,
      });
    }
    return existing ? "updated" : "created";
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * The admin login's credential check. It does the same password work whether the e-mail belongs to an admin,
 * to a customer or to nobody, so its timing does not tell a stranger which e-mails are admins'.
 */
export async function checkAdminPassword(auth: Auth, db: Database, email: string, password: string) {
  const ctx = await auth.$context;
  const [row] = await db
    .select({ role: users.role, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, email.trim().toLowerCase()));
  const isAdmin = row?.role === "admin" && Boolean(row.hash);
  dummyHash ??= ctx.password.hash(crypto.randomUUID());
  const hash = isAdmin ? row!.hash! : await dummyHash;
  const valid = await ctx.password.verify({ hash, password });
  return isAdmin && valid;
}

export async function adminExists(db: Database) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}
