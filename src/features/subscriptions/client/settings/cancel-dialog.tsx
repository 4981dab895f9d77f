import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, CirclePause, TrendingDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toastThenReload } from "../../../../client/components/settings/api.ts";
import { type Choice, ChoiceList } from "../../../../client/components/settings/choice-list.tsx";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import { Button } from "../../../../client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../../client/components/ui/dialog.tsx";
import { Label } from "../../../../client/components/ui/label.tsx";
import { Textarea } from "../../../../client/components/ui/textarea.tsx";
import { call, queryOf } from "../../../../client/lib/api.ts";
import { useSingleFlightMutation } from "../../../../client/lib/use-single-flight.ts";
import type { PublicUser } from "../../../../shared/api-types.ts";
import { CANCELLATION_REASONS, formatPence, TIERS } from "../../../../shared/constants.ts";
import { COOLING_OFF_REFUNDED, COOLING_OFF_RULE } from "../../../../shared/cooling-off.ts";
import { TOAST } from "../../../../shared/messages.ts";
import { MEMBER_MSG } from "../../../../shared/schemas/member.ts";
import { subscriptionApi } from "../../contract.ts";
import { PauseStep } from "./pause-step.tsx";
import { onPlanActionError } from "./plan-actions.ts";

type Offer = "pause" | "downgrade";
type Reason = (typeof CANCELLATION_REASONS)[number];
const FEEDBACK_MAX = 2000;

function offersFor(user: PublicUser): Choice<Offer>[] {
  const offers: Choice<Offer>[] = [];
  if (user.subscriptionStatus === "active" && !user.pausedUntil)
    offers.push({
      value: "pause",
      label: "Take a month off",
      description:
        "Pause for one month: no dates and no payment. Your plan picks up again on its own after that.",
      icon: <CirclePause />,
    });
  if (user.subscriptionTier && user.subscriptionTier !== "silver" && user.pendingTier !== "silver") {
    const silver = TIERS.silver;
    offers.push({
      value: "downgrade",
      label: `Switch to ${silver.name} at ${formatPence(silver.monthlyPricePence)}/month`,
      description: `${silver.datesPerMonth} mystery date a month instead of ${TIERS[user.subscriptionTier].datesPerMonth}, from your next billing date.`,
      icon: <TrendingDown />,
    });
  }
  return offers;
}

/**
 * Cancel Subscription: (1) two offers to stay, (2) one reason, required, (3) optional feedback with what
 * cancelling means, then the cancellation. Closing the dialog starts it again at step 1 with nothing chosen.
 */
