import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type PublicUser, publicUserSchema } from "../../../shared/api-types.ts";
import { monthsUntil } from "../../../shared/calendar-months.ts";
import { hasLiveSubscription, type SubscriptionStatus } from "../../../shared/constants.ts";
import { offerTiers } from "../../../shared/offer-price.ts";
import type { Db } from "../../db/client.ts";
import {
  notificationSettings,
  offerCodes,
  offerCodeUsage,
  paymentLinks,
  planAccounts,
  planChoices,
  type User,
  userPreferences,
  users,
  userTwoFactor,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { DEFAULT_SWITCHES, switchColumns, switchesOf } from "../notifications/switches.ts";
import { linkColumns, linksOf } from "../payments/links.ts";
import { accountOf, cancelFacts } from "../plan-account/account.ts";
import { choiceColumns, choicesOf } from "../plan-account/choices.ts";
import { factsOf } from "../plan-account/facts.ts";
import { pauseOf } from "../plan-account/pause-state.ts";
import { stateColumns, stateIn, stateOf } from "../plan-account/state.ts";
import type { ReadCache } from "./read-cache/read-cache.ts";

/**
 * The preferences, whether two-step sign-in is on, the notification switches, whether a subscription collects
 * the plan, the plan account (plan_accounts: the subscription and the plan's own state, the partner's too), the
 * plan chosen before paying, an active offer and the partner's row joined to the member's own: one round trip, as a named
 * prepared statement (built once per database; PostgreSQL plans it once per connection) since it runs on every
 * page load.
 */
const prepared = new WeakMap<Db, ReturnType<typeof buildPublicUserQuery>>();
function buildPublicUserQuery(db: Db) {
  const partner = alias(users, "partner");
  const partnerState = alias(planAccounts, "partner_plan");
  return (
    db
      .select({
        hasPrefs: sql<boolean>`${userPreferences.id} is not null`,
        postcode: userPreferences.postcode,
        travelRadius: userPreferences.travelRadius,
        offerCode: offerCodes.code,
        discountType: offerCodes.discountType,
        discountValue: offerCodes.discountValue,
        applicableTiers: offerCodes.applicableTiers,
        cyclesRemaining: offerCodeUsage.cyclesRemaining,
        discountEndDate: offerCodeUsage.discountEndDate,
        hasPartner: sql<boolean>`${partner.id} is not null`,
        partnerPartnerId: partner.partnerId,
        partnerTier: partnerState.subscriptionTier,
        partnerStatus: partnerState.subscriptionStatus,
        partnerFirstName: partner.firstName,
        partnerPausedUntil: partnerState.pausedUntil,
        partnerPauseStartsAt: partnerState.pauseStartsAt,
        partnerGiftedUntil: partnerState.giftedUntil,
        twoFactorOn: sql<boolean>`${userTwoFactor.enabledAt} is not null`,
        emailNotifications: switchColumns.emailNotifications,
        smsNotifications: switchColumns.smsNotifications,
        marketingOptOut: switchColumns.marketingOptOut,
        paymentSubscriptionId: linkColumns.paymentSubscriptionId,
        chosenTier: choiceColumns.chosenTier,
        chosenOfferCode: choiceColumns.chosenOfferCode,
        ...stateColumns,
      })
      .from(users)
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .leftJoin(notificationSettings, switchesOf(users.id))
      .leftJoin(paymentLinks, linksOf(users.id))
      .leftJoin(planChoices, choicesOf(users.id))
      .leftJoin(planAccounts, stateOf(users.id))
      .leftJoin(offerCodeUsage, and(eq(offerCodeUsage.userId, users.id), eq(offerCodeUsage.status, "active")))
      .leftJoin(offerCodes, eq(offerCodes.id, offerCodeUsage.offerCodeId))
      // A member without a partner binds null: "partner.id = null" matches no row.
      .leftJoin(partner, eq(partner.id, sql.placeholder("partnerId")))
      .leftJoin(partnerState, eq(partnerState.userId, partner.id))
      .where(eq(users.id, sql.placeholder("id")))
      .limit(1)
      .prepare("public_user")
  );
}
function publicUserQuery(db: Db) {
  let q = prepared.get(db);
  if (!q) {
    q = buildPublicUserQuery(db);
    prepared.set(db, q);
  }
  return q;
}

export type PublicUserRow = Awaited<ReturnType<ReturnType<typeof buildPublicUserQuery>["execute"]>>[number];

async function publicUserRow(
  deps: Pick<Deps, "db">,
  user: User,
  cache?: ReadCache<User, PublicUserRow | undefined> | null,
): Promise<PublicUserRow | undefined> {
  let row = cache?.extra(user.id, user.partnerId);
  if (!row) {
    const generation = cache?.generation ?? 0;
    [row] = await publicUserQuery(deps.db).execute({ id: user.id, partnerId: user.partnerId });
    cache?.putExtra(user.id, user.partnerId, generation, row);
  }
  return row;
}

/** The only shape a user leaves the server in: no password, token or payment-provider id. */
export async function toPublicUser(
  deps: Pick<Deps, "db" | "now">,
  user: User,
  cache?: ReadCache<User, PublicUserRow | undefined> | null,
): Promise<PublicUser> {
  return publicUser(user, await publicUserRow(deps, user, cache), deps.now());
}

/**
 * toPublicUser as the JSON text the route's response schema would send (encoded through publicUserSchema, so
 * the fast path keeps the same contract as every other answer), kept for a signed-in user that `cache`
 * holds: keyed by the cached user row and extra row themselves (both objects are replaced, never changed,
 * so a forgotten or re-read entry is a miss), and only while the clock stays inside the span where the
 * answer cannot change with time (see timeSpan).
 */
const jsonByUser = new WeakMap<User, { row: PublicUserRow; json: string; from: number; until: number }>();

export async function publicUserJson(
  deps: Pick<Deps, "db" | "now">,
  user: User,
  cache?: ReadCache<User, PublicUserRow | undefined> | null,
): Promise<string> {
  const row = await publicUserRow(deps, user, cache);
  const now = deps.now();
  const at = now.getTime();
  const hit = jsonByUser.get(user);
  if (hit && hit.row === row && at >= hit.from && at < hit.until) return hit.json;
  const value = publicUser(user, row, now);
  // Encoded once per miss: a hit sends the kept text, with no parse or encode on the request.
  const json = JSON.stringify(publicUserSchema.encode(value));
  const span = cache?.active && row ? timeSpan(row, now, value.activeDiscount !== null) : null;
  if (span && row) jsonByUser.set(user, { row, json, from: span[0], until: span[1] });
  return json;
}

/**
 * The time span around `now` in which publicUser's answer stays the same: bounded by the end of a cancelled
 * plan's period and by an offer's end date. None while a time-limited offer is shown (its months remaining
 * count down).
 */
function timeSpan(row: PublicUserRow, now: Date, discounted: boolean): [number, number] | null {
  const at = now.getTime();
  const bounds: number[] = [];
  if (row.subscriptionStatus === "cancelled" && row.currentPeriodEnd)
    bounds.push(row.currentPeriodEnd.getTime());
  // A month off shows from when it is booked until it ends.
  if (row.pausedUntil) bounds.push(row.pausedUntil.getTime());
  if (row.partnerPausedUntil) bounds.push(row.partnerPausedUntil.getTime());
  if (row.offerCode != null && row.discountValue != null && row.discountEndDate) {
    const end = row.discountEndDate.getTime();
    if (end > at && discounted) return null;
    bounds.push(end);
  }
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const b of bounds) {
    if (b <= at) from = Math.max(from, b);
    else until = Math.min(until, b);
  }
  return [from, until];
}

