import { ChevronDown, KeyRound, MessageCircleHeart, Sparkles } from "lucide-react";
import { Accordion } from "radix-ui";
import { useEffect } from "react";
import { Link } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { formatPence, REVEAL_WINDOW_HOURS, TIERS } from "../../shared/constants.ts";
import { PricingCards } from "../components/landing/pricing-cards.tsx";
import { scrollToHash } from "../components/layout/section-link.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { Button } from "../components/ui/button.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";

const FROM_PRICE = formatPence(TIERS.silver.monthlyPricePence);

const STEPS = [
  {
    icon: MessageCircleHeart,
    title: "Tell us about the two of you",
    text: "Six short questions: what you love, what you'd rather avoid, your budget and the evenings you're free.",
  },
  {
    icon: Sparkles,
    title: "We plan and book",
    text: "Our curators choose somewhere in London that suits you both, and make the booking.",
  },
  {
    icon: KeyRound,
    title: "The reveal",
    text: `The venue, time and dress code arrive ${REVEAL_WINDOW_HOURS} hours before. Until then, keep the evening free.`,
  },
];

const FAQ = [
  {
    q: "What does the membership pay for?",
    a: "Planning, booking and looking after the details. You pay the venue directly for whatever you eat, drink or do, within the budget you set.",
  },
  {
    q: `When do we find out where we're going?`,
    a: `${REVEAL_WINDOW_HOURS} hours before the date, by e-mail and in your account. You'll know the day and time well before that, so you can keep it free.`,
  },
  {
    q: "What about allergies, diets or access needs?",
    a: "Tell us once during setup. Every venue we choose respects them, and you can update them whenever you like.",
  },
  {
    q: "Can we cancel?",
    a: "Yes, at any time from your settings. There are no setup fees, and your plan simply ends with the billing period.",
  },
];

export default function LandingPage() {
  useDocumentTitle();
  useEffect(() => {
    if (window.location.hash) scrollToHash(window.location.hash);
  }, []);

  return (
    <>
      <section className="curtain-stage overflow-hidden">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-6 pt-20 pb-24 text-center sm:pt-28 sm:pb-32">
          <p className="animate-rise text-xs font-semibold tracking-[0.22em] text-gold-soft uppercase">
            Surprise dates in {BRAND.city}
          </p>
          <h1 className="mt-5 animate-rise text-[2.6rem] leading-[1.05] font-normal [animation-delay:80ms] sm:text-6xl">
            Your next evening together, <em className="text-gold-soft">unveiled</em> {REVEAL_WINDOW_HOURS}{" "}
            hours before.
          </h1>
          <p className="mt-6 max-w-xl animate-rise text-base text-stage-muted [animation-delay:160ms] sm:text-lg">
            Tell us what you both love. Each month we plan and book a date somewhere in {BRAND.city}, and keep
            it a mystery until two days before.
          </p>
          <div className="mt-10 flex w-full animate-rise flex-col items-center gap-3 [animation-delay:240ms] sm:w-auto sm:flex-row">
            <Button asChild variant="gold" size="lg" className="w-full sm:w-auto">
              <Link href="/auth">Start Your Mystery Journey</Link>
            </Button>
            <Button
              asChild
              variant="ghost"
              size="lg"
              className="w-full text-stage-foreground hover:bg-white/10 sm:w-auto"
            >
              <a href="#pricing">See the plans</a>
            </Button>
          </div>
          <p className="mt-8 text-sm text-stage-muted">
            From {FROM_PRICE} a month · No setup fees · Cancel anytime
          </p>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-heading"
        className="mx-auto max-w-6xl px-6 py-20 sm:py-28"
      >
        <SectionHeading
          id="how-heading"
          eyebrow="How it works"
          title="You bring the two of you. We bring the rest."
        />
        <ol className="mt-12 grid gap-10 md:grid-cols-3 md:gap-8">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-muted text-brand">
                  <step.icon aria-hidden className="size-5" />
                </span>
                <span className="font-display text-sm text-muted-foreground">
                  Act {["I", "II", "III"][i]}
                </span>
              </div>
              <h3 className="mt-4 text-xl font-medium">{step.title}</h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="border-y border-border bg-muted/60">
        <div className="mx-auto max-w-6xl px-6 py-20 sm:py-28">
          <SectionHeading
            id="pricing-heading"
            eyebrow="Pricing"
            title="One simple monthly plan"
            text="Your membership covers the planning and booking. You pay the venue directly, within the budget you choose."
          />
          <div className="mt-14">
            <PricingCards />
          </div>
        </div>
      </section>

      <section
        id="testimonials"
        aria-labelledby="reviews-heading"
        className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-28"
      >
        <SectionHeading id="reviews-heading" eyebrow="Reviews" title="In their own words, soon" />
        <p className="mx-auto mt-5 max-w-xl text-muted-foreground">
          We're new, and our first couples are out on their first evenings now. When they write to us, their
          words will appear here, unedited.
        </p>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="border-t border-border">
        <div className="mx-auto max-w-3xl px-6 py-20 sm:py-28">
          <SectionHeading id="faq-heading" eyebrow="FAQ" title="Good questions" />
          <Accordion.Root
            type="single"
            collapsible
            className="mt-10 divide-y divide-border border-y border-border"
          >
            {FAQ.map((item) => (
              <Accordion.Item key={item.q} value={item.q}>
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-5 text-left font-medium">
                    {item.q}
                    <ChevronDown
                      aria-hidden
                      className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="pb-5 text-muted-foreground">{item.a}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </div>
      </section>

      <section className="curtain-stage">
        <div className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-24">
          <h2 className="text-3xl font-normal sm:text-4xl">The curtain is about to rise.</h2>
          <p className="mt-4 text-stage-muted">Setting up takes about five minutes. We take it from there.</p>
          <Button asChild variant="gold" size="lg" className="mt-8">
            <Link href="/auth">Start Your Adventure</Link>
          </Button>
        </div>
      </section>
      <SiteFooter />
    </>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-normal sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-muted-foreground">{text}</p>}
    </div>
  );
}
