import { KeyRound, MessageCircleHeart, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { POLICY, REVEAL_WINDOW_HOURS } from "../../shared/constants.ts";
import { Expectations } from "../components/landing/expectations.tsx";
import { Experiences } from "../components/landing/experiences.tsx";
import { Faq } from "../components/landing/faq.tsx";
import { Hero } from "../components/landing/hero.tsx";
import { PricingCards } from "../components/landing/pricing-cards.tsx";
import { SectionHeading } from "../components/landing/section-heading.tsx";
import { scrollToHash } from "../components/layout/section-link.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { Button } from "../components/ui/button.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";
import { markHydrated } from "../lib/hydration.ts";
import { revealDelay, useRevealOnScroll } from "../lib/reveal.ts";

const STEPS = [
  {
    icon: MessageCircleHeart,
    title: "Tell us about the two of you",
    text: "Six short questions: what you love, what you'd rather avoid, your budget, your dietary and access needs, and the evenings you're free.",
  },
  {
    icon: Sparkles,
    title: "We plan and book",
    text: `Our curators, relationship experts who know ${BRAND.city} well, choose somewhere that suits you both, near you and within your budget, and make the booking.`,
  },
  {
    icon: KeyRound,
    title: "The reveal",
    text: `You'll know the day and time early. The venue and dress code arrive ${REVEAL_WINDOW_HOURS} hours before. Confirm, get ready, and go.`,
  },
];

/**
 * The public landing page for visitors at "/". It is also rendered at build time (entry-prerender.tsx), so
 * everything here must render the same on the server and on first render in the browser.
 */
export default function LandingPage() {
  useDocumentTitle();
  const pageRef = useRef<HTMLDivElement>(null);
  useRevealOnScroll(pageRef);
  useEffect(() => {
    markHydrated();
    if (window.location.hash) scrollToHash(window.location.hash);
  }, []);

  return (
    <div ref={pageRef} className="flex flex-1 flex-col">
      <Hero />

      <section
        id="how-it-works"
        aria-labelledby="how-heading"
        className="mx-auto w-full max-w-6xl px-gutter sm:px-6 py-20 sm:py-28"
      >
        <SectionHeading
          id="how-heading"
          eyebrow="How it works"
          title="You bring the two of you. We bring the rest."
        >
          Five minutes of questions, then nothing to organise until the reveal.
        </SectionHeading>
        <ol className="mt-14 grid gap-5 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              data-reveal
              style={revealDelay(i * 110)}
              className="relative min-w-0 rounded-2xl border border-border bg-surface p-gutter break-words text-surface-foreground sm:p-7"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-full bg-muted text-brand">
                  <step.icon aria-hidden className="size-5" />
                </span>
                <span className="font-display text-sm text-muted-foreground italic">
                  Act {["I", "II", "III"][i]}
                </span>
              </div>
              <h3 className="mt-5 text-xl font-medium">{step.title}</h3>
              <p className="mt-2 text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="border-y border-border bg-muted/60">
        <div className="mx-auto max-w-6xl px-gutter sm:px-6 py-20 sm:py-28">
          <SectionHeading id="pricing-heading" eyebrow="Pricing" title="Three simple monthly plans">
            Choose how many evenings a month. Your membership covers the planning and booking; you pay the
            venue directly, within the budget you choose. No setup fees, cancel anytime.
          </SectionHeading>
          <div className="mt-14" data-reveal>
            <PricingCards />
          </div>
          <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">
            Paid monthly by Direct Debit. Your plan renews each month until you cancel, and cancelling takes
            effect at the end of the month you've paid for.
          </p>
          <p className="mt-4 text-center">
            <Link href="/gift" className="font-medium text-accent-text underline underline-offset-4">
              Give Unveil as a gift
            </Link>
          </p>
        </div>
      </section>

      <Experiences />
      <Expectations />
      <Faq />

      <section aria-labelledby="cta-heading" className="curtain-stage">
        <div className="mx-auto max-w-3xl px-gutter sm:px-6 py-20 text-center sm:py-28" data-reveal>
          <p className="text-xs font-semibold tracking-[0.22em] text-gold-soft uppercase">
            Your first reveal
          </p>
          <h2 id="cta-heading" className="mt-4 text-3xl font-normal text-balance sm:text-5xl">
            The curtain is about to rise.
          </h2>
          <p className="mx-auto mt-5 max-w-lg text-stage-muted">
            Setting up takes about five minutes. We take it from there, and all you need to do is keep the
            evening free.
          </p>
          <Button asChild variant="gold" size="lg" className="mt-9">
            <Link href="/auth?tab=register">Start Your Adventure</Link>
          </Button>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-stage-muted">
            <li>For couples aged {POLICY.minimumAge} and over</li>
            <li aria-hidden>·</li>
            <li>No setup fees</li>
            <li aria-hidden>·</li>
            <li>Cancel anytime</li>
          </ul>
        </div>
      </section>
      <SiteFooter />
    </div>
  );
}
