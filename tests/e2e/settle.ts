/**
 * Waits on conditions, never on the clock: what the last action set in motion has been drawn, a fade has
 * finished, every request the page made has been answered. A test that shows something did NOT happen
 * waits for the work that would have done it with one of these, then looks.
 */
import { expect, type Page } from "@playwright/test";

/** The longest a finite animation (a fade, a theme's colour transition) is waited for. */
const ANIMATIONS_END_WITHIN_MS = 3000;

/** Two animation frames: what the last handled event changed has been rendered (React commits in one). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Finite animations have finished (spinners run for ever and are left alone). A theme just switched
 * (emulateMedia) reaches the page in its next rendering update, and only then do its transitions start:
 * two frames first. The bound is a deadline for an animation that never ends, not a pause.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await nextFrames(page);
  await page.evaluate(
    (within) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, within)),
      ]),
    ANIMATIONS_END_WITHIN_MS,
  );
}

/** Ready for a screenshot: fonts loaded, the layout and colours settled after a resize or a theme switch. */
export async function readyForScreenshot(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await animationsSettled(page);
}

/**
 * Counts the page's requests from now on. `settled()` waits until every one has been answered (or failed)
 * and the page has drawn what they brought: after it, a toast or a second request that a late answer would
 * cause has had its chance.
 */
export function watchRequests(page: Page): { urls: string[]; settled: () => Promise<void> } {
  const urls: string[] = [];
  let open = 0;
  page.on("request", (request) => {
    urls.push(request.url());
    open++;
  });
  const done = () => open--;
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    urls,
    settled: async () => {
      await expect.poll(() => open, { message: "requests still waiting for an answer" }).toBe(0);
      await nextFrames(page);
    },
  };
}
