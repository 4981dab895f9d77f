import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/** Screenshots at phone and desktop width, light and dark, when SHOTS_DIR names a folder (to look at). */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** Whether this run takes screenshots. */
export const shooting = SHOTS !== undefined;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/**
 * `open` draws the state again at each size and scheme; the page is left at desktop width in light. Does
 * nothing (not even `open`) without SHOTS_DIR.
 */
export async function shootAll(page: Page, name: string, open: () => Promise<void>, fullPage = true) {
  if (!SHOTS) return;
  for (const viewport of [DESKTOP, PHONE])
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await open();
      await page.screenshot({
        path: `${SHOTS}/${name}-${viewport === PHONE ? "phone" : "desktop"}-${colorScheme}.png`,
        fullPage,
      });
    }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}
