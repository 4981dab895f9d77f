import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./helpers.ts";

/** Screenshots of the shell's screens for a person to look at: phone and desktop, light and dark. */
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const SCHEMES = ["light", "dark"] as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: name.startsWith("landing") });
}

for (const viewport of VIEWPORTS) {
  for (const colorScheme of SCHEMES) {
    test(`screens at ${viewport.name} in ${colorScheme}`, async ({ page }) => {
      const suffix = `${viewport.name}-${colorScheme}`;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shoot(page, `landing-${suffix}`);

      await page.goto("/auth?tier=gold");
      await expect(page.getByRole("tab", { name: "Create Account" })).toBeVisible();
      await shoot(page, `auth-${suffix}`);

      await registerViaApi(page);
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Start Onboarding" })).toBeVisible();
      await shoot(page, `home-${suffix}`);

      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await shoot(page, `404-${suffix}`);
    });
  }
}
