import { expect, type Page, test } from "@playwright/test";

import { newMember } from "./sign-in.ts";

/**
 * Screenshots of the shell's screens for a person to look at (SHOTS_DIR set): phone and desktop, light and
 * dark. Otherwise the walk runs once, at phone width in light, without screenshots: joining, accessibility
 * and landing cover these screens' journeys, and the grid's fit is checked at both widths below.
 */
const SHOTS = process.env.SHOTS_DIR;
const PHONE = { name: "phone", width: 390, height: 844 } as const;
const DESKTOP = { name: "desktop", width: 1440, height: 900 } as const;
const VIEWPORTS = SHOTS ? [PHONE, DESKTOP] : [PHONE];
const SCHEMES = SHOTS ? (["light", "dark"] as const) : (["light"] as const);

// Each test walks a dozen screens (about 30 s at desktop on a busy 2-core machine): one journey, a longer limit.
test.describe.configure({ timeout: 90_000 });

async function shoot(page: Page, name: string, fullPage = name.startsWith("landing")) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  // A full-page shot of a scrolled page would draw the sticky header part-way down.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const viewport of VIEWPORTS) {
  for (const colorScheme of SCHEMES) {
    test(`screens at ${viewport.name} in ${colorScheme}`, async ({ page }) => {
      const suffix = `${viewport.name}-${colorScheme}`;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.keyboard.press("Shift");
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
      await shoot(page, `landing-${suffix}`);

      await page.locator("footer").getByRole("button", { name: "Terms & Conditions" }).click();
      await expect(page.getByRole("dialog").getByText("Last updated")).toBeVisible();
      await shoot(page, `terms-${suffix}`);
      await page.keyboard.press("Escape");

      await page.goto("/auth?tier=gold");
      await expect(page.getByRole("tab", { name: "Create Account" })).toBeVisible();
      await shoot(page, `auth-${suffix}`);

      await newMember(page);
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Start Onboarding" })).toBeVisible();
      await shoot(page, `home-${suffix}`);

      // Joining: the questionnaire (steps 1, 4 and 6) and the plans with an offer code applied.
      await page.goto("/onboarding?tier=gold");
      await page.getByLabel("Your postcode").fill("se19px");
      await expect(page.getByText("We'll save this as SE1 9PX")).toBeVisible();
      await shoot(page, `onboarding-1-${suffix}`, true);
      const next = page.getByRole("button", { name: "Next", exact: true });
      await next.click();
      await page.getByRole("radio", { name: /£40-80 per person/ }).click();
      await next.click();
      await page.getByRole("button", { name: "Restaurants" }).click();
      await page.getByRole("button", { name: "Live music" }).click();
      await next.click();
      await page.getByRole("button", { name: "Every Friday" }).click();
      await page.getByRole("button", { name: "Saturday, 1st week" }).click();
      await page.getByRole("button", { name: "Sunday, 3rd week" }).click();
      await shoot(page, `onboarding-4-${suffix}`, true);
      // The Sunday column stays inside the card's padding, even on a phone (and at desktop width, checked here
      // when the desktop walk is not run).
      const overhang = () =>
        page.getByRole("button", { name: "Sunday, 1st week" }).evaluate((cell) => {
          let card = cell.parentElement;
          while (card && Number.parseFloat(getComputedStyle(card).borderTopWidth) === 0)
            card = card.parentElement;
          if (!card) return Number.POSITIVE_INFINITY;
          const inner =
            card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
          return cell.getBoundingClientRect().right - inner;
        });
      expect(await overhang()).toBeLessThanOrEqual(0.5);
      if (!SHOTS) {
        await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
        await expect.poll(overhang).toBeLessThanOrEqual(0.5);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
      }
      await next.click();
      await page.getByRole("button", { name: "Evenings" }).click();
      await next.click();
      await page.getByRole("checkbox", { name: "Vegetarian" }).click();
      await page.getByRole("button", { name: "Complete Setup" }).click();
      await expect(page.getByText("You must accept the Terms & Conditions to continue")).toBeVisible();
      await shoot(page, `onboarding-6-${suffix}`, true);
      await page.getByRole("checkbox", { name: "I accept the Terms & Conditions" }).click();
      await page.getByRole("button", { name: "Complete Setup" }).click();

      await expect(page).toHaveURL("/subscription?tier=gold");
      await page.getByLabel("Offer code").fill("WELCOME10");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("plan-gold-price")).toContainText("£18");
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByRole("button", { name: "Close" })
        .click();
      await shoot(page, `subscription-${suffix}`, true);

      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await shoot(page, `404-${suffix}`);
    });
  }
}
