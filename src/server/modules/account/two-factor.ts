import { and, eq, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { BRAND } from "../../../shared/brand.ts";
import type { TwoFactorEnabled, TwoFactorSetup } from "../../../shared/member-api.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { type SessionUser, type User, userTwoFactor } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict } from "../../http-error.ts";
import { userSecrets } from "../auth/secrets.ts";
import { hashToken } from "../auth/tokens.ts";
import { twoFactorChangedEmail } from "../email/templates.ts";
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, verifyTotp } from "./totp.ts";

export async function startTwoFactorSetup(deps: Deps, user: SessionUser): Promise<TwoFactorSetup> {
  if (user.twoFactorOn) throw conflict("Two-factor sign-in is already on.");
  const secret = newTotpSecret();
  // Only while it is off: a set-up started in another tab that has just been confirmed is not undone.
  await deps.db
    .insert(userTwoFactor)
    .values({ userId: user.id, pendingSecret: secret })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { pendingSecret: secret },
      setWhere: isNull(userTwoFactor.enabledAt),
    });
  const label = encodeURIComponent(`${BRAND.name}:${user.email}`);
  const otpauthUrl = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(BRAND.name)}&algorithm=SHA1&digits=6&period=30`;
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    secret,
    otpauthUrl,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

export async function enableTwoFactor(
  deps: Deps,
  user: SessionUser,
  code: string,
): Promise<TwoFactorEnabled> {
  if (user.twoFactorOn) throw conflict("Two-factor sign-in is already on.");
  const { totpPendingSecret: pending } = await userSecrets(deps.db, user);
  if (!pending) throw badRequest("Start the set-up first: scan a new QR code.");
  await deps.limiter.hit(`2fa:${user.id}`, 10, deps.config.rateLimits.windowMinutes);
  const step = verifyTotp(pending, code, deps.now(), null);
  if (step === null) throw badRequest(MEMBER_MSG.wrongCode);
  const codes = newRecoveryCodes();
  // Conditional on the state read: two enables (or a new set-up meanwhile) cannot both win.
  const done = await deps.db
    .update(userTwoFactor)
    .set({
      secret: pending,
      pendingSecret: null,
      enabledAt: deps.now(),
      lastStep: step,
      recoveryCodes: codes.map((c) => hashToken(normaliseRecoveryCode(c))),
    })
    .where(
      and(
        eq(userTwoFactor.userId, user.id),
        isNull(userTwoFactor.enabledAt),
        eq(userTwoFactor.pendingSecret, pending),
      ),
    )
    .returning({ id: userTwoFactor.userId });
  if (done.length === 0) throw conflict("Two-factor set-up changed meanwhile. Please start again.");
  void notify(deps, user, true);
  return { recoveryCodes: codes };
}

/**
 * Checks a sign-in code: a TOTP code (never the same one twice) or an unused recovery code, which is spent.
 * The update is conditional on the stored state read, so two sign-ins cannot spend one code twice.
 */
export async function checkSecondFactor(deps: Deps, user: User, code: string): Promise<boolean> {
  const secrets = await userSecrets(deps.db, user);
  if (!secrets.totpSecret) return true;
  const step = verifyTotp(secrets.totpSecret, code, deps.now(), secrets.totpLastStep);
  if (step !== null) {
    const res = await deps.db
      .update(userTwoFactor)
      .set({ lastStep: step })
      .where(
        sql`${userTwoFactor.userId} = ${user.id} AND (${userTwoFactor.lastStep} IS NULL OR ${userTwoFactor.lastStep} < ${step})`,
      )
      .returning({ id: userTwoFactor.userId });
    return res.length === 1;
  }
  const hash = hashToken(normaliseRecoveryCode(code));
  if (!secrets.totpRecoveryCodes.includes(hash)) return false;
  const res = await deps.db
    .update(userTwoFactor)
    .set({ recoveryCodes: sql`array_remove(${userTwoFactor.recoveryCodes}, ${hash})` })
    .where(sql`${userTwoFactor.userId} = ${user.id} AND ${hash} = ANY(${userTwoFactor.recoveryCodes})`)
    .returning({ id: userTwoFactor.userId });
  return res.length === 1;
}

export async function disableTwoFactor(deps: Deps, user: SessionUser, code: string): Promise<void> {
  if (!user.twoFactorOn) throw badRequest("Two-factor sign-in is not on.");
  await deps.limiter.hit(`2fa:${user.id}`, 10, deps.config.rateLimits.windowMinutes);
  if (!(await checkSecondFactor(deps, user, code))) throw badRequest(MEMBER_MSG.wrongCode);
  await deps.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
  void notify(deps, user, false);
}

function notify(deps: Deps, user: User, on: boolean) {
  return deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...twoFactorChangedEmail(user.firstName ?? "there", on, deps.config.appUrl),
    type: on ? "two_factor_enabled" : "two_factor_disabled",
    userId: user.id,
  });
}
