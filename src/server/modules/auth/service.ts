import { and, eq, gt, sql } from "drizzle-orm";
import { RESET_TOKEN_TTL_MINUTES, type TierId, VERIFY_TOKEN_TTL_HOURS } from "../../../shared/constants.ts";
import { MSG } from "../../../shared/messages.ts";
import { type User, type UserRow, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, unauthorized } from "../../http-error.ts";
import { passwordResetEmail, verificationEmail, welcomeEmail } from "../email/templates.ts";
import { saveChoices } from "../plan-account/choices.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { attemptKeys, checkAttempt, countFailure, countSuccess, stepUp, trustedDevice } from "./lockout.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { destroyUserSessions } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

export async function findUserByEmail(deps: Deps, email: string): Promise<UserRow | null> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(deps: Deps, id: number): Promise<UserRow | null> {
  const rows = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function registerUser(
  deps: Deps,
  input: { email: string; password: string; firstName: string; lastName: string; tier?: TierId },
): Promise<UserRow> {
  refuseCommonPassword(input.password, "password");
  if (await findUserByEmail(deps, input.email)) throw conflict(MSG.emailTaken);
  const password = await hashPassword(input.password);
  const verifyToken = newToken();
  const now = deps.now();
  let user: UserRow;
  try {
    [user] = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .insert(users)
        .values({
          email: input.email,
          password,
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerificationToken: hashToken(verifyToken),
          emailVerificationExpires: new Date(now.getTime() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
        })
        .returning();
      // The plan chosen before signing up travels with the account (plan-account/choices.ts).
      if (input.tier) await saveChoices(tx, rows[0].id, { chosenTier: input.tier });
      return rows;
    });
  } catch (e) {
    // Two sign-ups racing for one address: the unique index decides.
    if (
      (e as { cause?: { code?: string } }).cause?.code === "23505" ||
      (e as { code?: string }).code === "23505"
    )
      throw conflict(MSG.emailTaken);
    throw e;
  }
  void sendVerification(deps, user, verifyToken).then(() => {
    const w = welcomeEmail(user.firstName ?? "there", deps.config.appUrl);
    return deps.mailer.send({
      to: user.email,
      toName: user.firstName,
      ...w,
      type: "welcome",
      userId: user.id,
    });
  });
  return user;
}

function sendVerification(deps: Deps, user: User, token: string) {
  const url = `${deps.config.appUrl}/api/verify-email?token=${encodeURIComponent(token)}`;
  const m = verificationEmail(user.firstName ?? "there", url);
  return deps.mailer.send({
    to: user.pendingEmail ?? user.email,
    toName: user.firstName,
    ...m,
    type: "email_verification",
    userId: user.id,
  });
}

export async function resendVerification(deps: Deps, user: User): Promise<void> {
  if (user.emailVerified && !user.pendingEmail) return;
  const token = newToken();
  await deps.db
    .update(users)
    .set({
      emailVerificationToken: hashToken(token),
      emailVerificationExpires: new Date(deps.now().getTime() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
    })
    .where(eq(users.id, user.id));
  await sendVerification(deps, user, token);
}

/** What opening a verification link did: verified the address now, or found it verified already. */
export type VerifyOutcome = "verified" | "already";

/**
 * Marks the address verified; a pending new address replaces the old one only now. The spent link keeps its
 * (hashed) token until it would have expired, so reopening it says "already verified" rather than "broken";
 * the daily retention job clears it at its expiry like any other.
 */
export async function verifyEmail(deps: Deps, token: string): Promise<VerifyOutcome> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(
      and(eq(users.emailVerificationToken, hashToken(token)), gt(users.emailVerificationExpires, deps.now())),
    )
    .limit(1);
  const user = rows[0];
  if (!user) throw badRequest(MSG.invalidVerifyToken);
  if (user.emailVerified && !user.pendingEmail) return "already";
  if (user.pendingEmail && (await findUserByEmail(deps, user.pendingEmail))) throw conflict(MSG.emailTaken);
  await deps.db
    .update(users)
    .set({
      emailVerified: true,
      ...(user.pendingEmail ? { email: user.pendingEmail, pendingEmail: null } : {}),
    })
    .where(eq(users.id, user.id));
  return "verified";
}

