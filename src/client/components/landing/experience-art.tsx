import type { ReactNode } from "react";

/**
 * Line drawings for the kinds of date, drawn for the app (no image files, nothing from other hosts). Gold
 * strokes for what is revealed, soft plum for the rest, on the stage colour of their card.
 */
export type ExperienceKind = "culinary" | "adventure" | "live_music" | "bars" | "cultural" | "wellness";

const GOLD = "var(--gold-300)";
const SOFT = "var(--plum-300)";

function Art({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 120"
      aria-hidden
      className="h-full w-full scale-[1.2] sm:scale-100"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth={2}
    >
      <g fill={SOFT} opacity={0.55}>
        <circle cx="18" cy="20" r="1" />
        <circle cx="140" cy="16" r="1.2" />
        <circle cx="148" cy="64" r="0.8" />
        <circle cx="12" cy="78" r="0.9" />
        <circle cx="30" cy="104" r="0.7" />
      </g>
      {children}
    </svg>
  );
}

function Sparkle({ x, y, size = 5 }: { x: number; y: number; size?: number }) {
  return (
    <path
      stroke={GOLD}
      strokeWidth={1.5}
      d={`M${x} ${y - size}v${size * 2}M${x - size} ${y}h${size * 2}`}
      opacity={0.9}
    />
  );
}

/** A cloche lifted just enough to let the light out. */
function Culinary() {
  return (
    <Art>
      <ellipse cx="80" cy="92" rx="58" ry="5" stroke={SOFT} opacity={0.6} />
      <path stroke={SOFT} d="M28 88h104" />
      <path fill={GOLD} opacity={0.16} d="M46 86l74 0-58-22z" />
      <path stroke={GOLD} opacity={0.75} strokeWidth={1.5} d="M52 80l-10-6M60 74l-6-10M70 70l-1-11" />
      <g transform="rotate(16 122 86)">
        <path stroke={GOLD} d="M42 86a40 40 0 0 1 80 0z" />
        <path stroke={GOLD} opacity={0.55} d="M56 74a28 28 0 0 1 16-16" />
        <circle cx="82" cy="42" r="4" stroke={GOLD} />
      </g>
      <Sparkle x={30} y={46} />
      <Sparkle x={136} y={30} size={4} />
    </Art>
  );
}

/** Hills, a flag on the summit, and the path the two of you take to it. */
function Adventure() {
  return (
    <Art>
      <circle cx="42" cy="34" r="9" stroke={GOLD} opacity={0.8} />
      <path stroke={SOFT} d="M16 98l34-38 16 18 24-36 54 56z" />
      <path stroke={GOLD} d="M90 42V22l14 5-14 5" />
      <path
        stroke={GOLD}
        strokeDasharray="1 6"
        strokeWidth={2.5}
        d="M34 98c10-6 18-10 28-8s16-8 20-16 6-14 8-24"
      />
      <Sparkle x={128} y={30} size={4} />
    </Art>
  );
}

/** A vintage microphone and the music leaving it. */
function LiveMusic() {
  return (
    <Art>
      <rect x="68" y="22" width="24" height="38" rx="12" stroke={GOLD} />
      <path stroke={GOLD} opacity={0.55} d="M72 32h16M71 40h18M72 48h16" />
      <path stroke={SOFT} d="M60 50a20 20 0 0 0 40 0M80 70v18M66 98h28M80 88v10" />
      <path stroke={GOLD} opacity={0.85} d="M108 32a16 16 0 0 1 0 24M116 26a26 26 0 0 1 0 36" />
      <path stroke={SOFT} d="M40 54V34l12-4v20" />
      <ellipse cx="36" cy="54" rx="4.5" ry="3.5" fill={SOFT} />
      <ellipse cx="48" cy="50" rx="4.5" ry="3.5" fill={SOFT} />
      <Sparkle x={132} y={84} size={4} />
    </Art>
  );
}

/** Two glasses raised to each other. */
function Bars() {
  return (
    <Art>
      <g transform="rotate(-8 66 70)">
        <path stroke={GOLD} d="M44 40h40c0 14-9 22-20 22s-20-8-20-22z" />
        <path fill={GOLD} opacity={0.2} d="M47 46h34c-2 8-8 12-17 12s-15-4-17-12z" />
        <path stroke={GOLD} d="M64 62v24M54 88h20" />
      </g>
      <g transform="rotate(9 100 70)">
        <path stroke={SOFT} d="M84 36h36l-18 24z" />
        <path stroke={SOFT} d="M102 60v26M92 88h20" />
        <path stroke={GOLD} strokeWidth={1.5} d="M110 26l-12 24" />
        <circle cx="104" cy="40" r="3.5" fill={GOLD} />
      </g>
      <Sparkle x={83} y={22} />
      <path stroke={GOLD} opacity={0.7} strokeWidth={1.5} d="M70 20l4 5M96 20l-4 5" />
    </Art>
  );
}

/** A gallery front with its doors lit. */
function Cultural() {
  return (
    <Art>
      <path stroke={GOLD} d="M38 44l42-22 42 22z" />
      <circle cx="80" cy="35" r="3" stroke={GOLD} opacity={0.8} />
      <path stroke={SOFT} d="M40 50h80M46 54v34M60 54v34M100 54v34M114 54v34" />
      <path stroke={GOLD} d="M72 88V66a8 8 0 0 1 16 0v22" />
      <path fill={GOLD} opacity={0.2} d="M72 88V66a8 8 0 0 1 16 0v22z" />
      <path stroke={SOFT} d="M36 92h88M30 98h100" />
      <Sparkle x={136} y={30} size={4} />
      <Sparkle x={24} y={58} size={3.5} />
    </Art>
  );
}

/** A lotus on still water. */
function Wellness() {
  return (
    <Art>
      <path stroke={GOLD} d="M80 38c9 10 9 26 0 36-9-10-9-26 0-36z" />
      <path
        stroke={GOLD}
        d="M80 74c-3-13-13-22-27-22 1 13 12 22 27 22zM80 74c3-13 13-22 27-22-1 13-12 22-27 22z"
      />
      <path stroke={SOFT} d="M80 76c-12-6-28-5-38 3 11 7 27 5 38-3zM80 76c12-6 28-5 38 3-11 7-27 5-38-3z" />
      <ellipse cx="80" cy="90" rx="42" ry="5" stroke={SOFT} opacity={0.7} />
      <ellipse cx="80" cy="94" rx="60" ry="8" stroke={SOFT} opacity={0.35} />
      <Sparkle x={120} y={32} size={4} />
      <Sparkle x={42} y={36} size={3.5} />
    </Art>
  );
}

export const EXPERIENCE_ART: Record<ExperienceKind, () => ReactNode> = {
  culinary: Culinary,
  adventure: Adventure,
  live_music: LiveMusic,
  bars: Bars,
  cultural: Cultural,
  wellness: Wellness,
};
