/**
 * One status vocabulary for the plan and the Direct Debit behind it, used by every screen that shows them
 * (/subscription, /billing, Settings, the dashboard, a partner's cover card). Before this, one cooling-off
 * refund read "Ended" on the plan, "Active" on the mandate and "Cancelled" on the dashboard.
 *
 * Plan words:    Trial (no plan yet) · Active · Gift (a gifted plan with no Direct Debit, shown with its end
 *                date) · Paused · Payment overdue · Cancelled (still running to the end of the paid cycle) ·
 *                Ended (over, or refunded in the cooling-off period).
 * Mandate words: Setting up · Active · Suspended by your bank · Cancelled · Failed · Expired · Blocked ·
 *                Replaced · Not in use (still open at the bank, but the plan it paid for has ended).
 */

/** A colour for a status; the Badge component has a variant of each name. */
export type StatusTone = "neutral" | "success" | "destructive" | "warning" | "gold";

export interface StatusLabel {
  label: string;
  tone: StatusTone;
}

export type PlanStatusKey = "none" | "active" | "gift" | "paused" | "past_due" | "cancelled" | "ended";

export const PLAN_STATUS: Record<PlanStatusKey, StatusLabel> = {
  none: { label: "Trial", tone: "neutral" },
  active: { label: "Active", tone: "success" },
  gift: { label: "Gift", tone: "gold" },
  paused: { label: "Paused", tone: "gold" },
  past_due: { label: "Payment overdue", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "destructive" },
  ended: { label: "Ended", tone: "neutral" },
};

/**
 * The plan's state at `now`. A cancelled plan is "cancelled" while its paid cycle runs and "ended" after it
 * (a cooling-off refund ends it at once: its cycle end is the moment of the refund). An active plan with a
 * gifted end ahead (PublicUser.giftedUntil) is a "gift".
 */
export function planStatusKey(
  status: string | null,
  currentPeriodEnd: string | null,
  now: number = Date.now(),
  giftedUntil: string | null = null,
): PlanStatusKey {
  switch (status) {
    case "active":
      return giftedUntil && new Date(giftedUntil).getTime() > now ? "gift" : status;
    case "paused":
    case "past_due":
      return status;
    case "cancelled":
      return currentPeriodEnd && new Date(currentPeriodEnd).getTime() > now ? "cancelled" : "ended";
    default:
      return "none";
  }
}

export function planStatus(
  status: string | null,
  currentPeriodEnd: string | null,
  now: number = Date.now(),
  giftedUntil: string | null = null,
): StatusLabel & { key: PlanStatusKey } {
  const key = planStatusKey(status, currentPeriodEnd, now, giftedUntil);
  return { key, ...PLAN_STATUS[key] };
}

const MANDATE_WORDS: Record<string, string> = {
  // The provider's mandate statuses (GoCardless; the sandbox uses the same names).
  pending_customer_approval: "Setting up",
  pending_submission: "Setting up",
  submitted: "Setting up",
  active: "Active",
  suspended_by_payer: "Suspended by your bank",
  cancelled: "Cancelled",
  failed: "Failed",
  expired: "Expired",
  blocked: "Blocked",
  consumed: "Replaced",
  // A checkout's own end states: new bank details took its place, or a second tab's mandate was set aside.
  superseded: "Replaced",
  duplicate: "Cancelled",
};

/**
 * The Direct Debit as words, read together with the plan so the two never contradict: an open mandate under an
 * ended plan is "Not in use", and an ended mandate is alarming (red) only while a plan still relies on it.
 */
export function mandateStatus(status: string, plan: PlanStatusKey): StatusLabel {
  const planLive = plan === "active" || plan === "gift" || plan === "paused" || plan === "past_due";
  if (status === "active")
    return planLive || plan === "cancelled"
      ? { label: "Active", tone: "success" }
      : { label: "Not in use", tone: "neutral" };
  const label = MANDATE_WORDS[status] ?? sentence(status);
  if (label === "Setting up" || status === "suspended_by_payer") return { label, tone: "warning" };
  if (label === "Replaced") return { label, tone: "neutral" };
  return { label, tone: planLive ? "destructive" : "neutral" };
}

/** "some_new_status" as "Some new status", for a status the provider adds later. */
function sentence(status: string): string {
  const words = status.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