/**
 * Checks e-mail and password under the lockout rules of lockout.ts: failures count per address, per account and
 * address, and per account everywhere; a browser the account has signed in from before (its device cookie)
 * counts only its own failures and is never blocked by a flood from elsewhere, and any other browser meets the
 * step-up while the account is flooded.
 */
export async function authenticate(
  deps: Deps,
  email: string,
  password: string,
  ip: string,
  deviceCookie?: string,
): Promise<UserRow> {
  const rl = deps.config.rateLimits;
  await deps.limiter.hit(`login-ip:${ip}`, rl.loginPerIp, rl.windowMinutes);
  const user = await findUserByEmail(deps, email);
  const device = user ? trustedDevice(deps.config.deviceCookieSecret, deviceCookie, user.id) : null;
  const keys = attemptKeys(deps, "password", email, user, ip, device);
  const flooded = await checkAttempt(deps, keys);
  const ok = await verifyPassword(user?.password ?? null, password);
  if (flooded) throw await stepUp(deps, user, ok, flooded);
  if (!user || !ok) {
    await countFailure(deps, keys);
    throw unauthorized(MSG.invalidCredentials);
  }
  await countSuccess(deps, keys);
  return user;
}

/** Always answers the same way, whether or not the address has an account. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<void> {
  const rl = deps.config.rateLimits;
  await deps.limiter.hit(`forgot-ip:${ip}`, rl.forgotPerIp, rl.windowMinutes);
  try {
    await deps.limiter.hit(`forgot-acct:${email}`, rl.forgotPerAccount, rl.windowMinutes);
  } catch {
    // Over the per-account limit: answer as usual but send nothing more to that inbox.
    return;
  }
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const token = newToken();
  await deps.db
    .update(users)
    .set({
      passwordResetToken: hashToken(token),
      passwordResetExpires: new Date(deps.now().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
    })
    .where(eq(users.id, user.id));
  const url = `${deps.config.appUrl}/auth?token=${encodeURIComponent(token)}`;
  const m = passwordResetEmail(user.firstName ?? "there", url);
  // Not awaited: the answer must not take longer when the account exists.
  void deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...m,
    type: "password_reset",
    userId: user.id,
  });
}

/** Sets the new password, spends the token and ends every session of the account. */
export async function resetPassword(deps: Deps, token: string, password: string, ip: string): Promise<void> {
  const rl = deps.config.rateLimits;
  await deps.limiter.hit(`reset-ip:${ip}`, rl.resetPerIp, rl.windowMinutes);
  refuseCommonPassword(password, "password");
  const hash = await hashPassword(password);
  const updated = await deps.db
    .update(users)
    .set({ password: hash, passwordResetToken: null, passwordResetExpires: null })
    .where(and(eq(users.passwordResetToken, hashToken(token)), gt(users.passwordResetExpires, deps.now())))
    .returning({ id: users.id });
  if (updated.length === 0) throw badRequest(MSG.invalidResetToken);
  await destroyUserSessions(deps.db, updated[0].id);
}

/**
 * Whether a reset link can still be used (known, not replaced by a newer one, not spent, not expired), asked
 * when the link is opened so a dead one says so before anything is typed. Answers nothing about whose it is.
 */
export async function resetTokenValid(deps: Deps, token: string, ip: string): Promise<boolean> {
  const rl = deps.config.rateLimits;
  await deps.limiter.hit(`reset-check-ip:${ip}`, rl.resetPerIp * 3, rl.windowMinutes);
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.passwordResetToken, hashToken(token)), gt(users.passwordResetExpires, deps.now())))
    .limit(1);
  return rows.length > 0;
}
