import { expect, type Locator, type Page, test } from "@playwright/test";
import { THEME_COLORS } from "../../src/shared/theme.ts";
import { contrastProblems } from "./contrast.ts";
import { openLandingApp, saveAcceptedPreferences } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { newMember } from "./sign-in.ts";

/**
 * Short checks of what a keyboard and the eye need (the full run's sweep is contrast-sweep.spec.ts): the
 * theme chosen in the header, the availability grid by keyboard alone, focus rings on the plum stage, page
 * titles and the skip link. Screenshots go to SHOTS_DIR when it is set.
 */

async function shot(page: Page, name: string, target?: Locator) {
  if (!process.env.SHOTS_DIR) return;
  await readyForScreenshot(page);
  const path = `${process.env.SHOTS_DIR}/${name}.png`;
  await (target ? target.screenshot({ path }) : page.screenshot({ path }));
}

/** The colour the browser gives its own bar: the first theme-color <meta> that applies, as browsers take it. */
const barColour = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (m) => !m.media || matchMedia(m.media).matches,
      )?.content,
  );

test("the theme chosen in the header menu holds on reload and on a new page, from the first paint", async ({
  page,
}) => {
  // The inline script runs under the Content-Security-Policy (allowed by its hash): nothing is refused.
  const refused: string[] = [];
  page.context().on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await openLandingApp(page);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);
  const menu = page.getByRole("button", { name: "Theme: Device" });
  await menu.focus();
  await page.keyboard.press("Enter");
  const dark = page.getByRole("menuitemradio", { name: "Dark" });
  await expect(page.getByRole("menuitemradio", { name: "Device" })).toHaveAttribute("aria-checked", "true");
  await shot(page, "theme-menu-1440-light");
  await dark.focus();
  await page.keyboard.press("Enter");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeFocused();
  // The browser's bar follows the choice, not the device (which prefers light here).
  await expect.poll(() => barColour(page)).toBe(THEME_COLORS.dark);

  // A reload: the landing page is dark before its app starts (a visitor's starts only on a key or a tap),
  // so the inline script in <head> did it, under the Content-Security-Policy.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"))).toBe(false);
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(21, 13, 23)");
  expect(await barColour(page)).toBe(THEME_COLORS.dark);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));

  // A new page in the same browser, signed in: the choice is there too, in Settings as well as the header.
  const second = await page.context().newPage();
  await newMember(second);
  await second.goto("/settings");
  await expect(second.locator("html")).toHaveClass(/\bdark\b/);
  const appearance = second.getByRole("group", { name: "Theme" });
  await expect(appearance.getByRole("radio", { name: "Dark" })).toBeChecked();
  await shot(second, "theme-settings-1280-dark", second.getByRole("region", { name: "Appearance" }));
  // Light, chosen in Settings by keyboard, wins over a device set to dark.
  await second.emulateMedia({ colorScheme: "dark" });
  await appearance.getByRole("radio", { name: "Dark" }).focus();
  await second.keyboard.press("ArrowLeft");
  await expect(appearance.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(second.locator("html")).toHaveClass(/\blight\b/);
  await expect(second.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => barColour(second)).toBe(THEME_COLORS.light);
  // Device again: the bar follows the device (dark here) through index.html's own two.
  await appearance.getByRole("radio", { name: "Device" }).focus();
  await second.keyboard.press("Space");
  await expect.poll(() => barColour(second)).toBe(THEME_COLORS.dark);
  await appearance.getByRole("radio", { name: "Light" }).focus();
  await second.keyboard.press("Space");
  await expect(second.locator("html")).toHaveClass(/\blight\b/);
  // The first tab follows (a storage event).
  await expect(html).toHaveClass(/\blight\b/);
  await second.close();
  expect(refused).toEqual([]);
});