export function CancelSubscriptionDialog({ user }: { user: PublicUser }) {
  const offers = offersFor(user);
  const firstStep = offers.length > 0 ? 1 : 2;
  const [open, setOpen] = useState(false);
  // "pause": the month off, with the dates it holds, before anything is booked.
  const [step, setStep] = useState<1 | 2 | 3 | "pause">(firstStep);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [feedback, setFeedback] = useState("");
  const reasonsRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setStep(firstStep);
      setOffer(null);
      setReason(null);
      setReasonMissing(false);
      setFeedback("");
    }
  }

  const accept = useSingleFlightMutation({
    mutationFn: () =>
      call(subscriptionApi.changeTier, { body: { tier: "silver", pendingTier: user.pendingTier ?? null } }),
    onSuccess: (result) => {
      // Close first: while a modal dialog is open, everything outside it (the toast too) is hidden from
      // assistive technology.
      setOpen(false);
      toastThenReload({ title: "Plan Change Scheduled", description: result.message });
    },
    onError: (error) => onPlanActionError(error, () => onOpenChange(false)),
  });

  const cancel = useSingleFlightMutation({
    mutationFn: (input: { reason: Reason; feedback?: string }) =>
      call(subscriptionApi.cancel, { body: input }),
    onSuccess: (result) => {
      setOpen(false);
      toastThenReload({
        title: TOAST.subscriptionCancelledTitle,
        description: result.refunded
          ? COOLING_OFF_REFUNDED
          : result.endsAt
            ? `Your plan stays active until ${formatLongDate(result.endsAt)}.`
            : result.message,
      });
    },
    // Cancelled already in another tab: the dialog closes on the server's words and the page catches up.
    onError: (error) => onPlanActionError(error, () => onOpenChange(false)),
  });

  // Step 3 says whether cancelling now refunds the first payment (cooling-off period).
  const billing = useQuery({ ...queryOf(subscriptionApi.billing), enabled: open && step === 3 });
  const busy = accept.isPending || accept.isSuccess || cancel.isPending || cancel.isSuccess;

  function continueFromReasons() {
    if (!reason) {
      setReasonMissing(true);
      reasonsRef.current?.querySelector<HTMLElement>('[role="radio"]')?.focus();
      return;
    }
    setStep(3);
  }

  const endsAt = user.planEndsIfCancelled ? formatLongDate(user.planEndsIfCancelled) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="border-destructive-text/50 text-destructive-text hover:bg-destructive/10"
        >
          Cancel Subscription
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        {step === "pause" ? (
          <PauseStep onBack={() => setStep(1)} onDone={() => onOpenChange(false)} />
        ) : (
          <p
            className="text-xs font-semibold tracking-[0.18em] text-accent-text uppercase"
            data-testid="cancel-step"
          >
            Step {step} of 3
          </p>
        )}
        {step === 1 && (
          <>
            <DialogHeader className="mt-2">
              <DialogTitle>Before you go</DialogTitle>
              <DialogDescription>
                If the timing or the price isn't right, one of these might suit you better.
              </DialogDescription>
            </DialogHeader>
            <ChoiceList
              label="Offers to stay"
              choices={offers}
              value={offer}
              onChange={setOffer}
              className="mt-5"
            />
            <DialogFooter>
              <Button variant="ghost" onClick={() => setStep(2)} disabled={busy}>
                No Thanks
              </Button>
              <Button
                disabled={!offer || busy}
                onClick={() => (offer === "pause" ? setStep("pause") : offer && accept.mutate(undefined))}
              >
                {accept.isPending ? "Saving..." : "Accept This Offer"}
              </Button>
            </DialogFooter>
          </>
        )}
        {step === 2 && (
          <>
            <DialogHeader className="mt-2">
              <DialogTitle>Why are you leaving?</DialogTitle>
              <DialogDescription>
                Choose the reason that fits best. It helps us plan better dates.
              </DialogDescription>
            </DialogHeader>
            <div ref={reasonsRef} className="mt-5">
              <ChoiceList
                label="Reason for cancelling"
                size="sm"
                choices={CANCELLATION_REASONS.map((r) => ({ value: r, label: r }))}
                value={reason}
                onChange={(r) => {
                  setReason(r);
                  setReasonMissing(false);
                }}
                invalid={reasonMissing}
                describedBy={reasonMissing ? `${ids}-reason-error` : undefined}
                className="sm:grid-cols-2"
              />
              {reasonMissing && (
                <p id={`${ids}-reason-error`} role="alert" className="mt-3 text-sm text-destructive-text">
                  {MEMBER_MSG.reason}
                </p>
              )}
            </div>
            <DialogFooter className="sm:justify-between">
              {firstStep === 1 ? (
                <Button variant="ghost" onClick={() => setStep(1)}>
                  <ArrowLeft aria-hidden />
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button onClick={continueFromReasons}>Continue</Button>
            </DialogFooter>
          </>
        )}
        {step === 3 && (
          <>
            <DialogHeader className="mt-2">
              <DialogTitle>Confirm cancellation</DialogTitle>
              <DialogDescription>Here's what happens if you cancel.</DialogDescription>
            </DialogHeader>
            <ul
              className="mt-5 grid gap-2.5 rounded-xl border border-border bg-muted/60 p-4 text-sm"
              aria-label="What cancelling means"
            >
              {billing.data?.coolingOffRefundEligible ? (
                <li className="flex gap-2.5">
                  <Dot />
                  You're within the cooling-off period. {COOLING_OFF_RULE} Any dates ahead are cancelled.
                </li>
              ) : (
                <li className="flex gap-2.5">
                  <Dot />
                  Your plan stays active until the end of what you have paid for
                  {endsAt ? `, ${endsAt}` : ""}, and dates already booked before then still go ahead.
                </li>
              )}
              <li className="flex gap-2.5">
                <Dot />
                No further Direct Debit payments will be taken.
              </li>
              <li className="flex gap-2.5">
                <Dot />
                We stop planning new mystery dates for you.
              </li>
              {(user.pausedUntil || user.pendingTier) && (
                <li className="flex gap-2.5">
                  <Dot />
                  The {user.pausedUntil ? "month off" : "plan change"} you booked is withdrawn.
                </li>
              )}
              <li className="flex gap-2.5">
                <Dot />
                Your preferences and date history are kept, so you can come back whenever you like.
              </li>
            </ul>
            <div className="mt-5 grid gap-2">
              <Label htmlFor={`${ids}-feedback`}>Anything else you'd like to tell us? (optional)</Label>
              <Textarea
                id={`${ids}-feedback`}
                value={feedback}
                maxLength={FEEDBACK_MAX}
                onChange={(e) => setFeedback(e.target.value)}
                placeholder="What could we have done better?"
              />
            </div>
            <DialogFooter className="sm:justify-between">
              <Button variant="ghost" onClick={() => setStep(2)} disabled={busy}>
                <ArrowLeft aria-hidden />
                Back
              </Button>
              <div className="flex flex-col-reverse gap-3 sm:flex-row">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                  Keep Subscription
                </Button>
                <Button
                  variant="destructive"
                  disabled={busy || !reason}
                  onClick={() =>
                    reason &&
                    cancel.mutate({ reason, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) })
                  }
                >
                  {cancel.isPending || cancel.isSuccess ? "Cancelling..." : "Confirm Cancellation"}
                </Button>
              </div>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Dot() {
  return <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-text" />;
}
