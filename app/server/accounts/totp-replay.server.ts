// A TOTP code is accepted once (RFC 6238 section 5.2): every code better-auth checks (enrolment, the sign-in code
// step, switching two-factor off) first claims its 30-second step for the account, and a step at or before the
// last one accepted counts as a wrong code.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { twoFactors } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";

const PERIOD_MS = 30_000;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The HMAC key of a stored secret: its UTF-8 bytes, or the decoded bytes of one imported as `base32:…`. */
function secretKey(secret: string) {
  if (!secret.startsWith("base32:")) return Buffer.from(secret, "utf8");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of secret.slice("base32:".length).toUpperCase().replace(/=+$/, "")) {
    const index = BASE32.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function hotp(key: Buffer, step: number) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * The step whose code (six digits) this is, among those better-auth accepts (the current step and one either
 * side), or null. Every candidate is compared, so the time taken does not say which one matched.
 */
function matchingStep(secret: string, code: string, now = Date.now()) {
  const key = secretKey(secret);
  const current = Math.floor(now / PERIOD_MS);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) found = step;
  }
  return found;
}

/** Records `step` as accepted unless it, or a later one, already was. One conditional UPDATE, so two racing
 * requests with the same code cannot both win. */
async function claimStep(db: DbOrTx, userId: string, step: number) {
  const [claimed] = await db
    .update(twoFactors)
    .set({ lastAcceptedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastAcceptedStep), lt(twoFactors.lastAcceptedStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return Boolean(claimed);
}

/** What better-auth is handed instead of a replayed code: it matches no step, so it is refused and counted as a
 * wrong code (the challenge's five tries, the account's lock). */
const REPLAYED = "replayed";

/** The step a request claimed, until its answer is known (keyed by that request's auth context). */
const claims = new WeakMap<object, { userId: string; step: number }>();

export function totpReplayGuard(db: DbOrTx) {
  const isVerifyTotp = (ctx: { path?: string }) => ctx.path === "/two-factor/verify-totp";
  return {
    id: "totp-replay-guard",
    hooks: {
      before: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== "string" || !/^\d{6}$/.test(code)) return;
            const userId = await codeOwner(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = matchingStep(secret, code);
            // A wrong code is left to better-auth, which refuses and counts it.
            if (step === null) return;
            if (await claimStep(db, userId, step)) {
              claims.set(ctx.context, { userId, step });
              return;
            }
            return { context: { body: { ...(ctx.body as object), code: REPLAYED } } };
          }),
        },
      ],
      after: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const claim = claims.get(ctx.context);
            if (!claim) return;
            claims.delete(ctx.context);
            // Refused all the same (the sign-in expired, too many tries, the account locked): the code was not
            // accepted, so the visitor may type it again after the password. Any earlier step stays refused.
            if (!isAPIError(ctx.context.returned)) return;
            await db
              .update(twoFactors)
              .set({ lastAcceptedStep: claim.step - 1 })
              .where(and(eq(twoFactors.userId, claim.userId), eq(twoFactors.lastAcceptedStep, claim.step)));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code it is, the way better-auth's check decides: the signed-in account, else the sign-in challenge's. */
async function codeOwner(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}
