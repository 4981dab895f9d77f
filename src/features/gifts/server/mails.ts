/** The gift's e-mails: the buyer's receipt with the card, the couple's gift, and the reminders before it ends. */

import type { gifts } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import type { OutgoingMail } from "../../../server/modules/email/mailer.ts";
import { render } from "../../../server/modules/email/templates.ts";
import { formatMoney } from "../../../shared/billing-history.ts";
import { BRAND } from "../../../shared/brand.ts";
import { TIERS, type TierId, tierName } from "../../../shared/constants.ts";
import { londonDay } from "../../../shared/london-time.ts";
import { formatGiftCode, GIFT } from "../shared/schemas.ts";
import { giftCardPdf } from "./card-pdf.ts";

type Gift = typeof gifts.$inferSelect;

const monthsText = (n: number) => `${n} month${n === 1 ? "" : "s"}`;
const deliveryDay = (day: string) => londonDay(new Date(`${day}T12:00:00Z`));

export function redeemUrl(deps: Deps, code?: string): string {
  return `${deps.config.appUrl}/gift/redeem${code ? `?code=${formatGiftCode(code)}` : ""}`;
}

export async function cardAttachment(deps: Deps, g: Gift) {
  const content = await giftCardPdf({
    tier: g.tier,
    months: g.months,
    from: g.buyerName,
    to: g.recipientNames,
    message: g.message,
    code: g.code,
    validUntil: g.expiresAt ? londonDay(g.expiresAt) : "",
    redeemUrl: redeemUrl(deps).replace(/^https?:\/\//, ""),
  });
  return { filename: `${BRAND.name.toLowerCase()}-gift-card.pdf`, content, contentType: "application/pdf" };
}

/** To the buyer once paid: the receipt, the card to print, and the private link to manage the gift. */
export async function giftReceiptMail(deps: Deps, g: Gift, manageToken: string): Promise<OutgoingMail> {
  const tier = TIERS[g.tier].name;
  const r = render(
    `Your ${BRAND.name} gift: receipt and gift card`,
    "Thank you for your gift",
    [
      `Hello ${g.buyerName},`,
      `You've given ${g.recipientNames} ${monthsText(g.months)} of ${BRAND.name} ${tier}. We received your payment of ${formatMoney(g.amountPence)}.`,
      `We'll e-mail the gift, your message and their code to ${g.recipientEmail} on the morning of ${deliveryDay(g.deliverOn)}. The printable gift card is attached if you'd rather hand it over yourself.`,
      `Until it's delivered you can change the delivery date or send it again from your private link. You can cancel an unredeemed gift within ${GIFT.cancelDays} days of buying it for a full refund.`,
      `Receipt: gift membership, ${tier}, ${monthsText(g.months)}. Amount paid ${formatMoney(g.amountPence)}. Reference GIFT-${g.id}.`,
    ],
    { label: "Manage your gift", url: `${deps.config.appUrl}/gift/manage?token=${manageToken}` },
    "Keep this e-mail: the link is private to you and is the only way to manage the gift without signing in.",
  );
  return {
    ...r,
    to: g.buyerEmail,
    toName: g.buyerName,
    type: "gift_receipt",
    userId: g.buyerUserId,
    attachments: [await cardAttachment(deps, g)],
  };
}

/** To the couple on the delivery day (and on every resend). */
export async function giftDeliveryMail(deps: Deps, g: Gift): Promise<OutgoingMail> {
  const tier = TIERS[g.tier];
  const r = render(
    `${g.buyerName} has given you ${BRAND.name}`,
    `A gift from ${g.buyerName}`,
    [
      `Hello ${g.recipientNames},`,
      `${g.buyerName} has given you ${monthsText(g.months)} of ${BRAND.name} ${tier.name}: ${tier.datesPerMonth} surprise date${tier.datesPerMonth === 1 ? "" : "s"} a month in London, planned around you and revealed 48 hours before.`,
      ...(g.message ? [`Their message: “${g.message}”`] : []),
      `Your gift code is ${formatGiftCode(g.code)}. It's valid until ${g.expiresAt ? londonDay(g.expiresAt) : ""}. Your card is attached.`,
      "Redeeming takes a minute: create your account, tell us what you both enjoy, and we'll start planning. No Direct Debit is needed.",
    ],
    { label: "Redeem your gift", url: redeemUrl(deps, g.code) },
  );
  return {
    ...r,
    to: g.recipientEmail,
    toName: g.recipientNames,
    type: "gift_delivery",
    attachments: [await cardAttachment(deps, g)],
  };
}

/** To a couple whose gifted plan ends soon: continue with a Direct Debit, or the plan simply ends. */
export function giftEndingMail(
  deps: Deps,
  user: { id: number; email: string; firstName: string | null },
  endsAt: Date,
  days: number,
  tier: string,
): OutgoingMail {
  const r = render(
    `Your gifted ${BRAND.name} plan ends in ${days} day${days === 1 ? "" : "s"}`,
    "Keep the dates coming",
    [
      `Hello ${user.firstName ?? "there"},`,
      `Your gifted ${tierName(tier, tier ?? "")} plan ends on ${londonDay(endsAt)}. We hope you've loved your dates.`,
      "To carry on, set up a monthly Direct Debit before then: your plan continues without a gap. If you do nothing, the plan simply ends and nothing is charged.",
    ],
    { label: "Continue my plan", url: `${deps.config.appUrl}/subscription` },
  );
  return { ...r, to: user.email, toName: user.firstName, type: "gift_ending", userId: user.id };
}

/** To a couple who carried their gifted plan on with a Direct Debit: nothing now, the first payment later. */
export function giftContinuedMail(
  deps: Deps,
  user: { id: number; email: string; firstName: string | null },
  tierName: string,
  monthlyPence: number,
  firstPaymentAt: Date,
): OutgoingMail {
  const r = render(
    `Your ${BRAND.name} ${tierName} plan continues after your gift`,
    "Your plan carries on",
    [
      `Hello ${user.firstName ?? "there"},`,
      `Your Direct Debit is set up. Your gift runs until ${londonDay(firstPaymentAt)} and nothing is collected before then.`,
      `From ${londonDay(firstPaymentAt)} your ${tierName} plan continues at ${formatMoney(monthlyPence)} a month, collected monthly, without a gap in your dates. You can change or cancel it at any time in Settings.`,
    ],
    { label: "See your plan", url: `${deps.config.appUrl}/subscription` },
  );
  return { ...r, to: user.email, toName: user.firstName, type: "gift_continued", userId: user.id };
}
