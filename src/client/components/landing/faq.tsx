import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { BRAND } from "../../../shared/brand.ts";
import { DATE_SPEND_BANDS, POLICY, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { COOLING_OFF_RULE } from "../../../shared/cooling-off.ts";
import { GIFT } from "../../../shared/gift-figures.ts";
import { SectionHeading } from "./section-heading.tsx";

const SPEND = Object.values(DATE_SPEND_BANDS)
  .map((band) => band.replace(" per person", ""))
  .join(", ");

export const FAQ_ITEMS = [
  {
    q: "How does the reveal work?",
    a: `Once a date is booked you'll see its day and time in your account, so you can keep the evening free. The venue, the time to arrive and the dress code are revealed ${REVEAL_WINDOW_HOURS} hours before, by e-mail and in your account. Please confirm the booking at least ${POLICY.confirmHoursBefore} hours before; an unconfirmed booking is cancelled so the venue can release it.`,
  },
  {
    q: "What does the membership include?",
    a: `Planning, booking and coordination: choosing somewhere that suits you both, making the reservation and sending you the details. The date itself is paid for by the two of you, directly to the venue, within the budget you choose (${SPEND} per person). There are no setup fees.`,
  },
  {
    q: "Can we cancel?",
    a: `Yes, at any time from your account settings. Your plan renews monthly until you cancel, and cancelling takes effect at the end of the current billing cycle, so you keep any date already booked in it. ${COOLING_OFF_RULE}`,
  },
  {
    q: "What if we can't make a date?",
    a: `You can reschedule one date a month free of charge, with at least ${POLICY.rescheduleNoticeHours} hours' notice. Dates you don't use don't roll over to the next month.`,
  },
  {
    q: "What about allergies, diets or access needs?",
    a: "Tell us once during setup: vegetarian, vegan, halal, kosher, allergies, step-free access, a hearing loop and more. We only choose venues that can meet them and pass the relevant needs to the venue with your booking. You can change them whenever you like.",
  },
  {
    q: "Which areas do you cover?",
    a: `${BRAND.city}, from the centre out to the edges. You tell us your postcode and how far you're happy to travel, and every date is planned within that distance.`,
  },
  {
    q: "Who can join?",
    a: `Couples, both aged ${POLICY.minimumAge} or over. One membership covers the two of you.`,
  },
  {
    q: "Can we give Unveil as a gift?",
    a: `Yes, from the Give a gift page: choose a plan and ${GIFT.lengths.join(", ")} months, paid once by bank (longer gifts cost less a month). We e-mail the couple their card, your message and a code on the day you choose, from ${GIFT.deliveryHour}am. The code works for ${GIFT.codeValidMonths} months; a couple who already pay get the months as credit, with their payments paused. We remind them ${GIFT.reminderDays.join(", ")} days before it ends; they can carry on by Direct Debit, or it simply ends with nothing charged. You can cancel an unredeemed gift within ${GIFT.cancelDays} days for a full refund.`,
  },
  {
    q: "How do we pay?",
    a: "Monthly by Direct Debit, set up through our payment provider. Your bank details stay with them and never reach us, and every payment is covered by the Direct Debit Guarantee.",
  },
];

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading">
      <div className="mx-auto max-w-3xl px-gutter sm:px-6 py-20 sm:py-28">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Good questions">
          Anything else, ask us at{" "}
          <a
            href={`mailto:${BRAND.contactEmail}`}
            className="rounded-sm text-foreground underline decoration-accent underline-offset-4 hover:decoration-2"
          >
            {BRAND.contactEmail}
          </a>
          .
        </SectionHeading>
        <Accordion.Root
          type="single"
          collapsible
          className="mt-12 divide-y divide-border border-y border-border"
          data-reveal
        >
          {FAQ_ITEMS.map((item) => (
            <Accordion.Item key={item.q} value={item.q}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-5 text-left font-medium transition-colors hover:text-brand">
                  {item.q}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="accordion-content overflow-hidden text-muted-foreground">
                <p className="pb-5 text-pretty">{item.a}</p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
