import { expect, type Page, test } from "@playwright/test";
import {
  authoriseSandboxDirectDebit,
  expectAccessibleInFullRun,
  saveAcceptedPreferences,
} from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/** Screenshots for looking at (SHOTS_DIR set): phone and desktop, light and dark. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [width, height, size] of [
    [390, 844, "phone"],
    [1280, 900, "desktop"],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${size}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("pages a member meets once", () => {
  test("the sandbox Direct Debit page: the product's look on a phone, in light and dark, errors and all", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/subscription?tier=silver");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await expect(page).toHaveTitle("Set up a Direct Debit · Unveil");
    await expect(page.getByRole("link", { name: "Unveil" })).toHaveAttribute("href", "/");

    // The product's typefaces, loaded from the client build, and its plum (not a default blue) button.
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveCSS("font-family", /Fraunces/);
    expect(await page.evaluate(() => document.fonts.check('1rem "Fraunces Variable"'))).toBe(true);
    const submit = page.getByRole("button", { name: "Set up Direct Debit" });
    await expect(submit).toHaveCSS("background-color", "rgb(59, 29, 58)");
    // Phone first: the button takes the width and a thumb's height.
    const box = (await submit.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.width).toBeGreaterThan(300);

    await submit.click();
    await expect(page.getByText("Enter a 6-digit sort code, like 20-00-00")).toBeVisible();
    await expect(page.getByLabel("Sort code")).toHaveAttribute("aria-invalid", "true");
    await expectAccessibleInFullRun(page, "sandbox Direct Debit page with errors (light)");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(submit).toHaveCSS("background-color", "rgb(216, 178, 92)");
    await expectAccessibleInFullRun(page, "sandbox Direct Debit page with errors (dark)");
    await shots(page, "sandbox-direct-debit");

    await authoriseSandboxDirectDebit(page);
  });

  test("the 404 page: the specification's heading and ways back, for a visitor and a member", async ({
    page,
  }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    // axe: accessibility.spec checks the 404 screen (visitor) in both themes.
    await shots(page, "not-found-visitor");

    await newMember(page);
    await page.goto("/dashboard");
    await page.goto("/dates-that-never-were");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("button", { name: "Go back to the previous page" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.goBack();
    await page.getByRole("link", { name: "Your dates" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/dates-that-never-were");
    await shots(page, "not-found-member");
  });
});
