import { expect, test } from "@playwright/test";
import {
  arrangeDate,
  expectAccessible,
  expectAccessibleInBothThemes,
  FULL_RUN,
  openLandingApp,
  withoutTransitions,
} from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the screens every member and operator passes through, at phone width,
 * in every run: no serious or critical violation. `npm test` checks them in light; `npm run test:full` in
 * both themes, beside its sweeps of every screen and state (accessibility.spec.ts, a11y-states.spec.ts) and
 * the passes inside journeys.
 */
test("phone width: landing, menu, dashboard, a date, settings and the back office", async ({ page }) => {
  const check = (label: string) =>
    FULL_RUN ? expectAccessibleInBothThemes(page, label) : expectAccessible(page, label, { soft: true });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await withoutTransitions(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openLandingApp(page);
  await check("landing (phone)");
  await page.getByRole("button", { name: /menu/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("mobile menu (phone)");
  await page.keyboard.press("Escape");

  const { email } = await newMember(page);
  const id = await arrangeDate(email, { hoursFromNow: 100 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check("dashboard (phone)");
  await page.goto(`/dates/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check("a date before its reveal (phone)");
  await page.goto("/settings");
  await expect(page.getByRole("tab", { selected: true })).toBeVisible();
  await check("settings (phone)");

  await signInAsAdmin(page);
  await page.goto("/admin?tab=users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible({ timeout: 15_000 });
  await check("admin users (phone)");
});
