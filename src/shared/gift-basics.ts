/**
 * Gift memberships without the API's contract: the figures, statuses, messages, prices and code format, and
 * the words a gifted plan goes by on every screen. Apart from schemas.ts (which re-exports all of it) so that
 * the member's everyday screens can use them without bringing zod into their code.
 */
import { TIERS, type TierId } from "./constants.ts";
import { GIFT } from "./gift-figures.ts";
import { londonDay } from "./london-time.ts";

export { GIFT };

export type GiftLength = (typeof GIFT.lengths)[number];

export const GIFT_STATUSES = [
  "pending",
  "paid",
  "scheduled",
  "delivered",
  "redeemed",
  "expired",
  "refunded",
] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const GIFT_MSG = {
  tier: "Please choose a plan for the gift",
  months: `Please choose a gift length of ${GIFT.lengths.join(", ")} months`,
  buyerName: "Please enter your name",
  buyerEmail: "Please enter your e-mail address",
  recipientNames: "Please enter the couple's names",
  recipientEmail: "Please enter the couple's e-mail address",
  deliverOn: "Please choose a delivery date",
  deliveryPast: "The delivery date can't be in the past",
  deliveryTooFar: `The delivery date can be at most ${GIFT.deliveryMaxDaysAhead} days ahead`,
  messageTooLong: `The message can be at most ${GIFT.messageMax} characters`,
  nameTooLong: `Names can be at most ${GIFT.nameMax} characters`,
  recipientNamesTooLong: `The couple's names can be at most ${GIFT.recipientNamesMax} characters`,
  code: "Please enter your gift code",
  token: "Missing gift link",
  freeGift: "This offer code can't be used for a gift",
  unknownCode: "We can't find that gift code. Check it and try again.",
  usedCode: "This gift code has already been used.",
  expiredCode: "This gift code has expired.",
  refundedCode: "This gift was cancelled by the giver.",
  notPaid: "This gift hasn't been paid for yet.",
  notFound: "This gift link isn't valid.",
  alreadyDelivered: "This gift has already been delivered, so its date can't change.",
  notRedeemable: "This gift has already been redeemed.",
  cancelWindow: `A gift can be cancelled within ${GIFT.cancelDays} days of buying it.`,
  notRefundable: "Only a paid gift that hasn't been redeemed can be refunded.",
  notDeliverable: "Only a paid gift that hasn't been redeemed can be sent.",
  paymentNotComplete: "The payment hasn't been completed.",
  resent: "We've sent the gift to the couple again.",
  deliveryChanged: "The delivery date has been changed.",
  refunded: "The gift is cancelled and the payment is being refunded in full.",
  redeemedPlan: (tier: string, months: number) =>
    `Your gift is redeemed: ${tier} for ${months} month${months === 1 ? "" : "s"}. Enjoy your dates!`,
  redeemedCredit: (months: number) =>
    `Your gift is redeemed: your next ${months} monthly payment${months === 1 ? "" : "s"} won't be collected.`,
  redeemedExtended: (tier: string, until: string) =>
    `Your gift is redeemed: your ${tier} plan is now a gift until ${until}. Enjoy your dates!`,
  /** A plan the couple holds without a Direct Debit behind it, and no gifted plan to add the months to. */
  cannotAdd: "This gift can't be added to your plan as it stands. Please contact us and we'll sort it out.",
  /** Continuing a gifted plan with a Direct Debit keeps the gift's plan; a change of plan comes after. */
  continueSameTier: (tier: string) =>
    `Your gift is ${tier}: continue on ${tier}, then change plan from Settings whenever you like.`,
  /** "Your gift: Gold until 12 March 2027" (the day already in London words). */
  yourGift: (tier: string, until: string) => `Your gift: ${tier} until ${until}`,
  /** The plan word for a gifted plan on every screen (badge, dashboard, /subscription, Settings). */
  statusWord: "Gift",
} as const;

/** "Gift until 12 March 2027": the gifted plan's words on every screen (badge "Gift", then its end). */
export function giftUntilText(until: Date | string): string {
  return `${GIFT_MSG.statusWord} until ${londonDay(new Date(until))}`;
}

/** "Your gift: Gold until 12 March 2027". */
export function yourGiftText(tierName: string, until: Date | string): string {
  return GIFT_MSG.yourGift(tierName, londonDay(new Date(until)));
}

/**
 * A gifted plan still running without a Direct Debit: the plan is live and plan_accounts.gifted_until lies ahead.
 * The server clears gifted_until once a Direct Debit carries the plan on, so a set mark means "no mandate".
 */
export function giftedPlanRunning(
  plan: { subscriptionStatus: string | null; giftedUntil: Date | string | null },
  now: number,
): boolean {
  const live =
    plan.subscriptionStatus === "active" ||
    plan.subscriptionStatus === "paused" ||
    plan.subscriptionStatus === "past_due";
  return live && plan.giftedUntil !== null && new Date(plan.giftedUntil).getTime() > now;
}

/** "K7QX-M4RZ-T9WA": the stored code in groups, to read aloud or type. */
export function formatGiftCode(code: string): string {
  return code.match(new RegExp(`.{1,${GIFT.codeGroup}}`, "g"))?.join("-") ?? code;
}

/** What a member typed, as stored: upper case, with spaces and dashes gone. */
export function normaliseGiftCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

export interface GiftPrice {
  monthlyPence: number;
  subtotalPence: number;
  lengthDiscountPence: number;
  offerDiscountPence: number;
  totalPence: number;
}

/** The tier's price times the months, less the length discount (the offer's saving is worked out by the server). */
export function giftBasePrice(tier: TierId, months: number): Omit<GiftPrice, "offerDiscountPence"> {
  const monthlyPence = TIERS[tier].monthlyPricePence;
  const subtotalPence = monthlyPence * months;
  const lengthDiscountPence = Math.round((subtotalPence * (GIFT.lengthDiscountPercent[months] ?? 0)) / 100);
  return {
    monthlyPence,
    subtotalPence,
    lengthDiscountPence,
    totalPence: subtotalPence - lengthDiscountPence,
  };
}

/** The delivery day's problem against London's today ("2026-11-26"), or null when it is fine. */
export function deliveryDateProblem(day: string, today: string): string | null {
  if (day < today) return GIFT_MSG.deliveryPast;
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + GIFT.deliveryMaxDaysAhead);
  if (day > last.toISOString().slice(0, 10)) return GIFT_MSG.deliveryTooFar;
  return null;
}
