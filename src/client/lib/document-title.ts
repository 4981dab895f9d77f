import { useEffect } from "react";
import { BRAND } from "../../shared/brand.ts";

export const DEFAULT_TITLE = `${BRAND.name} — surprise dates in ${BRAND.city}`;

/** Sets the tab title to "{title} — Unveil", or the site's own title when none is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${BRAND.name}` : DEFAULT_TITLE;
  }, [title]);
}
