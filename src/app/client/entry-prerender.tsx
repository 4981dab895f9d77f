/**
 * Build-time rendering of "/" for a signed-out visitor (vite build --ssr, then scripts/prerender.ts writes
 * the result into dist/client/index.html). The tree is the app's own, so main.tsx can hydrate it.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { CURRENT_USER_KEY, queryClient } from "../../client/lib/queryClient.ts";
import App, { loadLanding } from "./App.tsx";

export { landingHeadHtml } from "../../client/lib/seo.ts";

export async function render(): Promise<string> {
  // Its code loaded first, the landing page renders in this one pass (renderToString does not wait for it).
  await loadLanding();
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  return renderToString(
    <StrictMode>
      <App ssrPath="/" />
    </StrictMode>,
  );
}
