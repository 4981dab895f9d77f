import { BRAND } from "../../shared/brand.ts";
import { formatPence, POLICY, TIER_IDS, TIERS } from "../../shared/constants.ts";
import { COOLING_OFF_RULE } from "../../shared/cooling-off.ts";
import { GIFT } from "../../shared/gift-figures.ts";
import { FAILED_PAYMENT_RULE } from "../../shared/payment-recovery.ts";
import type { LegalDocument } from "./legal.ts";

const plans = TIER_IDS.map((id) => {
  const tier = TIERS[id];
  const dates = `${tier.datesPerMonth} date${tier.datesPerMonth === 1 ? "" : "s"}`;
  return `${tier.name}: ${formatPence(tier.monthlyPricePence)} a month for ${dates} a month.`;
});

const giftDiscounts = GIFT.lengths
  .filter((m) => (GIFT.lengthDiscountPercent[m] ?? 0) > 0)
  .map((m) => `${GIFT.lengthDiscountPercent[m]}% for ${m} months`)
  .join(" and ");

export const TERMS: LegalDocument = {
  title: "Terms & Conditions",
  updated: "28 November 2026",
  summary:
    "The agreement between the two of you and us when you join. In short: you pay a monthly fee for planning and booking, you pay the venue for the date itself, and you can cancel at any time, with the plan ending at the end of the month you have paid for.",
  sections: [
    {
      heading: "1. About these terms",
      blocks: [
        `These terms apply when you create an account with ${BRAND.name} ("we", "us", "our") and when you take out a membership. Please read them before you subscribe. By subscribing you agree to them.`,
        `You can contact us at any time at ${BRAND.contactEmail}. For help with a booking, write to ${BRAND.supportEmail}.`,
      ],
    },
    {
      heading: "2. Who can join",
      blocks: [
        `${BRAND.name} is for couples. Both of you must be ${POLICY.minimumAge} or over, and you must be able to attend dates in and around ${BRAND.city}.`,
        "One membership covers one couple. The member who subscribes is responsible for the account and the payments, and for making sure the details given to us about both of you are true and up to date.",
      ],
    },
    {
      heading: "3. What your membership covers",
      blocks: [
        "Your membership pays for planning and coordination: choosing a date that suits the two of you, making the booking, and sending you what you need to know. It does not pay for the date itself.",
        "Venue costs are paid by you directly to the venue. That includes food, drink, tickets, activities, service charges and tips, as well as your travel. The budget you choose during setup is a guide we plan within; what you spend on the night is up to you.",
        "Each venue is an independent business with its own terms, which apply to what you buy there.",
      ],
    },
    {
      heading: "4. Plans and prices",
      blocks: [
        { list: plans },
        "Prices are in pounds sterling and are charged monthly. There are no setup fees.",
        "If we change the price of your plan, we will tell you by e-mail at least 30 days before the new price applies, so you have time to change plan or cancel.",
      ],
    },
    {
      heading: "5. Payment",
      blocks: [
        "You pay by Direct Debit, set up and collected through our payment provider. Your bank details are given to the payment provider, not to us. Payments are protected by the Direct Debit Guarantee.",
        "Your first payment is collected when your membership starts and then once at the start of each monthly billing cycle.",
        FAILED_PAYMENT_RULE,
      ],
    },
    {
      heading: "6. Offers",
      blocks: [
        "An offer code reduces the price of your plan as described when you apply it. A time-limited offer lasts for the number of months stated; after those months your plan returns to its full price. Offers have no cash value and only one can be used at a time.",
      ],
    },
    {
      heading: "7. Renewal and cancellation",
      blocks: [
        "Your subscription renews automatically each monthly billing cycle unless you cancel before the renewal date.",
        "You can cancel at any time from your account settings or by writing to us. Cancellation takes effect at the end of the current billing cycle: you keep your membership, and any dates already booked in that cycle, until then, and no further payments are taken.",
        "Apart from the cooling-off period below, we do not refund part of a billing cycle when you cancel.",
      ],
    },
    {
      heading: "8. Cooling-off period",
      blocks: [
        COOLING_OFF_RULE,
        "The service begins when the details of your first date are revealed to you. If you cancel after that, the cancellation takes effect at the end of the current billing cycle, as in section 7.",
      ],
    },
    {
      heading: "9. Your dates",
      blocks: [
        "We plan each date from the preferences you give us: where you are, how far you will travel, your budget, the kinds of date you enjoy, when you are free, and any dietary or accessibility needs.",
        "We tell you the day and time of each date in advance, so you can keep the evening free.",
        `The booking details (the venue, the time and the dress code) are sent to you ${POLICY.detailsSentHoursBefore} hours before the date.`,
        `You must confirm each booking at least ${POLICY.confirmHoursBefore} hours before the date. A booking that has not been confirmed by then is cancelled, so the venue can release it.`,
      ],
    },
    {
      heading: "10. Rescheduling and missed dates",
      blocks: [
        `You can reschedule ${POLICY.freeReschedulesPerMonth === 1 ? "one date" : `${POLICY.freeReschedulesPerMonth} dates`} a month free of charge, as long as you give us at least ${POLICY.rescheduleNoticeHours} hours' notice before the date.`,
        "Unused bookings do not roll over. A date you miss, do not confirm, or cancel without rescheduling counts as used for that month.",
        "Some venues charge their own fee for a late cancellation or a missed booking. Where they do, we will tell you in the booking details, and that fee is between you and the venue.",
      ],
    },
    {
      heading: "11. If we have to change a date",
      blocks: [
        "Now and then a venue closes or cancels at short notice. If that happens we will offer you another date of a similar kind and standard. If we cannot, we will refund the part of that month's fee that paid for the date we could not provide.",
      ],
    },
    {
      heading: "12. Dietary, accessibility and safety",
      blocks: [
        "We choose venues that can meet the dietary and accessibility needs you tell us about, and we pass the relevant needs to the venue with the booking.",
        "Venues prepare their own food and drink, so we cannot guarantee that any dish is free of an allergen. Please always tell the venue's staff about allergies on the night.",
        "Alcohol is only included in plans if you have told us you are happy with it. Please follow the venue's rules and look after each other.",
      ],
    },
    {
      heading: "13. Your account",
      blocks: [
        "Keep your password to yourself. Tell us straight away if you think someone else has used your account.",
        "We may suspend or close an account that is used to break the law, to mistreat venues or their staff, or in serious breach of these terms. We will tell you why, and refund any payment for a period we no longer provide.",
      ],
    },
    {
      heading: "14. Our responsibility to you",
      blocks: [
        "We plan and book with reasonable care and skill. If we do not, we are responsible for loss you suffer that was a foreseeable result.",
        "Our total liability to you is limited to the subscription fee for the current billing cycle.",
        "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your legal rights as a consumer.",
        "Venues are independent businesses and are responsible for what they provide on the night.",
      ],
    },
    {
      heading: "15. Changes to these terms",
      blocks: [
        "We may update these terms, for example when the law or our service changes. We will e-mail you at least 30 days before a change that affects you, and you can cancel before it applies.",
      ],
    },
    {
      heading: "16. Gift memberships",
      blocks: [
        `Price. A gift is a plan for ${GIFT.lengths.join(", ")} months, paid once by bank payment (not a Direct Debit): the plan's monthly price times the months${giftDiscounts ? `, less ${giftDiscounts}` : ""}, less any offer code whose rules allow it. We record the payment when it is made and send the giver a receipt and a printable gift card.`,
        `Delivery. The couple receive the gift by e-mail, with the card, the giver's message and a code, from ${GIFT.deliveryHour}:00 (London time) on the day the giver chose: that day or up to ${GIFT.deliveryMaxDaysAhead} days ahead. Until it has been sent, the giver can change the day or send it again.`,
        `Redeeming. The code works once, for ${GIFT.codeValidMonths} months from payment. Redeeming takes the couple through creating an account and the questionnaire; the plan then runs for the gift's months with no Direct Debit. One membership covers a couple: a gift redeemed by either partner applies to the couple's one plan. If the couple already pay by Direct Debit, the gift is credit: that many monthly payments are not collected and the plan runs on. If they already have a gifted plan, the months are added to it, on the plan already running.`,
        `The end of a gift. We e-mail ${GIFT.reminderDays.join(", ")} days before a gifted plan ends. To carry on, the couple set up a Direct Debit on the same plan: nothing is collected before the gift ends, and the plan continues without a gap at its usual monthly price. If they do nothing, the plan simply ends on that day: no date is booked after it and nothing is charged.`,
        `Cancelling a gift. The giver can cancel a gift that has not been redeemed within ${GIFT.cancelDays} days of buying it, from the private link in the receipt, and we refund the payment in full; the code then stops working. Once a gift has been redeemed, or after ${GIFT.cancelDays} days, it cannot be refunded, except as section 11 allows when we cannot provide a date.`,
      ],
    },
    {
      heading: "17. Complaints and the law",
      blocks: [
        `If something goes wrong, please write to ${BRAND.supportEmail} and we will do our best to put it right.`,
        "These terms are governed by English law. The courts of England and Wales can hear any dispute; if you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      ],
    },
  ],
};
