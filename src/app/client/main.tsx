import "@fontsource-variable/fraunces";
import "@fontsource-variable/fraunces/wght-italic.css";
import "@fontsource-variable/inter";
// After the fontsource faces: the small files for common characters win wherever they cover the text.
import "../../client/fonts/basic-latin.css";
import "../../client/index.css";
import { enableAppStylesheet } from "../../client/lib/app-stylesheet.ts";
import { bootFailed, bootOnIntent } from "../../client/lib/hydration.ts";
import { AUTH_HINT_COOKIE } from "../../shared/constants.ts";

// A visitor on "/" gets index.html, the landing page rendered at build time (scripts/prerender.ts): the
// browser shows it at once and the app takes it over (hydrates it) just after that first paint, so the page
// never waits for the app's code; a visitor who may not be signed in (no hint cookie) gets the app only on
// the first sign of intent (lib/hydration.ts), since the page works without it. Every other address, and "/"
// for a member, gets the app shell (scripts/app-shell.ts), whose #root is empty: the app starts at once.
const container = document.getElementById("root")!;
/** How long a screen's first render waits for its member, code and first reads before it shows skeletons. */
const FIRST_SCREEN_WAIT_MS = 400;
const hydrate = window.location.pathname === "/" && container.firstElementChild !== null;

function boot(): void {
  // The first paint used the landing page's inline styles only; the app's own screens need the full sheet.
  // Landing markup being taken over is shown already: it starts as soon as its code is here. Any other
  // screen starts when what it shows first has arrived (see firstScreen), so its first render is the
  // finished screen.
  void Promise.all([
    import("../../client/start.tsx"),
    import("./App.tsx"),
    enableAppStylesheet(),
    // The landing page's own code, fetched beside the app's rather than after it (loadLanding then finds
    // the module loaded).
    hydrate && import("../../client/pages/landing.tsx"),
  ])
    .then(async ([{ start }, app]) => {
      await (hydrate ? app.loadLanding() : app.firstScreen(FIRST_SCREEN_WAIT_MS));
      return { start, App: app.default };
    })
    .then(({ start, App }) => start(container, hydrate, App))
    .catch((error: unknown) => {
      if (hydrate) bootFailed();
      throw error;
    });
}

/** Runs `then` once the browser has painted content, or after `maxWaitMs` (a tab opened in the background). */
function afterFirstContentfulPaint(then: () => void, maxWaitMs: number): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, maxWaitMs);
  let observer: PerformanceObserver | undefined;
  if (
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    // No paint timing in this browser: the frame after the next one is painted.
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) setTimeout(once, 0);
  });
  observer.observe({ type: "paint", buffered: true });
}

const maySignedIn = document.cookie.split(";").some((c) => c.trim().startsWith(`${AUTH_HINT_COOKIE}=`));
// An address with a query ("/?verified=1" from an e-mail link) carries something the app must show at once.
const waitForIntent = !maySignedIn && window.location.search === "";
if (!hydrate) boot();
else if (waitForIntent) bootOnIntent(boot);
else afterFirstContentfulPaint(boot, 1500);
