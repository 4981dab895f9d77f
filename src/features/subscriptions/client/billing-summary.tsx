import { CalendarClock, CircleAlert, CirclePause, Landmark, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { formatLongDate } from "../../../client/components/settings/format.ts";
import { Notice } from "../../../client/components/settings/section.tsx";
import { Badge } from "../../../client/components/ui/badge.tsx";
import { Card } from "../../../client/components/ui/card.tsx";
import { formatPence, TIERS } from "../../../shared/constants.ts";
import type { BillingOverview } from "../../../shared/member-api.ts";
import { mandateStatus, planStatus } from "../../../shared/plan-status.ts";
import { ChangeBankDetailsButton } from "./change-bank-details.tsx";
import { PlanTimeline } from "./plan-timeline.tsx";

function Tile({
  icon,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card className="p-5 sm:p-6" data-testid={testId}>
      <div className="flex items-center gap-2.5 text-muted-foreground">
        <span aria-hidden className="text-accent-text [&_svg]:size-4.5">
          {icon}
        </span>
        <h2 className="font-sans text-xs font-semibold tracking-[0.14em] uppercase">{title}</h2>
      </div>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** Plan, next payment and Direct Debit mandate, with any change waiting at the next cycle. */
export function BillingSummary({ billing }: { billing: BillingOverview }) {
  const tier = billing.tier ? TIERS[billing.tier] : null;
  // One vocabulary with Settings, /subscription and the dashboard (src/shared/plan-status.ts).
  const plan = planStatus(billing.status, billing.currentPeriodEnd);
  const ended = plan.key === "ended";
  const status = billing.tier ? plan : null;
  const periodEnd = billing.currentPeriodEnd ? formatLongDate(billing.currentPeriodEnd) : null;
  const mandate = billing.mandate;
  const mandateLabel = mandate ? mandateStatus(mandate.status, plan.key) : null;
  // A month off booked but not begun: the plan is still running (Active), so it must not read "Paused".
  const pauseAhead = !!billing.pausedFrom && new Date(billing.pausedFrom).getTime() > Date.now();

  return (
    <div className="grid gap-4">
      {(ended || billing.cancelAtPeriodEnd || billing.pausedUntil || billing.pendingTier) && (
        <div className="grid gap-3">
          {ended && (
            <Notice
              tone="info"
              icon={<CircleAlert />}
              title="Your plan has ended"
              role="status"
              testId="billing-ended"
            >
              You cancelled your subscription and it ended{periodEnd ? ` on ${periodEnd}` : ""}. No further
              payments will be taken.
            </Notice>
          )}
          {billing.cancelAtPeriodEnd && !ended && (
            <Notice
              tone="danger"
              icon={<CircleAlert />}
              title="Your plan is ending"
              role="status"
              testId="billing-ending"
            >
              You cancelled your subscription. It ends
              {periodEnd ? ` on ${periodEnd}` : " with the current billing period"}, and no further payments
              will be taken.
            </Notice>
          )}
          {billing.pausedUntil && (
            <Notice
              tone="gold"
              icon={<CirclePause />}
              title={
                pauseAhead && billing.pausedFrom
                  ? `Month off booked: ${formatLongDate(billing.pausedFrom)} to ${formatLongDate(billing.pausedUntil)}`
                  : `Paused until ${formatLongDate(billing.pausedUntil)}`
              }
              role="status"
              testId="billing-paused"
            >
              {pauseAhead
                ? "Your plan runs as usual until then, and dates before it go ahead."
                : "No dates are planned until then."}
              {billing.nextPayment
                ? ` The next payment is on ${formatLongDate(billing.nextPayment.date)}.`
                : ""}
            </Notice>
          )}
          {billing.pendingTier && (
            <Notice
              tone="info"
              icon={<CalendarClock />}
              title="Plan change scheduled"
              role="status"
              testId="billing-pending-tier"
            >
              You'll move to {TIERS[billing.pendingTier].name} at{" "}
              {formatPence(TIERS[billing.pendingTier].monthlyPricePence)} a month
              {/* From the next collection (after a month off or gift months), as the account has it. */}
              {billing.pendingTierFrom
                ? ` from your next payment, on ${formatLongDate(billing.pendingTierFrom)}`
                : " from your next billing date"}
              .
            </Notice>
          )}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Tile icon={<Wallet />} title="Plan" testId="billing-plan">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-display text-2xl">{tier ? `${tier.name} plan` : "No plan"}</p>
            {status && (
              <Badge variant={status.tone} data-testid="billing-plan-status">
                {status.label}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {ended
              ? "No further payments."
              : billing.monthlyAmountPence !== null
                ? `${formatPence(billing.monthlyAmountPence)} a month`
                : tier
                  ? `${formatPence(tier.monthlyPricePence)} a month`
                  : "Choose a plan to begin."}
            {!ended &&
            billing.monthlyAmountPence !== null &&
            tier &&
            billing.monthlyAmountPence < tier.monthlyPricePence
              ? ` (usually ${formatPence(tier.monthlyPricePence)})`
              : ""}
          </p>
          {billing.coveredBy && (
            <p className="mt-2 text-sm font-medium" data-testid="billing-covered-by">
              Covered by {billing.coveredBy}'s plan
            </p>
          )}
        </Tile>
        <Tile icon={<CalendarClock />} title="Next payment" testId="billing-next-payment">
          {billing.nextPayment ? (
            <>
              <p className="font-display text-2xl tabular-nums">
                {formatPence(billing.nextPayment.amountPence)}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                on {formatLongDate(billing.nextPayment.date)}
              </p>
              <PlanTimeline billing={billing} className="mt-3 border-t border-border pt-3" />
            </>
          ) : (
            <>
              <p className="font-display text-2xl">None scheduled</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {ended
                  ? "Your plan has ended."
                  : billing.cancelAtPeriodEnd
                    ? "Your plan has been cancelled."
                    : billing.pausedUntil
                      ? "Payments resume after your pause."
                      : "Nothing is due."}
              </p>
            </>
          )}
        </Tile>
        <Tile icon={<Landmark />} title="Direct Debit" testId="billing-mandate">
          {mandate ? (
            <dl className="-my-1.5">
              <Row label="Bank">{mandate.bankName ?? "Your bank"}</Row>
              <Row label="Account">{mandate.accountEnding ? `ending ${mandate.accountEnding}` : "–"}</Row>
              <Row label="Reference">
                <span className="font-mono text-xs">{mandate.reference}</span>
              </Row>
              <Row label="Status">
                {mandateLabel && (
                  <Badge variant={mandateLabel.tone} data-testid="billing-mandate-status">
                    {mandateLabel.label}
                  </Badge>
                )}
              </Row>
            </dl>
          ) : billing.coveredBy ? (
            // The partner sees the plan, never the holder's bank details.
            <p className="text-sm text-muted-foreground" data-testid="billing-covered-mandate">
              Payments come from {billing.coveredBy}'s Direct Debit. Its bank details and payments stay with{" "}
              {billing.coveredBy}.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">No Direct Debit is set up.</p>
          )}
          {/* Any running plan may move to new bank details, a cancelled one too until its period ends. */}
          {billing.bankDetails.changeable && (
            <div className="mt-4">
              <ChangeBankDetailsButton />
            </div>
          )}
          {billing.bankDetails.note && mandate && (
            <p className="mt-3 text-sm text-muted-foreground" data-testid="bank-details-note">
              {billing.bankDetails.note}
            </p>
          )}
        </Tile>
      </div>
    </div>
  );
}
