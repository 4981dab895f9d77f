import { Check, LockKeyhole } from "lucide-react";
import { Link } from "wouter";
import { BRAND } from "../../../shared/brand.ts";
import { formatPence, REVEAL_WINDOW_HOURS, TIERS } from "../../../shared/constants.ts";
import { Button } from "../ui/button.tsx";

const FROM_PRICE = formatPence(TIERS.silver.monthlyPricePence);

/** The four promises the spec asks the page to make, said plainly. */
export const CLAIMS = [
  "Personalised to your location and budget",
  "Curated by relationship experts",
  "No setup fees",
  "Cancel anytime",
] as const;

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="curtain-stage overflow-hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-gutter sm:px-6 pt-16 pb-20 sm:pt-24 sm:pb-28 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="animate-rise text-xs font-semibold tracking-[0.22em] text-gold-soft uppercase">
            Surprise dates in {BRAND.city}
          </p>
          <h1
            id="hero-heading"
            // On a phone the size grows more slowly than the text setting (min with a part in vw): at 200 %
            // text "together," still fits the screen. At the default size it is 2.6rem, as before.
            className="mt-5 text-[length:min(2.6rem,1.5rem_+_5.5vw)] leading-[1.05] font-normal text-balance sm:text-6xl lg:text-[4.1rem]"
          >
            Your next evening together, <em className="text-gold-soft">unveiled</em> {REVEAL_WINDOW_HOURS}{" "}
            hours before.
          </h1>
          <p className="mt-6 max-w-xl animate-rise text-base text-pretty text-stage-muted [animation-delay:120ms] sm:text-lg">
            Tell us what you both love. Each month we plan and book a date somewhere in {BRAND.city}, and keep
            it a mystery until two days before. All you do is keep the evening free.
          </p>
          <div className="mt-9 flex w-full animate-rise flex-col items-center gap-3 [animation-delay:200ms] sm:w-auto sm:flex-row">
            <Button asChild variant="gold" size="lg" className="w-full sm:w-auto">
              <Link href="/auth?tab=register">Start Your Mystery Journey</Link>
            </Button>
            <Button
              asChild
              variant="ghost"
              size="lg"
              className="w-full text-stage-foreground hover:bg-white/10 sm:w-auto"
            >
              <a href="#pricing">From {FROM_PRICE} a month</a>
            </Button>
          </div>
          <ul className="mt-9 flex animate-rise flex-wrap justify-center gap-x-5 gap-y-2.5 text-sm text-stage-muted [animation-delay:280ms] lg:grid lg:grid-cols-2 lg:gap-x-6">
            {CLAIMS.map((claim) => (
              <li key={claim} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-soft" />
                <span>{claim}</span>
              </li>
            ))}
          </ul>
        </div>
        <MysteryTicket />
      </div>
    </section>
  );
}

/** An example of a locked date as members see it: the day and time, the rest veiled until the reveal. */
function MysteryTicket() {
  return (
    <figure
      className="relative mx-auto w-full max-w-sm animate-rise [animation-delay:160ms] lg:mr-0"
      aria-label={`An example of a date before its reveal: Saturday at 7.30 pm, with the venue, address and dress code hidden until ${REVEAL_WINDOW_HOURS} hours before.`}
    >
      <div
        aria-hidden
        className="absolute inset-0 translate-x-3 translate-y-3 rotate-3 rounded-3xl border border-gold/30 bg-white/5"
      />
      <div className="ticket relative overflow-hidden rounded-3xl border border-white/15 p-6 text-left shadow-2xl sm:p-7">
        <div aria-hidden className="flex items-center justify-between">
          <span className="text-[0.7rem] font-semibold tracking-[0.2em] text-gold-soft uppercase">
            Your next date
          </span>
          <span className="flex size-9 items-center justify-center rounded-full bg-gold/15 text-gold-soft ring-1 ring-gold/40">
            <LockKeyhole className="size-4" />
          </span>
        </div>
        <div aria-hidden>
          <p className="mt-5 font-display text-3xl">Saturday</p>
          <p className="mt-1 text-stage-muted">7.30 pm · for two</p>
          <dl className="mt-7 grid gap-4 text-sm">
            <VeiledLine label="Venue" width="max-w-40" />
            <VeiledLine label="Where" width="max-w-32" />
            <VeiledLine label="Dress code" width="max-w-24" />
          </dl>
          <div className="mt-7 flex flex-wrap items-center justify-between gap-x-4 border-t border-dashed border-white/20 pt-5">
            <span className="text-sm text-stage-muted">Revealed</span>
            <span className="font-display text-lg text-gold-soft">{REVEAL_WINDOW_HOURS} hours before</span>
          </div>
        </div>
      </div>
    </figure>
  );
}

/**
 * A veiled line: the bar is at most `width` (a max-w class) and gives way to the label, so large text on a
 * phone never pushes it past the ticket's edge (a fixed width would set the page's narrowest width).
 */
function VeiledLine({ label, width }: { label: string; width: string }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="shrink-0 text-stage-muted">{label}</dt>
      <dd className={`veil h-3.5 w-full min-w-8 rounded-full ${width}`} />
    </div>
  );
}
