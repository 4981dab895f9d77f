import { CalendarCheck, HeartHandshake, PoundSterling, ShieldCheck, Star } from "lucide-react";
import { revealDelay } from "../../lib/reveal.ts";
import { SectionHeading } from "./section-heading.tsx";

const PROMISES = [
  {
    icon: HeartHandshake,
    title: "Chosen for the two of you",
    text: "Every date starts from your answers, never from a list of promotions. If it isn't right for you both, it isn't on the table.",
  },
  {
    icon: CalendarCheck,
    title: "Booked before you hear a word",
    text: "We make the reservation and look after the details. You confirm, keep the evening free and turn up.",
  },
  {
    icon: PoundSterling,
    title: "Plain about money",
    text: "Your plan covers the planning and booking. You pay the venue directly, within the budget you set. No setup fees.",
  },
  {
    icon: ShieldCheck,
    title: "Your needs, respected",
    text: "Dietary and accessibility needs travel with every booking, and only to the venue that needs them.",
  },
];

/**
 * The "Reviews" section. We are new, so there are no customer quotes to show and none are invented: the
 * section says what couples can expect and how they rate each date once it has happened.
 */
export function Expectations() {
  return (
    <section
      id="testimonials"
      aria-labelledby="reviews-heading"
      className="border-y border-border bg-muted/60"
    >
      <div className="mx-auto max-w-6xl px-gutter sm:px-6 py-20 sm:py-28">
        <SectionHeading id="reviews-heading" eyebrow="Reviews" title="What couples can expect">
          We're new, so instead of borrowed praise, here is what we promise every couple, and how you tell us
          whether we kept our word.
        </SectionHeading>
        <div className="mt-14 grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-stretch">
          <ul className="grid gap-5 sm:grid-cols-2">
            {PROMISES.map((promise, i) => (
              <li
                key={promise.title}
                data-reveal
                style={revealDelay((i % 2) * 90)}
                className="min-w-0 rounded-2xl border border-border bg-surface p-gutter break-words text-surface-foreground sm:p-6"
              >
                <span className="flex size-10 items-center justify-center rounded-full bg-muted text-brand">
                  <promise.icon aria-hidden className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-medium">{promise.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{promise.text}</p>
              </li>
            ))}
          </ul>
          <RatingCard />
        </div>
      </div>
    </section>
  );
}

function RatingCard() {
  return (
    <div
      data-reveal
      style={revealDelay(120)}
      className="flex min-w-0 flex-col justify-between rounded-2xl bg-stage p-gutter break-words text-stage-foreground sm:p-7 shadow-xl ring-1 ring-gold/40"
    >
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-soft uppercase">After every date</p>
        <h3 className="mt-3 text-2xl font-normal">You rate it, honestly.</h3>
        <p className="mt-3 text-sm text-stage-muted">
          The morning after, we ask how it went: a rating from one to five and a line about what worked. Your
          answer shapes your next date, and our curators read every one.
        </p>
      </div>
      <figure
        className="mt-7 rounded-xl border border-white/15 bg-white/5 p-5"
        aria-label="An example of the rating request sent after a date"
      >
        <div aria-hidden>
          <p className="font-display text-lg">How was Saturday?</p>
          <div className="mt-3 flex flex-wrap gap-1.5 text-gold-soft">
            {[0, 1, 2, 3, 4].map((n) => (
              <Star key={n} className="size-6" strokeWidth={1.5} />
            ))}
          </div>
          <div className="mt-4 flex flex-wrap gap-2 text-xs text-stage-muted">
            {["The food", "The atmosphere", "The surprise"].map((chip) => (
              <span key={chip} className="rounded-full border border-white/20 px-3 py-1">
                {chip}
              </span>
            ))}
          </div>
        </div>
      </figure>
      <p className="mt-6 text-sm text-stage-muted">
        Once our first couples have rated their evenings, their average and their words will appear here,
        unedited.
      </p>
    </div>
  );
}
