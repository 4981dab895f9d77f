import { and, eq, ne, sql } from "drizzle-orm";
import type { PublicUser } from "../../../shared/api-types.ts";
import { VERIFY_TOKEN_TTL_HOURS } from "../../../shared/constants.ts";
import { MSG } from "../../../shared/messages.ts";
import { textableNumber } from "../../../shared/phone.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { sessions, type User, userPreferences, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badField, conflict, HttpError } from "../../http-error.ts";
import { refuseCommonPassword } from "../auth/common-passwords.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { userSecrets } from "../auth/secrets.ts";
import { findUserByEmail } from "../auth/service.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { emailChangeNotice, passwordChangedEmail, verificationEmail } from "../email/templates.ts";
import { readSwitches, saveSwitches } from "../notifications/switches.ts";
import { recheckCoupleAfter } from "../rulebook/recheck.ts";

export interface ProfileChanges {
  currentPassword?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  city?: string | null;
  phone?: string | null;
  travelRadius?: number;
  emailNotifications?: boolean;
  smsNotifications?: boolean;
  marketingOptOut?: boolean;
}

/** PATCH /api/auth/user: saves what was sent; a new e-mail address waits for its verification. */
export async function updateProfile(deps: Deps, user: User, input: ProfileChanges): Promise<PublicUser> {
  const phone = input.phone === undefined ? user.phone : input.phone;
  const sms = input.smsNotifications ?? (await readSwitches(deps.db, user.id)).smsNotifications;
  // Texts need a UK mobile; checked when either changes, so an older row with a landline can still edit its name.
  const textsChange = input.phone !== undefined || input.smsNotifications !== undefined;
  if (sms && (!phone || (textsChange && !textableNumber(phone)))) {
    throw badField("smsNotifications", MEMBER_MSG.smsNeedsPhone);
  }
  let verifyToken: string | null = null;
  let pendingEmail: string | null | undefined;
  if (input.email !== undefined) {
    if (input.email === user.email.toLowerCase()) {
      pendingEmail = null;
    } else if (input.email !== user.pendingEmail?.toLowerCase()) {
      // A new address can take over the account (password resets go there): the password proves it's the owner.
      const rl = deps.config.rateLimits;
      const key = `email-change:${user.id}`;
      await deps.limiter.check(key, 5);
      await deps.limiter.check(`password-change:${user.id}`, rl.loginFailuresPerAccount);
      if (!input.currentPassword) {
        throw badField("currentPassword", MEMBER_MSG.passwordForEmail);
      }
      if (!(await verifyPassword((await userSecrets(deps.db, user)).password, input.currentPassword))) {
        try {
          await deps.limiter.hit(`password-change:${user.id}`, rl.loginFailuresPerAccount, rl.windowMinutes);
        } catch {}
        throw badField("currentPassword", MEMBER_MSG.wrongPassword);
      }
      await deps.limiter.hit(key, 5, 60);
      const taken = await findUserByEmail(deps, input.email);
      if (taken) throw new HttpError(409, MSG.emailTaken, {}, [{ path: "email", message: MSG.emailTaken }]);
      pendingEmail = input.email;
      verifyToken = newToken();
    }
  }
  const updated = await deps.db.transaction(async (tx) => {
    await saveSwitches(tx, user.id, {
      ...(input.emailNotifications !== undefined && { emailNotifications: input.emailNotifications }),
      ...(input.smsNotifications !== undefined && { smsNotifications: input.smsNotifications }),
      // Turning texts on again is the member's new consent after a STOP reply.
      ...(input.smsNotifications === true && { smsStoppedAt: null }),
      ...(input.marketingOptOut !== undefined && { marketingOptOut: input.marketingOptOut }),
    });
    const changes = {
      ...(input.firstName !== undefined && { firstName: input.firstName }),
      ...(input.lastName !== undefined && { lastName: input.lastName }),
      ...(input.city !== undefined && { city: input.city }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(pendingEmail !== undefined && { pendingEmail }),
      // Withdrawing a change voids the link sent to the other address.
      ...(pendingEmail === null &&
        user.pendingEmail && { emailVerificationToken: null, emailVerificationExpires: null }),
      ...(verifyToken && {
        emailVerificationToken: hashToken(verifyToken),
        emailVerificationExpires: new Date(deps.now().getTime() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
      }),
    };
    // An empty PATCH changes nothing and answers the user as stored.
    const [row] =
      Object.keys(changes).length === 0
        ? await tx.select().from(users).where(eq(users.id, user.id))
        : await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
    if (input.travelRadius !== undefined) {
      await tx
        .insert(userPreferences)
        .values({ userId: user.id, travelRadius: input.travelRadius })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { travelRadius: input.travelRadius } });
    }
    return row;
  });
  // A new radius may put the couple's dates ahead out of reach: they are asked again.
  if (input.travelRadius !== undefined) await recheckCoupleAfter(deps, [user.id]);
  if (verifyToken && pendingEmail) {
    const name = updated.firstName ?? "there";
    const url = `${deps.config.appUrl}/api/verify-email?token=${encodeURIComponent(verifyToken)}`;
    void deps.mailer.send({
      to: pendingEmail,
      toName: updated.firstName,
      ...verificationEmail(name, url),
      type: "email_verification",
      userId: user.id,
    });
    void deps.mailer.send({
      to: user.email,
      toName: updated.firstName,
      ...emailChangeNotice(name, pendingEmail),
      type: "email_change_notice",
      userId: user.id,
    });
  }
  return toPublicUser(deps, updated);
}

/** Changes the password after checking the current one; every other session of the account ends. */
export async function changePassword(
  deps: Deps,
  user: User,
  currentSessionToken: string | null,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const rl = deps.config.rateLimits;
  const key = `password-change:${user.id}`;
  await deps.limiter.check(key, rl.loginFailuresPerAccount);
  const { password: current } = await userSecrets(deps.db, user);
  if (!(await verifyPassword(current, input.currentPassword))) {
    try {
      await deps.limiter.hit(key, rl.loginFailuresPerAccount, rl.windowMinutes);
    } catch {}
    throw badField("currentPassword", MEMBER_MSG.wrongPassword);
  }
  if (input.currentPassword === input.newPassword) {
    throw badField("newPassword", MEMBER_MSG.samePassword);
  }
  refuseCommonPassword(input.newPassword, "newPassword");
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // Conditional on the password checked, so two changes racing cannot both win.
    const res = await tx
      .update(users)
      .set({ password: hash, passwordResetToken: null, passwordResetExpires: null })
      .where(and(eq(users.id, user.id), sql`${users.password} IS NOT DISTINCT FROM ${current}`))
      .returning({ id: users.id });
    if (res.length === 0) throw conflict("Your password was changed elsewhere. Please sign in again.");
    await tx
      .delete(sessions)
      .where(
        currentSessionToken
          ? and(eq(sessions.userId, user.id), ne(sessions.sid, hashToken(currentSessionToken)))
          : eq(sessions.userId, user.id),
      );
  });
  await deps.limiter.reset(key);
  void deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...passwordChangedEmail(user.firstName ?? "there", deps.config.appUrl),
    type: "password_changed",
    userId: user.id,
  });
}
