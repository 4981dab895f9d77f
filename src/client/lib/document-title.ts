import { useEffect } from "react";
import { BRAND } from "../../shared/brand.ts";

export const DEFAULT_TITLE = `${BRAND.name} — surprise dates in ${BRAND.city}`;

/**
 * Sets the tab title to "{title} — Unveil", or the site's own title when none is given. `null` leaves the
 * title to a part of the page drawn inside (the questionnaire names its step), whose effect runs first.
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} — ${BRAND.name}` : DEFAULT_TITLE;
  }, [title]);
}
