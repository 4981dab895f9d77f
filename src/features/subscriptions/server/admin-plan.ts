/**
 * Pause or cancel a member's plan for them (the member rang): the very service functions the member's own
 * routes call (features/subscriptions/server/pause.ts and service.ts), on the member's own row, so every rule of theirs holds
 * (only the plan holder cancels, a month off once every six months, booked dates kept or cancelled by choice,
 * the cooling-off refund) and the member gets the same e-mails. The operator first sees what the member would
 * see (the pause preview, the cancellation's consequences). The plan's own audit row (entity "subscription",
 * features/subscriptions/server/plan-audit.ts, written in the plan's transaction) names the operator as the actor.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { paymentLinks, planAccounts, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { notFound } from "../../../server/http-error.ts";
import { linksOf } from "../../../server/modules/payments/links.ts";
import { cancelFacts } from "../../../server/modules/plan-account/account.ts";
import { factsOf } from "../../../server/modules/plan-account/facts.ts";
import { type MemberWithPlan, stateOf, withPlan } from "../../../server/modules/plan-account/state.ts";
import type { AdminCancelPreview } from "../../../shared/admin/member-workspace.ts";
import { MEMBERS_MSG } from "../../../shared/admin/members.ts";
import { hasLiveSubscription, POLICY } from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import type { PauseInput, PausePreview, PauseResult } from "../../../shared/pause.ts";
import { pausePreview, pauseSubscription } from "./pause.ts";
import { cancelSubscription, coolingOffEligible } from "./service.ts";

/**
 * The member's row, as the member's own routes have it, with its payment links and plan state (404 for a
 * missing or deleted account).
 */
export async function memberRow(deps: Deps, userId: number): Promise<MemberWithPlan> {
  const [row] = await deps.db
    .select(withPlan)
    .from(users)
    .leftJoin(paymentLinks, linksOf(users.id))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound(MEMBERS_MSG.notFound);
  return row;
}

/** GET /api/admin/users/:userId/plan/pause-preview: what the member's own "Take a month off" shows. */
export async function adminPausePreview(deps: Deps, userId: number): Promise<PausePreview> {
  return pausePreview(deps, await memberRow(deps, userId));
}

/** POST /api/admin/users/:userId/plan/pause: the month off, as if the member chose it. */
export async function adminPause(
  deps: Deps,
  req: FastifyRequest,
  userId: number,
  input: PauseInput,
): Promise<PauseResult> {
  // The member's own function, with the operator as the actor on its audit row.
  return pauseSubscription(deps, await memberRow(deps, userId), input, req.user!);
}

/** GET /api/admin/users/:userId/plan/cancel-preview: what cancelling would do, in the member's dialog's words. */
export async function adminCancelPreview(deps: Deps, userId: number): Promise<AdminCancelPreview> {
  const member = await memberRow(deps, userId);
  const cancellable =
    hasLiveSubscription(member.subscriptionStatus) && member.subscriptionStatus !== "cancelled";
  if (!cancellable)
    return {
      cancellable: false,
      refund: false,
      endsAt: null,
      summary:
        member.subscriptionStatus === "cancelled"
          ? "The plan is already cancelled."
          : "This member holds no plan to cancel (a covered partner's plan is cancelled by the holder).",
    };
  const refund = await coolingOffEligible(deps, member);
  // The same end as the cancellation itself: paid and gift months run on (plan-account cancelFacts).
  const endsAt = cancelFacts(factsOf(member), deps.now(), refund).cycleEnd ?? deps.now();
  return {
    cancellable: true,
    refund,
    endsAt: endsAt.toISOString(),
    summary: refund
      ? `Within the ${POLICY.coolingOffDays}-day cooling-off period and no date revealed yet: every payment is refunded in full, the plan ends now and the dates ahead are cancelled.`
      : `The plan stays active until the end of what is paid (and any gift months), ${londonDay(endsAt)}, and dates booked before then still go ahead. No further payments are taken.`,
  };
}

/** POST /api/admin/users/:userId/plan/cancel {reason, feedback?}: the member's own cancellation. */
export async function adminCancel(
  deps: Deps,
  req: FastifyRequest,
  userId: number,
  input: { reason: string; feedback?: string },
): Promise<{ message: string; refunded: boolean; endsAt: string | null }> {
  return cancelSubscription(deps, await memberRow(deps, userId), input, req.user!);
}