function publicUser(user: User, row: PublicUserRow | undefined, now: Date): PublicUser {
  // The member's own plan facts: the users row, whether a subscription collects it (payment_links) and the
  // plan account (plan_accounts: the subscription and the plan's own state).
  const plan = { ...user, paymentSubscriptionId: row?.paymentSubscriptionId ?? null, ...stateIn(row) };
  const partnerPlan =
    row?.hasPartner &&
    row.partnerPartnerId === user.id &&
    row.partnerTier &&
    hasLiveSubscription(row.partnerStatus)
      ? {
          tier: row.partnerTier,
          status: row.partnerStatus as SubscriptionStatus,
          firstName: row.partnerFirstName,
          // The couple's one plan: the covered partner sees the same month off as the holder.
          ...pauseOf({ pausedUntil: row.partnerPausedUntil, pauseStartsAt: row.partnerPauseStartsAt }, now),
          giftedUntil: row.partnerGiftedUntil?.toISOString() ?? null,
        }
      : null;
  // A time-limited offer ends after its months; nothing is discounted once the plan itself has ended.
  const planRunning =
    hasLiveSubscription(plan.subscriptionStatus) ||
    (plan.subscriptionStatus === "cancelled" && !!plan.currentPeriodEnd && plan.currentPeriodEnd > now);
  const d =
    planRunning &&
    row?.offerCode != null &&
    row.discountValue != null &&
    (!row.discountEndDate || row.discountEndDate > now)
      ? { ...row, offerCode: row.offerCode, discountValue: row.discountValue }
      : undefined;
  const p = row?.hasPrefs ? { postcode: row.postcode, travelRadius: row.travelRadius ?? 0 } : undefined;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerified,
    isAdmin: user.isAdmin,
    onboardingCompleted: user.onboardingCompleted,
    subscriptionTier: plan.subscriptionTier ?? null,
    subscriptionStatus: (plan.subscriptionStatus as SubscriptionStatus | null) ?? null,
    partnerId: user.partnerId,
    city: user.city,
    phone: user.phone,
    emailNotifications: row?.emailNotifications ?? DEFAULT_SWITCHES.emailNotifications,
    smsNotifications: row?.smsNotifications ?? DEFAULT_SWITCHES.smsNotifications,
    marketingOptOut: row?.marketingOptOut ?? DEFAULT_SWITCHES.marketingOptOut,
    termsAccepted: user.termsAccepted,
    createdAt: user.createdAt.toISOString(),
    activeDiscount: d
      ? {
          offerCode: d.offerCode,
          discountType: d.discountType as "percentage" | "fixed_amount",
          discountValue: d.discountValue,
          cyclesRemaining: d.discountEndDate ? monthsUntil(now, d.discountEndDate) : d.cyclesRemaining,
          discountEndDate: d.discountEndDate?.toISOString() ?? null,
          applicableTiers: offerTiers(d.applicableTiers),
        }
      : null,
    pendingEmail: user.pendingEmail,
    twoFactorEnabled: row?.twoFactorOn ?? false,
    currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
    pendingTier: plan.pendingTier ?? null,
    giftedUntil:
      hasLiveSubscription(plan.subscriptionStatus) && !plan.paymentSubscriptionId
        ? (plan.giftedUntil?.toISOString() ?? null)
        : null,
    ...pauseOf(plan, now),
    // A tier change takes effect at the plan account's next collection (after a month off or gift months).
    planChangeFrom:
      hasLiveSubscription(plan.subscriptionStatus) && plan.subscriptionTier
        ? (accountOf(factsOf(plan), now).nextCollection?.date ?? plan.currentPeriodEnd ?? now).toISOString()
        : null,
    planEndsIfCancelled:
      hasLiveSubscription(plan.subscriptionStatus) && plan.subscriptionTier
        ? (cancelFacts(factsOf(plan), now, false).cycleEnd?.toISOString() ?? null)
        : null,
    partnerPlan,
    chosenPlan:
      row?.chosenTier && !hasLiveSubscription(plan.subscriptionStatus)
        ? { tier: row.chosenTier, offerCode: row.chosenOfferCode }
        : null,
    preferences: p ? { city: user.city, travelRadius: p.travelRadius, postcode: p.postcode } : null,
  };
}