test("the availability grid by keyboard alone: one tab stop, every cell reached, chosen and unchosen", async ({
  page,
}) => {
  await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto("/onboarding?step=4");
  await expect(page).toHaveTitle("Step 4 of 6: When are you usually free? — Unveil", { timeout: 15_000 });
  const grid = page.getByRole("grid", { name: "Days you're free, by week of the month" });
  // How to use it is on the screen, and tied to the grid.
  await expect(page.locator("#scheduling-keys")).toContainText("arrow keys");
  await expect(grid).toHaveAttribute("aria-describedby", /scheduling-keys/);
  await expect(grid.getByRole("row")).toHaveCount(5);
  await expect(grid.getByRole("rowheader", { name: "3rd week" })).toBeVisible();

  // One tab stop (the next Tab leaves the grid, below).
  const stops = grid.locator("button[tabindex='0']");
  await expect(stops).toHaveCount(1);
  const first = page.getByRole("button", { name: "Monday, 1st week" });
  await first.focus();
  // Every cell is reached by the arrows: along each row with ArrowRight, down with ArrowDown and Home.
  const reached = new Set<string>();
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  for (let row = 0; row < 4; row++) {
    await page.keyboard.press("Home");
    for (let col = 0; col < 7; col++) {
      reached.add(await focusedName());
      if (col < 6) await page.keyboard.press("ArrowRight");
    }
    if (row < 3) await page.keyboard.press("ArrowDown");
  }
  expect(reached.size).toBe(28);
  // Ctrl+Home: the first cell (Monday's every-week toggle); Ctrl+End: the last (Sunday, 4th week).
  await page.keyboard.press("Control+Home");
  await expect(page.getByRole("button", { name: /every Monday$/ })).toBeFocused();
  await page.keyboard.press("Control+End");
  const last = page.getByRole("button", { name: "Sunday, 4th week" });
  await expect(last).toBeFocused();

  // Space chooses, Enter unchooses; the count says so.
  await expect(last).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Space");
  await expect(last).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("4 chosen")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(last).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("3 chosen")).toBeVisible();
  // A whole day, then back, from its column toggle.
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Monday, 3rd week" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Monday, 3rd week" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  // Tab leaves the grid in one step; Shift+Tab comes back to the cell last used.
  await page.keyboard.press("Tab");
  expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(false);
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: /every Monday$/ })).toBeFocused();
  // The empty cells' edges and the focus ring stand out.
  expect(await contrastProblems(page)).toEqual([]);
  await page.keyboard.press("ArrowDown");
  await shot(page, "grid-focus-1280-light", grid);
});

test("focus rings stand out on the plum stage: the hero, the Gold plan and the closing call", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await openLandingApp(page);
  // Every control on the landing page, each focused in turn after a key press (as :focus-visible needs).
  expect(await contrastProblems(page)).toEqual([]);
  for (const [name, link] of [
    ["hero", page.getByRole("link", { name: "Start Your Mystery Journey" })],
    ["gold-plan", page.getByRole("link", { name: "Let's Go! Choose Gold" })],
    ["closing", page.getByRole("link", { name: "Start Your Adventure" })],
  ] as const) {
    await link.focus();
    await expect(link).toHaveCSS("outline-style", "solid");
    await link.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await shot(page, `focus-${name}-1440-light`);
  }
});

test("titles follow the tab and the step, and the skip link moves focus to the page's heading", async ({
  page,
}) => {
  await page.goto("/auth");
  await expect(page).toHaveTitle("Sign in — Unveil");
  await page.getByRole("tab", { name: "Create Account" }).click();
  await expect(page).toHaveTitle("Create Account — Unveil");
  await page.getByRole("tab", { name: "Sign In" }).click();
  await expect(page).toHaveTitle("Sign in — Unveil");

  await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto("/onboarding?step=6");
  await expect(page).toHaveTitle("Step 6 of 6: A few last details — Unveil", { timeout: 15_000 });
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveTitle("Step 5 of 6: What time of day suits you? — Unveil");

  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeFocused();
  // The next Tab goes on from there, into the page, not back to the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(
    true,
  );
});

test("/gift at desktop width: the fields side by side line up (a hint under one no longer pushes the other down)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/gift");
  const name = page.getByLabel("Your name");
  await expect(name).toBeVisible({ timeout: 15_000 });
  const [a, b] = [await name.boundingBox(), await page.getByLabel("Your e-mail").boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(1);
  expect(a!.x).toBeLessThan(b!.x);
});
