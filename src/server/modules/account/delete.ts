/**
 * Deleting an account: the subscription is cancelled at the provider, personal data is removed, and the user
 * row stays as an anonymous tombstone so the financial records the law requires (subscription history,
 * offer redemptions with their amounts, the provider's customer and mandate references) keep their link.
 */
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { hasLiveSubscription } from "../../../shared/constants.ts";
import { type DeleteAccountInput, LEAVING_MSG } from "../../../shared/leaving.ts";
import {
  aiDateSuggestions,
  auditLog,
  dateRatings,
  dateReservations,
  emailLogs,
  partnerInvites,
  paymentCheckouts,
  type SessionUser,
  sessions,
  subscriptionEvents,
  supportTickets,
  userEmailCampaigns,
  userMonthlyQuotas,
  userPreferences,
  users,
  userTwoFactor,
  userVenueExclusions,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badField, conflict, HttpError } from "../../http-error.ts";
import { scrubAuditOf } from "../audit/service.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { userSecrets } from "../auth/secrets.ts";
import { readCouple } from "../couples/couple.ts";
import {
  applyLeaving,
  type Leaving,
  leaverGoodbyeLines,
  planLeaving,
  tellPartnerOfLeaving,
} from "../couples/leaving.ts";
import { accountGoodbyeEmail, partnerLeftEmail } from "../email/leaving-mails.ts";
import { accountDeletedEmail } from "../email/templates.ts";
import { saveSwitches } from "../notifications/switches.ts";
import { readLinks } from "../payments/links.ts";
import { cancelAtProvider } from "../plan-account/schedule.ts";
import { saveState } from "../plan-account/state.ts";
import { removeAllDevices } from "../push/devices.ts";
import { checkSecondFactor } from "./two-factor.ts";

export const DELETE_MSG = {
  lastAdmin:
    "You are the only administrator. Make someone else an administrator before deleting this account.",
  provider: "Failed to delete account. Please contact support.",
} as const;

export const deletedEmail = (id: number) => `deleted-user-${id}@deleted.invalid`;

/**
 * The proof that it is the member: the current password, and a code when two-step sign-in is on. Wrong
 * passwords count against the same per-account budget as Change Password, so this cannot be used to guess.
 */
export async function checkLeavingProof(
  deps: Deps,
  user: SessionUser,
  input: DeleteAccountInput,
): Promise<void> {
  const rl = deps.config.rateLimits;
  const key = `password-change:${user.id}`;
  if (user.twoFactorOn && !input.code) throw badField("code", LEAVING_MSG.code);
  await deps.limiter.check(key, rl.loginFailuresPerAccount);
  if (!(await verifyPassword((await userSecrets(deps.db, user)).password, input.password))) {
    try {
      await deps.limiter.hit(key, rl.loginFailuresPerAccount, rl.windowMinutes);
    } catch {}
    throw new HttpError(403, LEAVING_MSG.wrongPassword, {}, [
      { path: "password", message: LEAVING_MSG.wrongPassword },
    ]);
  }
  if (user.twoFactorOn && input.code) {
    await deps.limiter.hit(`2fa:${user.id}`, 10, rl.windowMinutes);
    if (!(await checkSecondFactor(deps, user, input.code)))
      throw new HttpError(403, LEAVING_MSG.wrongCode, {}, [{ path: "code", message: LEAVING_MSG.wrongCode }]);
  }
  await deps.limiter.reset(key);
}

