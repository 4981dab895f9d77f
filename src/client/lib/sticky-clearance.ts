/** Space left between a focused control and the bar that would cover it, in CSS pixels. */
const GAP = 8;

/** How far to scroll so `rect` is clear of every sticky or fixed bar marked data-sticky-bar="top|bottom". */
function overlap(target: Element, rect: DOMRect): number {
  let down = 0;
  let up = 0;
  for (const bar of document.querySelectorAll<HTMLElement>("[data-sticky-bar]")) {
    if (bar.contains(target)) continue;
    const position = getComputedStyle(bar).position;
    // The bars are static from the sm breakpoint up: then they cover nothing.
    if (position !== "fixed" && position !== "sticky") continue;
    const b = bar.getBoundingClientRect();
    if (b.height === 0 || rect.right <= b.left || rect.left >= b.right) continue;
    if (bar.dataset.stickyBar === "bottom" && rect.bottom > b.top - GAP && rect.top < b.bottom)
      down = Math.max(down, rect.bottom - b.top + GAP);
    if (bar.dataset.stickyBar === "top" && rect.top < b.bottom + GAP && rect.bottom > b.top)
      up = Math.min(up, rect.top - b.bottom - GAP);
  }
  return down || up;
}

/**
 * The browser scrolls a control reached by Tab just into the viewport, where a sticky bar (the header, the
 * questionnaire's Previous/Next bar, the settings tabs on a phone) may still cover it: WCAG 2.4.11. After
 * the browser's own scroll, this scrolls on until the control is clear of the bars. Installed once.
 */
export function keepFocusClearOfStickyBars(): () => void {
  let frame = 0;
  const onFocusIn = (e: FocusEvent) => {
    const target = e.target;
    if (!(target instanceof Element) || target === document.body) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (document.activeElement !== target) return;
      const dy = overlap(target, target.getBoundingClientRect());
      if (dy !== 0) window.scrollBy({ top: dy, behavior: "instant" });
    });
  };
  document.addEventListener("focusin", onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener("focusin", onFocusIn);
  };
}
