import { type CSSProperties, type RefObject, useEffect } from "react";

/**
 * Fades in the elements marked `data-reveal` inside `ref` as they scroll into view.
 *
 * The hidden state is only ever added here, after the page has hydrated, and only to elements that are not
 * on screen at that moment: without JavaScript, in the prerendered HTML, and under prefers-reduced-motion
 * everything is simply visible. The attribute it sets (`data-reveal-state`) is never rendered by React, so
 * a re-render cannot fight it. Nothing is measured directly (no forced layout): a first observer sorts
 * what is on screen from what is not, a second one reveals. A stagger comes from `--reveal-delay`.
 */
export function useRevealOnScroll(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const targets = Array.from(root.querySelectorAll<HTMLElement>("[data-reveal]"));

    const reveal = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute("data-reveal-state", "shown");
          reveal.unobserve(entry.target);
        }
      },
      { rootMargin: "0px 0px -8% 0px" },
    );
    const sort = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        sort.unobserve(entry.target);
        if (entry.isIntersecting) continue;
        entry.target.setAttribute("data-reveal-state", "hidden");
        reveal.observe(entry.target);
      }
    });
    for (const el of targets) sort.observe(el);

    return () => {
      sort.disconnect();
      reveal.disconnect();
      for (const el of targets) el.removeAttribute("data-reveal-state");
    };
  }, [ref]);
}

/** The style that staggers one revealed element after its neighbours. */
export function revealDelay(ms: number): CSSProperties {
  return { "--reveal-delay": `${ms}ms` } as CSSProperties;
}
