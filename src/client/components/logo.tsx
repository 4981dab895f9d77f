import { BRAND } from "../../shared/brand.ts";
import { cn } from "../lib/cn.ts";
import { type ColorScheme, useColorScheme } from "../lib/theme.ts";

/** Fills of the two variants: plum with a gold keyhole on light pages, gold with a plum keyhole on dark. */
const PALETTES: Record<ColorScheme, { arch: string; valance: string; key: string; text: string }> = {
  light: {
    arch: "var(--plum-800)",
    valance: "var(--plum-600)",
    key: "var(--gold-400)",
    text: "var(--plum-800)",
  },
  dark: {
    arch: "var(--gold-400)",
    valance: "var(--gold-300)",
    key: "var(--plum-900)",
    text: "var(--ivory-50)",
  },
};

type Palette = (typeof PALETTES)[ColorScheme];

/**
 * Without a forced variant the colours come from CSS variables that follow the theme (index.css), so the
 * right variant shows from the first paint of the prerendered page, before any script has run.
 */
const THEMED: Palette = {
  arch: "var(--logo-arch)",
  valance: "var(--logo-valance)",
  key: "var(--logo-key)",
  text: "var(--logo-text)",
};

function MarkShapes({ p }: { p: Palette }) {
  return (
    <>
      <path fill={p.arch} d="M4 31V14C4 7.4 9.4 2 16 2s12 5.4 12 12v17z" />
      <path
        fill={p.valance}
        d="M4.6 10.6A12 12 0 0 1 27.4 10.6c-1.9 2.6-5 2.6-5.7.3-1.2 2.3-4.5 2.3-5.7 0-1.2 2.3-4.5 2.3-5.7 0-.7 2.3-3.8 2.3-5.7-.3z"
      />
      <circle fill={p.key} cx="16" cy="18" r="3.2" />
      <path fill={p.key} d="M14.5 19.5h3l1.1 7h-5.2z" />
    </>
  );
}

/** The mark: a stage arch with its curtain lifted just enough to show a keyhole. */
export function LogoMark({ variant, className }: { variant?: ColorScheme; className?: string }) {
  const scheme = useColorScheme();
  const p = variant ? PALETTES[variant] : THEMED;
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden
      className={cn("h-8 w-8", className)}
      data-variant={variant ?? scheme}
    >
      <MarkShapes p={p} />
    </svg>
  );
}

/** The wordmark with its mark; the variant follows the page's colour scheme unless one is given. */
export function Logo({ variant, className }: { variant?: ColorScheme; className?: string }) {
  const scheme = useColorScheme();
  const chosen = variant ?? scheme;
  const p = variant ? PALETTES[variant] : THEMED;
  return (
    <svg
      viewBox="0 0 118 32"
      role="img"
      aria-label={BRAND.name}
      data-variant={chosen}
      className={cn("h-8 w-auto overflow-visible", className)}
    >
      <MarkShapes p={p} />
      <text
        x="38"
        y="25"
        fill={p.text}
        fontFamily="'Fraunces Variable', Georgia, serif"
        fontSize="24"
        fontWeight="500"
        letterSpacing="-0.2"
      >
        {BRAND.name}
      </text>
    </svg>
  );
}
