import { and, eq } from "drizzle-orm";
import type { PublicUser } from "../../../shared/api-types.ts";
import type { SubscriptionStatus, TierId } from "../../../shared/constants.ts";
import { offerCodes, offerCodeUsage, type User, userPreferences, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { hasLiveSubscription, monthsUntil } from "../payments/service.ts";

/** The only shape a user leaves the server in: no password, token or payment-provider id. */
export async function toPublicUser(deps: Pick<Deps, "db" | "now">, user: User): Promise<PublicUser> {
  const { db } = deps;
  const now = deps.now();
  const [prefs, discount, partner] = await Promise.all([
    db
      .select({
        postcode: userPreferences.postcode,
        travelRadius: userPreferences.travelRadius,
      })
      .from(userPreferences)
      .where(eq(userPreferences.userId, user.id))
      .limit(1),
    db
      .select({
        offerCode: offerCodes.code,
        discountType: offerCodes.discountType,
        discountValue: offerCodes.discountValue,
        cyclesRemaining: offerCodeUsage.cyclesRemaining,
        discountEndDate: offerCodeUsage.discountEndDate,
      })
      .from(offerCodeUsage)
      .innerJoin(offerCodes, eq(offerCodes.id, offerCodeUsage.offerCodeId))
      .where(and(eq(offerCodeUsage.userId, user.id), eq(offerCodeUsage.status, "active")))
      .limit(1),
    user.partnerId
      ? db
          .select({
            partnerId: users.partnerId,
            tier: users.subscriptionTier,
            status: users.subscriptionStatus,
            firstName: users.firstName,
          })
          .from(users)
          .where(eq(users.id, user.partnerId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const pp = partner[0];
  const partnerPlan =
    pp && pp.partnerId === user.id && pp.tier && hasLiveSubscription(pp.status)
      ? { tier: pp.tier as TierId, status: pp.status as SubscriptionStatus, firstName: pp.firstName }
      : null;
  // A time-limited offer ends after its months; nothing is discounted once the plan itself has ended.
  const planRunning =
    hasLiveSubscription(user.subscriptionStatus) ||
    (user.subscriptionStatus === "cancelled" && !!user.currentPeriodEnd && user.currentPeriodEnd > now);
  const d =
    planRunning && discount[0] && (!discount[0].discountEndDate || discount[0].discountEndDate > now)
      ? discount[0]
      : undefined;
  const p = prefs[0];
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
    onboardingCompleted: user.onboardingCompleted,
    subscriptionTier: (user.subscriptionTier as TierId | null) ?? null,
    subscriptionStatus: (user.subscriptionStatus as SubscriptionStatus | null) ?? null,
    partnerId: user.partnerId,
    city: user.city,
    phone: user.phone,
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    marketingOptOut: user.marketingOptOut,
    termsAccepted: user.termsAccepted,
    createdAt: user.createdAt.toISOString(),
    activeDiscount: d
      ? {
          offerCode: d.offerCode,
          discountType: d.discountType as "percentage" | "fixed_amount",
          discountValue: d.discountValue,
          cyclesRemaining: d.discountEndDate ? monthsUntil(now, d.discountEndDate) : d.cyclesRemaining,
          discountEndDate: d.discountEndDate?.toISOString() ?? null,
        }
      : null,
    pendingEmail: user.pendingEmail,
    twoFactorEnabled: user.totpEnabledAt !== null,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    pendingTier: (user.pendingTier as TierId | null) ?? null,
    pausedUntil: user.pausedUntil?.toISOString() ?? null,
    partnerPlan,
    preferences: p ? { city: user.city, travelRadius: p.travelRadius, postcode: p.postcode } : null,
  };
}
