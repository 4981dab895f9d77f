import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

/** How long a new page may take to draw its heading (a screen loaded on demand, then its data). */
const WAIT_FOR_HEADING_MS = 10_000;
/** After this, a heading like the last page's is taken as the new page's (the same screen, another date). */
const SAME_HEADING_AFTER_MS = 1500;

/** The main heading of the page now shown, if it has one yet. */
const mainHeading = () => document.getElementById("main")?.querySelector<HTMLElement>("h1") ?? null;

/** True when focus is nowhere useful: on <body>, or on a control the new page no longer has. */
function focusLost(active: Element | null): boolean {
  return !active || active === document.body || !active.isConnected;
}

/**
 * Moving to another page is said aloud and focus starts on the new page: a polite live line reads the new
 * title, and focus moves to the page's main heading when it was left on <body>, on a control that went
 * with the old page, or outside the page (the header's links). A page that put focus in itself (a field, a
 * dialog) keeps it. Changes of query only (?tab=, ?step=) are the page's own to announce.
 */
export function RouteAnnouncer() {
  const [location] = useLocation();
  // Each announcement is a new text node (keyed by its number): a page whose title is the same as the last
  // one (another date) still changes the live line, so it is read again.
  const [message, setMessage] = useState({ text: "", n: 0 });
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page, reads the DOM
  useEffect(() => {
    // The first page is announced by the browser itself.
    if (first.current) {
      first.current = false;
      return;
    }
    const started = performance.now();
    // Still on screen as the address changes: the old page's heading, unless the new page drew at once.
    const before = mainHeading();
    const beforeText = before?.textContent ?? "";
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      const main = document.getElementById("main");
      const found = mainHeading();
      const waited = performance.now() - started;
      const old =
        found !== null &&
        found === before &&
        found.textContent === beforeText &&
        waited < SAME_HEADING_AFTER_MS;
      const heading = old ? null : found;
      if (!heading && waited < WAIT_FOR_HEADING_MS) {
        timer = setTimeout(settle, 50);
        return;
      }
      const active = document.activeElement;
      const inDialog = active?.closest("[role=dialog],[role=alertdialog]");
      const outsidePage = Boolean(main && active && !main.contains(active) && !inDialog);
      if (heading && (focusLost(active) || outsidePage)) {
        if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
        heading.setAttribute("data-route-focus", "");
        heading.focus();
      }
      setMessage((m) => ({ text: document.title, n: m.n + 1 }));
    };
    timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [location]);

  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      <span key={message.n}>{message.text}</span>
    </p>
  );
}
