import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * A box whose content scrolls inside it (a long preview list): one tab stop, so the arrow keys and Page Up/Down
 * can scroll it (WCAG 2.1.1), and a name a screen reader says on arriving (`label`, or the id of a heading).
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to be scrolled
      tabIndex={0}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={cn(
        "overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </section>
  );
}
