/** Download My Data: everything stored about the member, as one JSON document (UK GDPR Article 15/20). */
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import {
  aiDateSuggestions,
  emailCampaigns,
  emailLogs,
  offerCodes,
  offerCodeUsage,
  partnerInvites,
  paymentCheckouts,
  sessions,
  subscriptionEvents,
  supportReplies,
  supportTickets,
  type UserWithSubscription,
  userEmailCampaigns,
  userMonthlyQuotas,
  userPreferences,
  users,
  userVenueExclusions,
  venues,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { toPublicUser } from "../auth/public-user.ts";
import { listDates } from "../dates/service.ts";
import { readLinks } from "../payments/links.ts";
import { readState } from "../plan-account/state.ts";

export async function exportAccount(deps: Deps, user: UserWithSubscription) {
  await deps.limiter.hit(`export:${user.id}`, 10, 60);
  const db = deps.db;
  const [prefs, dates, tickets, mails, offers, events, devices, invites, partner] = await Promise.all([
    db.select().from(userPreferences).where(eq(userPreferences.userId, user.id)),
    // The same view the member has: a date still secret stays secret in the export too.
    listDates(deps, user),
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, user.id))
      .orderBy(desc(supportTickets.createdAt)),
    db
      .select({
        subject: emailLogs.subject,
        type: emailLogs.emailType,
        to: emailLogs.recipientEmail,
        status: emailLogs.status,
        sentAt: emailLogs.sentAt,
      })
      .from(emailLogs)
      .where(eq(emailLogs.userId, user.id))
      .orderBy(desc(emailLogs.sentAt)),
    db
      .select({
        code: offerCodes.code,
        tier: offerCodeUsage.subscriptionTier,
        originalAmountPence: offerCodeUsage.originalAmount,
        discountAmountPence: offerCodeUsage.discountAmount,
        finalAmountPence: offerCodeUsage.finalAmount,
        discountStartDate: offerCodeUsage.discountStartDate,
        discountEndDate: offerCodeUsage.discountEndDate,
        status: offerCodeUsage.status,
        usedAt: offerCodeUsage.usedAt,
      })
      .from(offerCodeUsage)
      .innerJoin(offerCodes, eq(offerCodes.id, offerCodeUsage.offerCodeId))
      .where(eq(offerCodeUsage.userId, user.id)),
    db
      .select({
        event: subscriptionEvents.eventType,
        fromTier: subscriptionEvents.fromTier,
        toTier: subscriptionEvents.toTier,
        fromStatus: subscriptionEvents.fromStatus,
        toStatus: subscriptionEvents.toStatus,
        monthlyAmountPence: subscriptionEvents.monthlyAmount,
        reason: subscriptionEvents.reason,
        feedback: subscriptionEvents.feedback,
        at: subscriptionEvents.occurredAt,
      })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, user.id))
      .orderBy(subscriptionEvents.occurredAt),
    db
      .select({ sess: sessions.sess, expire: sessions.expire })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    db
      .select({
        email: partnerInvites.email,
        sentAt: partnerInvites.createdAt,
        acceptedAt: partnerInvites.acceptedAt,
      })
      .from(partnerInvites)
      .where(eq(partnerInvites.inviterId, user.id)),
    user.partnerId
      ? db
          .select({ firstName: users.firstName, email: users.email })
          .from(users)
          .where(eq(users.id, user.partnerId))
      : Promise.resolve([]),
  ]);
  const [exclusions, quotas, suggestions, campaigns, received, checkouts, links, state] = await Promise.all([
    db
      .select({ venue: venues.name, reason: userVenueExclusions.reason, at: userVenueExclusions.excludedAt })
      .from(userVenueExclusions)
      .innerJoin(venues, eq(venues.id, userVenueExclusions.venueId))
      .where(eq(userVenueExclusions.userId, user.id)),
    db
      .select({
        year: userMonthlyQuotas.year,
        month: userMonthlyQuotas.month,
        tier: userMonthlyQuotas.subscriptionTier,
        allowed: userMonthlyQuotas.quotaAllowed,
        used: userMonthlyQuotas.quotaUsed,
      })
      .from(userMonthlyQuotas)
      .where(eq(userMonthlyQuotas.userId, user.id)),
    // Suggestions name venues of dates not yet planned: only that they exist and when is the member's data.
    db
      .select({ status: aiDateSuggestions.status, createdAt: aiDateSuggestions.createdAt })
      .from(aiDateSuggestions)
      .where(eq(aiDateSuggestions.userId, user.id)),
    db
      .select({
        campaign: emailCampaigns.name,
        status: userEmailCampaigns.status,
        scheduledAt: userEmailCampaigns.scheduledAt,
        sentAt: userEmailCampaigns.sentAt,
      })
      .from(userEmailCampaigns)
      .innerJoin(emailCampaigns, eq(emailCampaigns.id, userEmailCampaigns.campaignId))
      .where(eq(userEmailCampaigns.userId, user.id)),
    db
      .select({ sentAt: partnerInvites.createdAt, acceptedAt: partnerInvites.acceptedAt })
      .from(partnerInvites)
      .where(
        or(
          eq(partnerInvites.acceptedBy, user.id),
          eq(sql`lower(${partnerInvites.email})`, user.email.toLowerCase()),
        ),
      ),
    db
      .select({
        tier: paymentCheckouts.tier,
        kind: paymentCheckouts.kind,
        status: paymentCheckouts.status,
        createdAt: paymentCheckouts.createdAt,
        state: paymentCheckouts.providerState,
      })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.userId, user.id)),
    readLinks(db, user.id),
    readState(db, user.id),
  ]);
  const replies = tickets.length
    ? await db
        .select()
        .from(supportReplies)
        .where(
          inArray(
            supportReplies.ticketId,
            tickets.map((t) => t.id),
          ),
        )
    : [];
  const p = prefs[0];
  return {
    exportedAt: deps.now().toISOString(),
    account: {
      ...(await toPublicUser(deps, user)),
      emailVerified: user.emailVerified,
      termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
      updatedAt: user.updatedAt.toISOString(),
    },
    subscription: {
      tier: state.subscriptionTier,
      status: state.subscriptionStatus,
      currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
      pendingTier: state.pendingTier,
      pausedUntil: state.pausedUntil?.toISOString() ?? null,
      paymentProvider: deps.payments.name,
      paymentCustomerId: links.paymentCustomerId,
      paymentMandateId: links.paymentMandateId,
      history: events,
    },
    preferences: p
      ? {
          postcode: p.postcode,
          travelRadius: p.travelRadius,
          dateSpend: p.dateSpend,
          dateTypePreferences: p.dateTypePreferences,
          schedulingPreferences: p.schedulingPreferences,
          timePreferences: p.timePreferences,
          dietaryRestrictions: p.dietaryRestrictions,
          accessibilityNeeds: p.accessibilityNeeds,
          alcoholOk: p.alcoholOk,
          openToTrying: p.openToTrying,
          updatedAt: p.updatedAt.toISOString(),
        }
      : null,
    partner: partner[0] ?? null,
    partnerInvitations: invites,
    dates,
    ratings: dates
      .filter((d) => d.rating !== null)
      .map((d) => ({ dateId: d.id, rating: d.rating, feedback: d.feedback, ratedAt: d.ratedAt })),
    supportTickets: tickets.map((t) => ({
      id: t.id,
      subject: t.subject,
      body: t.body,
      status: t.status,
      reservationId: t.reservationId,
      createdAt: t.createdAt.toISOString(),
      replies: replies
        .filter((r) => r.ticketId === t.id)
        .map((r) => ({ body: r.body, fromSupport: r.isFromAdmin, createdAt: r.createdAt.toISOString() })),
    })),
    emailsSent: mails,
    offerCodesUsed: offers,
    venuesExcluded: exclusions,
    monthlyDateAllowances: quotas,
    suggestionsPrepared: suggestions,
    emailCampaigns: campaigns,
    partnerInvitationsReceived: received,
    directDebitAuthorisations: checkouts.map((c) => ({
      tier: c.tier,
      kind: c.kind,
      status: c.status,
      createdAt: c.createdAt,
      accountHolder: typeof c.state.accountHolder === "string" ? c.state.accountHolder : null,
      accountNumberEnding:
        typeof c.state.accountNumberEnding === "string" ? c.state.accountNumberEnding : null,
    })),
    signedInDevices: devices.map((d) => {
      const s = d.sess as { createdAt?: string; ip?: string; userAgent?: string };
      return {
        signedInAt: s.createdAt ?? null,
        ip: s.ip ?? null,
        userAgent: s.userAgent ?? null,
        expires: d.expire,
      };
    }),
  };
}
