import { type ComponentType, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { syncThemeWithSystem } from "./lib/theme.ts";

/**
 * Starts the app in `container`. With `hydrate`, React takes over the prerendered landing page as it is;
 * otherwise whatever the container holds is replaced. Either way in a transition, so the work is done in
 * small slices and the page stays responsive meanwhile: the first render draws the whole screen at once
 * (main.tsx waits for its data), and unsliced it was one long task. (App comes in separately so that React
 * DOM and the app's own code are evaluated in two shorter tasks rather than one long one.)
 */
export function start(container: HTMLElement, hydrate: boolean, App: ComponentType): void {
  syncThemeWithSystem();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (hydrate) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  container.replaceChildren();
  if (window.location.pathname !== "/partner-invite") {
    // The page's canonical link and URL in index.html describe the landing page only.
    document.querySelector('link[rel="canonical"]')?.remove();
    document.querySelector('meta[property="og:url"]')?.remove();
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
