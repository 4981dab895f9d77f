/**
 * The cooling-off rule in one sentence, for every place that states it (the Terms, the cancel dialog, the
 * landing page's questions, the onboarding terms, the e-mails, docs/product.md): the rule itself is
 * coolingOffEligible (features/subscriptions/server/service.ts). Service begins when a date's details are revealed, 48 hours
 * before it, so "before any date has been revealed" is the condition, not "before a date is booked".
 */
import { POLICY, REVEAL_WINDOW_HOURS } from "./constants.ts";

export const COOLING_OFF_RULE = `Within ${POLICY.coolingOffDays} days of your plan starting, and before any date's details have been revealed to you (${REVEAL_WINDOW_HOURS} hours before it), cancelling refunds everything you have paid and ends the plan at once.`;

/** What a member is told once a cancellation in the cooling-off period went through. */
export const COOLING_OFF_REFUNDED = "Everything you paid is being refunded, and your plan has ended.";
