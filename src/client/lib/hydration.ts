/**
 * The landing page's hand-over from the prerendered HTML to the app. A visitor's landing page is complete
 * without JavaScript (links, sections, dark mode, the scroll fades simply visible), so the app only boots when
 * the visitor shows intent: a pointer, touch, key or focus. A click that arrives before the app has taken the
 * page over is held and played again once it has (the same DOM nodes survive hydration), so the first tap on
 * a question or a menu still opens it.
 */

let hydrated = false;
const waiting: Array<() => void> = [];

/** Called by the landing page once React owns it. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const run of waiting.splice(0)) run();
}

/**
 * The app could not start (its code did not arrive: offline, or a deploy removed the files): the page stays
 * the prerendered one, and clicks held for the app go ahead as the page's own, so its links still work.
 */
export function bootFailed(): void {
  markHydrated();
}

function whenHydrated(run: () => void): void {
  if (hydrated) run();
  else waiting.push(run);
}

// Not mouse moves: Chromium sends one of its own when the layout shifts under a resting pointer.
const INTENT_EVENTS = ["pointerdown", "touchstart", "keydown", "focusin"] as const;
const REPLAYABLE = "a[href], button, summary, [role='button'], label, input, select, textarea";

/** Boots on the first sign of intent and replays clicks made before the app is ready. */
export function bootOnIntent(boot: () => void): void {
  let booted = false;
  const start = () => {
    if (booted) return;
    booted = true;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, start, true);
    boot();
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, start, { capture: true, passive: true });

  const holdClick = (event: MouseEvent) => {
    if (hydrated) return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(REPLAYABLE) : null;
    // A new-tab or modified click keeps the browser's own behaviour.
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    event.stopImmediatePropagation();
    start();
    whenHydrated(() => {
      if (target.isConnected) target.click();
    });
  };
  document.addEventListener("click", holdClick, true);
  whenHydrated(() => document.removeEventListener("click", holdClick, true));
}
