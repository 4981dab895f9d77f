import { useQuery } from "@tanstack/react-query";
import { ArrowRight, CalendarClock, CircleAlert, ReceiptText, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { ActiveDiscountBox } from "../../../../client/components/settings/active-discount.tsx";
import { toastThenReload } from "../../../../client/components/settings/api.ts";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import {
  monthlyPriceText,
  planHasEnded,
  planName,
  statusBadge,
} from "../../../../client/components/settings/plan-status.ts";
import { Notice } from "../../../../client/components/settings/section.tsx";
import { Badge } from "../../../../client/components/ui/badge.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import { Card } from "../../../../client/components/ui/card.tsx";
import { call, queryOf } from "../../../../client/lib/api.ts";
import { partnerCover, partnerName } from "../../../../client/lib/plan.ts";
import { toastCallError } from "../../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../../client/lib/use-single-flight.ts";
import type { PublicUser } from "../../../../shared/api-types.ts";
import { formatPence, hasLiveSubscription, TIERS } from "../../../../shared/constants.ts";
import { TOAST } from "../../../../shared/messages.ts";
import { FAILED_PAYMENT_RULE } from "../../../../shared/payment-recovery.ts";
import { GIFT_MSG, giftUntilText } from "../../../gifts/shared/schemas.ts";
import { subscriptionApi } from "../../contract.ts";
import { PartnerCoverCard } from "../partner-cover.tsx";
import { PlanFeatures } from "../plan-features.tsx";
import { CancelSubscriptionDialog } from "./cancel-dialog.tsx";
import { ComparePlansDialog } from "./change-plan.tsx";
import { MonthOffButton } from "./month-off.tsx";
import { NextPaymentLine } from "./next-payment.tsx";
import { PartnerMonthOff } from "./partner-month-off.tsx";
import { PauseNotice } from "./pause-notice.tsx";
import { onPlanActionError } from "./plan-actions.ts";

function ReactivateButton() {
  const reactivate = useSingleFlightMutation({
    mutationFn: () => call(subscriptionApi.reactivate),
    onSuccess: (result) => {
      toastThenReload({ title: TOAST.subscriptionReactivatedTitle, description: result.message });
    },
    // Ended or reactivated meanwhile (another tab): the server's words, and the page catches up.
    onError: (error) => onPlanActionError(error, () => {}),
  });
  const busy = reactivate.isPending || reactivate.isSuccess;
  return (
    <Button onClick={() => reactivate.mutate()} disabled={busy}>
      {busy ? "Reactivating..." : "Reactivate"}
    </Button>
  );
}

function UpdatePaymentButton() {
  const update = useSingleFlightMutation({
    mutationFn: () => call(subscriptionApi.updatePaymentMethod),
    onSuccess: ({ redirect_url }) => {
      window.location.href = redirect_url;
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const busy = update.isPending || update.isSuccess;
  return (
    <Button onClick={() => update.mutate()} disabled={busy}>
      {busy ? "Opening..." : "Update Payment Method"}
    </Button>
  );
}

/** The plan's current state: what it costs, what is waiting, and what needs doing. */
function StatusNotices({ user }: { user: PublicUser }) {
  const end = user.currentPeriodEnd ? formatLongDate(user.currentPeriodEnd) : null;
  const ended = planHasEnded(user.subscriptionStatus, user.currentPeriodEnd);
  return (
    <>
      {ended && (
        <Notice
          tone="info"
          icon={<CircleAlert />}
          title="Your membership has ended"
          role="status"
          testId="cancelled-notice"
        >
          You cancelled your subscription and it ended{end ? ` on ${end}` : ""}. No further payments will be
          taken. Choose a plan whenever you'd like your dates to start again.
        </Notice>
      )}
      {user.subscriptionStatus === "cancelled" && !ended && (
        <Notice
          tone="danger"
          icon={<CircleAlert />}
          title="Your subscription has been cancelled"
          role="status"
          testId="cancelled-notice"
        >
          It ends with the current billing period{end ? `, on ${end}` : ""}. No further payments will be
          taken, and you can reactivate any time before then to keep your dates coming.
        </Notice>
      )}
      {user.subscriptionStatus === "past_due" && (
        <Notice
          tone="danger"
          icon={<TriangleAlert />}
          title="Your last payment failed"
          role="alert"
          testId="past-due-notice"
        >
          {FAILED_PAYMENT_RULE}
        </Notice>
      )}
      {user.pausedUntil && <PauseNotice user={user} pausedUntil={user.pausedUntil} />}
      {user.pendingTier && user.pendingTier !== user.subscriptionTier && (
        <Notice
          tone="info"
          icon={<CalendarClock />}
          title="Plan change scheduled"
          role="status"
          testId="pending-tier-notice"
        >
          You'll move to {TIERS[user.pendingTier].name} (
          {formatPence(TIERS[user.pendingTier].monthlyPricePence)}
          /month)
          {user.planChangeFrom
            ? ` from ${user.pausedUntil ? "your first payment after your month off, on" : "your next payment, on"} ${formatLongDate(user.planChangeFrom)}`
            : " at your next billing date"}
          . Until then, nothing changes.
        </Notice>
      )}
    </>
  );
}

/**
 * Settings > Subscription: the plan, its state and benefits, the next payment (from GET /api/billing, which
 * reads the plan account), a month off, billing, changing plan and cancelling. A partner covered by the other's
 * plan sees that plan read-only, its next payment, and the month off either partner may take.
 */
export function SubscriptionPanel({ user }: { user: PublicUser }) {
  const cover = partnerCover(user);
  if (cover)
    return (
      <div className="grid gap-6">
        <PartnerCoverCard cover={cover} />
        <NextPaymentLine payer={partnerName(cover)} />
        <PartnerMonthOff cover={cover} />
      </div>
    );
  return <OwnPlanPanel user={user} />;
}

function OwnPlanPanel({ user }: { user: PublicUser }) {
  const badge = statusBadge(user);
  const tier = user.subscriptionTier ? TIERS[user.subscriptionTier] : null;
  const status = user.subscriptionStatus;
  const end = user.currentPeriodEnd ? formatLongDate(user.currentPeriodEnd) : null;
  const ended = planHasEnded(status, user.currentPeriodEnd);
  const canCancel = tier && (status === "active" || status === "past_due" || status === "paused");
  const gifted = badge.label === GIFT_MSG.statusWord;
  const billing = useQuery({ ...queryOf(subscriptionApi.billing), enabled: status === "cancelled" });
  const canReactivate = billing.data?.canReactivate === true;
  // A month off skips a payment: offered on a running, collected plan with none booked (pausing refuses the rest).
  const canPause = tier && status === "active" && !user.pausedUntil && !gifted;

  return (
    <div className="grid gap-6">
      <Card className="overflow-hidden">
        <div className="curtain-stage px-5 py-6 sm:px-7 sm:py-7">
          <p className="text-xs font-semibold tracking-[0.22em] text-gold uppercase">Your plan</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h2 className="font-display text-3xl font-normal sm:text-4xl" data-testid="settings-plan-name">
              {planName(user)}
            </h2>
            <Badge variant={badge.variant} data-testid="settings-plan-status" className="bg-surface/95">
              {badge.label}
            </Badge>
          </div>
          <p className="mt-2 text-sm text-stage-muted" data-testid="settings-plan-price">
            {!tier
              ? "Choose a plan to start receiving mystery dates."
              : ended
                ? `Ended${end ? ` on ${end}` : ""} · no further payments`
                : gifted && user.giftedUntil
                  ? `${giftUntilText(user.giftedUntil)} · no Direct Debit, nothing is collected`
                  : status === "cancelled"
                    ? `Ends ${end ? `on ${end}` : "with the current billing period"} · no further payments`
                    : monthlyPriceText(user, tier.id)}
          </p>
        </div>
        <div className="grid gap-5 p-5 sm:p-7">
          {tier && !ended && <NextPaymentLine />}
          <StatusNotices user={user} />
          {user.activeDiscount && <ActiveDiscountBox discount={user.activeDiscount} />}
          {tier ? (
            <div>
              <h3 className="font-sans text-sm font-semibold">
                {ended ? "What your plan included" : "What your plan includes"}
              </h3>
              <PlanFeatures tier={tier} className="mt-3 sm:grid-cols-2" label="Plan benefits" />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Every plan includes dates personalised to your location and budget, curated by relationship
              experts, with no setup fees. Cancel anytime.
            </p>
          )}
          <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:flex-wrap">
            {/* Only when the account says the cancellation can be undone: never after a cooling-off refund. */}
            {status === "cancelled" && !ended && canReactivate && <ReactivateButton />}
            {ended && (
              <Button asChild>
                <Link href="/subscription">
                  Choose a plan
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            )}
            {status === "past_due" && <UpdatePaymentButton />}
            {tier && (
              <Button
                asChild
                variant={status === "cancelled" || status === "past_due" ? "outline" : "primary"}
              >
                <Link href="/billing">
                  <ReceiptText aria-hidden />
                  Manage Billing
                </Link>
              </Button>
            )}
            {/* With a running plan, the three plans compared and a change of plan; before one, the plans page. */}
            {tier && hasLiveSubscription(status) ? (
              <ComparePlansDialog user={user} />
            ) : (
              !ended && (
                <Button asChild variant={tier ? "outline" : "primary"}>
                  <Link href="/subscription">
                    View All Plans
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              )
            )}
            {canPause && <MonthOffButton testId="settings-pause" />}
            {canCancel && (
              <div className="sm:ml-auto">
                <CancelSubscriptionDialog user={user} />
              </div>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}