export async function deleteAccount(deps: Deps, user: SessionUser, proof: DeleteAccountInput): Promise<void> {
  await checkLeavingProof(deps, user, proof);
  const now = deps.now();
  if (user.isAdmin) {
    const [{ n }] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, user.id)));
    if (n === 0) throw conflict(DELETE_MSG.lastAdmin);
  }
  // First the provider: if it cannot be reached nothing is deleted, and no payment is ever taken again after.
  if (hasLiveSubscription(user.subscriptionStatus)) {
    try {
      await cancelAtProvider(deps, await readLinks(deps.db, user.id));
    } catch {
      throw new HttpError(502, DELETE_MSG.provider);
    }
  }
  const address = user.email;
  const name = user.firstName ?? "there";
  const left: Array<{ email: string; firstName: string | null; id: number }> = [];
  let leaving: Leaving | null = null;
  const deleted = await deps.db.transaction(async (tx) => {
    // Both partners' rows are locked in id order (as bookings lock them), then: once only, a second request
    // (a double click) finds the row already anonymised.
    const couple = await readCouple(tx, user.id, { lock: true });
    const [still] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for("update");
    if (!still || !couple) return false;
    // The couple's plan and dates first (the same decision the preview showed): dates that stay with the
    // partner move to them, so the cancellation below reaches only those still in this member's name.
    leaving = await planLeaving(tx, couple, now);
    await applyLeaving(tx, leaving);
    left.push(
      ...(await tx
        .select({ email: users.email, firstName: users.firstName, id: users.id })
        .from(users)
        .where(eq(users.partnerId, user.id))),
    );
    // Only a partner still linked back to this member is unlinked (they may have linked with someone since).
    await tx.update(users).set({ partnerId: null }).where(eq(users.partnerId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // No more pushes to the devices the member opted in from.
    await removeAllDevices(tx, user.id);
    await tx.delete(userPreferences).where(eq(userPreferences.userId, user.id));
    await tx.delete(userVenueExclusions).where(eq(userVenueExclusions.userId, user.id));
    await tx.delete(userMonthlyQuotas).where(eq(userMonthlyQuotas.userId, user.id));
    await tx.delete(aiDateSuggestions).where(eq(aiDateSuggestions.userId, user.id));
    await tx.delete(userEmailCampaigns).where(eq(userEmailCampaigns.userId, user.id));
    // The record keeps that the account was deleted, not who they were.
    await scrubAuditOf(tx, user.id);
    await tx.insert(auditLog).values({
      actorId: user.id,
      actorName: null,
      entity: "account",
      entityId: String(user.id),
      action: "delete",
      summary: "Account deleted by the member",
      changes: [],
      subjectUserId: user.id,
    });
    await tx
      .delete(partnerInvites)
      .where(
        or(
          eq(partnerInvites.inviterId, user.id),
          eq(partnerInvites.acceptedBy, user.id),
          eq(sql`lower(${partnerInvites.email})`, address.toLowerCase()),
        ),
      );
    await tx.delete(paymentCheckouts).where(eq(paymentCheckouts.userId, user.id));
    await tx
      .delete(supportTickets)
      .where(
        or(
          eq(supportTickets.userId, user.id),
          eq(sql`lower(${supportTickets.fromEmail})`, address.toLowerCase()),
        ),
      );
    await tx
      .delete(emailLogs)
      .where(
        or(eq(emailLogs.userId, user.id), eq(sql`lower(${emailLogs.recipientEmail})`, address.toLowerCase())),
      );
    // Dates stay for the venues' records without anything personal; those still ahead and still in this
    // member's name (no partner keeps them) are called off.
    await tx
      .update(dateReservations)
      .set({ manualBookingNotes: null, aiSuggestion: null })
      .where(eq(dateReservations.userId, user.id));
    // Their words about any date go (their partner's words stay); the stars stay, on the tombstone.
    await tx.update(dateRatings).set({ feedback: null }).where(eq(dateRatings.userId, user.id));
    await tx
      .update(dateReservations)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(dateReservations.userId, user.id),
          sql`${dateReservations.scheduledDate} > ${now}`,
          inArray(dateReservations.status, ["scheduled", "revealed", "confirmed", "reschedule_requested"]),
        ),
      );
    await tx.update(subscriptionEvents).set({ feedback: null }).where(eq(subscriptionEvents.userId, user.id));
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      eventType: "account_deleted",
      fromTier: user.subscriptionTier,
      toTier: user.subscriptionTier,
      fromStatus: user.subscriptionStatus,
      toStatus: hasLiveSubscription(user.subscriptionStatus) ? "cancelled" : user.subscriptionStatus,
      occurredAt: now,
    });
    await tx
      .update(users)
      .set({
        email: deletedEmail(user.id),
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        password: null,
        emailVerified: false,
        emailVerificationToken: null,
        emailVerificationExpires: null,
        pendingEmail: null,
        passwordResetToken: null,
        passwordResetExpires: null,
        isAdmin: false,
        partnerId: null,
        city: null,
        phone: null,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await saveState(tx, user.id, {
      subscriptionStatus: hasLiveSubscription(user.subscriptionStatus)
        ? "cancelled"
        : user.subscriptionStatus,
      currentPeriodEnd: hasLiveSubscription(user.subscriptionStatus) ? now : user.currentPeriodEnd,
      pendingTier: null,
      pausedUntil: null,
      pauseStartsAt: null,
    });
    await saveSwitches(tx, user.id, {
      emailNotifications: false,
      smsNotifications: false,
      marketingOptOut: true,
    });
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    return true;
  });
  if (!deleted) return;
  const done = leaving as Leaving | null;
  if (done) tellPartnerOfLeaving(deps, done);
  // Anyone else still pointing at this member (a one-sided link, no couple) only learns the link is gone.
  for (const p of left) {
    if (p.id === done?.partner?.id) continue;
    void deps.mailer.send({
      to: p.email,
      toName: p.firstName,
      ...partnerLeftEmail(
        p.firstName ?? "there",
        user.firstName?.trim() || "Your partner",
        { kind: "no_plan", cancelled: [], kept: 0 },
        deps.config.appUrl,
      ),
      type: "partner_left",
      userId: p.id,
    });
  }
  // The goodbye goes to the address the member had; it is not logged against the anonymous row.
  void deps.mailer.send({
    to: address,
    toName: user.firstName,
    ...(done ? accountGoodbyeEmail(name, leaverGoodbyeLines(done)) : accountDeletedEmail(name)),
    type: "account_deleted",
    log: false,
  });
}
