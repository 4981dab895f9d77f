import { cn } from "../../lib/cn.ts";
import { EXPERIENCE_ART, type ExperienceKind } from "../landing/experience-art.tsx";

const GOLD = "var(--gold-300)";
const SOFT = "var(--plum-300)";

/** Date-idea categories to the drawings shipped with the app ("active" shares the adventure drawing). */
const CATEGORY_ART: Record<string, ExperienceKind> = {
  culinary: "culinary",
  active: "adventure",
  adventure: "adventure",
  live_music: "live_music",
  bars: "bars",
  cultural: "cultural",
  wellness: "wellness",
};

export const CATEGORY_LABELS: Record<string, string> = {
  culinary: "Culinary",
  active: "Active",
  adventure: "Adventure",
  live_music: "Live music",
  bars: "Bars",
  cultural: "Culture",
  wellness: "Wellness",
};

/** A stage with its curtains still drawn and light coming through the keyhole: a date not yet revealed. */
export function MysteryArt({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 160 120"
      aria-hidden
      className={cn("h-full w-full", className)}
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth={2}
    >
      <g fill={SOFT} opacity={0.55}>
        <circle cx="16" cy="22" r="1" />
        <circle cx="146" cy="18" r="1.2" />
        <circle cx="150" cy="70" r="0.8" />
        <circle cx="10" cy="80" r="0.9" />
      </g>
      <ellipse cx="80" cy="103" rx="34" ry="5" fill={GOLD} opacity={0.16} />
      <path fill={GOLD} opacity={0.14} d="M74 76l-14 28h40l-14-28z" />
      <path stroke={SOFT} opacity={0.7} d="M22 104h116" />
      <path stroke={SOFT} d="M32 104V46a48 30 0 0 1 96 0v58" />
      <path stroke={GOLD} opacity={0.9} d="M32 46q8 8 16 0q8 8 16 0q8 8 16 0q8 8 16 0q8 8 16 0q8 8 16 0" />
      <path
        stroke={SOFT}
        opacity={0.8}
        d="M38 54c0 18 2 34 -2 50M48 54c4 18 6 34 0 50M58 54c6 16 12 28 20 34M122 54c0 18-2 34 2 50M112 54c-4 18-6 34 0 50M102 54c-6 16-12 28-20 34"
      />
      <circle cx="80" cy="66" r="6.5" stroke={GOLD} />
      <path stroke={GOLD} d="M77 72l-3 11h12l-3-11" />
      <circle cx="80" cy="66" r="2" fill={GOLD} />
      <path stroke={GOLD} strokeWidth={1.5} opacity={0.9} d="M140 34v8M136 38h8M22 40v7M18.5 43.5h7" />
    </svg>
  );
}

/**
 * The picture at the top of a date's card: the category drawing once revealed, the drawn curtain before.
 * Inline SVG (a few hundred bytes each), so nothing loads from elsewhere and it is crisp at any width.
 */
export function DateArt({
  category,
  className,
}: {
  /** null while the date is still a mystery. */
  category: string | null;
  className?: string;
}) {
  const kind = category ? CATEGORY_ART[category] : undefined;
  const Picture = kind ? EXPERIENCE_ART[kind] : null;
  return (
    <div
      data-art={kind ?? "mystery"}
      className={cn("art-panel flex items-center justify-center overflow-hidden", className)}
    >
      {Picture ? <Picture /> : <MysteryArt />}
    </div>
  );
}
