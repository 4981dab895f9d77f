/**
 * The app's full stylesheet on the prerendered page. index.html carries the landing page's own rules inline
 * and the full sheet as a disabled <link> marked with this attribute (scripts/prerender.ts), so the first
 * paint waits for no request; the app turns the sheet on as it boots, before it renders anything of its own.
 */
export const APP_STYLESHEET_ATTR = "data-app-stylesheet";

/**
 * Turns the full stylesheet on and resolves once it applies (at once if it already does, or if the page has
 * none, as in development). A sheet that fails to load still lets the app start.
 */
export function enableAppStylesheet(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>(`link[${APP_STYLESHEET_ATTR}]`);
  if (!link?.disabled) return Promise.resolve();
  return new Promise((resolve) => {
    // Whichever comes first; the timer is there so a sheet that never answers cannot keep the app away.
    const timer = setTimeout(resolve, 4000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
    link.disabled = false;
    // A browser that fetched the sheet despite `disabled` applies it now and sends no second load event.
    if (link.sheet) done();
  });
}
