import { BRAND } from "../../../shared/brand.ts";
import { revealDelay } from "../../lib/reveal.ts";
import { EXPERIENCE_ART, type ExperienceKind } from "./experience-art.tsx";
import { SectionHeading } from "./section-heading.tsx";

const EXPERIENCES: { kind: ExperienceKind; title: string; text: string }[] = [
  {
    kind: "culinary",
    title: "Culinary",
    text: "A chef's counter, a supper club, a tasting menu you'd never have found on your own.",
  },
  {
    kind: "adventure",
    title: "Active and adventure",
    text: "Climbing walls, paddleboards on the canal, a hike that ends somewhere warm.",
  },
  {
    kind: "live_music",
    title: "Live music",
    text: "Jazz in a low-lit cellar, an intimate gig, a string quartet by candlelight.",
  },
  {
    kind: "bars",
    title: "Bars",
    text: "Hidden cocktail rooms and neighbourhood wine bars, for when the evening deserves a toast.",
  },
  {
    kind: "cultural",
    title: "Culture",
    text: "Late openings, small theatres, a gallery with the lights down and the crowds gone.",
  },
  {
    kind: "wellness",
    title: "Wellness",
    text: "Slow afternoons: bathhouses, spa rituals, a class that leaves you both lighter.",
  },
];

export function Experiences() {
  return (
    <section
      id="experiences"
      aria-labelledby="experiences-heading"
      className="mx-auto w-full max-w-6xl px-gutter sm:px-6 py-20 sm:py-28"
    >
      <SectionHeading
        id="experiences-heading"
        eyebrow="Experiences"
        title={`A different side of ${BRAND.city}, every time`}
      >
        You tell us the kinds of evening you enjoy and the ones to avoid. We mix them from month to month, so
        the next one is never quite what you expect.
      </SectionHeading>
      <ul className="mt-12 grid gap-4 sm:mt-14 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
        {EXPERIENCES.map((item, i) => {
          const Picture = EXPERIENCE_ART[item.kind];
          return (
            <li
              key={item.kind}
              data-reveal
              style={revealDelay((i % 3) * 90)}
              className="flex overflow-hidden rounded-2xl border border-border bg-surface text-surface-foreground sm:flex-col"
            >
              <div className="art-panel w-[min(8rem,28vw)] shrink-0 overflow-hidden sm:aspect-[4/3] sm:w-auto sm:p-6">
                <Picture />
              </div>
              <div className="min-w-0 p-[min(1.25rem,5vw)] break-words hyphens-auto sm:p-6">
                <h3 className="text-lg font-medium sm:text-xl">{item.title}</h3>
                <p className="mt-1.5 text-sm text-muted-foreground sm:mt-2 sm:text-base">{item.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
