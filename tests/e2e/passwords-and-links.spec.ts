import { expect, type Page, test } from "@playwright/test";
import { readMail, registerViaApi, uniqueEmail } from "./helpers.ts";

/** Issue 18, part 4: a dead reset link says so before any typing; a common password is refused under its field. */
const SCREENS = process.env.SCREENS_DIR ?? "test-results/screens";
const TOO_COMMON =
  "This password is too common. Choose one that would be hard to guess, such as three unrelated words.";

/** A reset link that a newer request has replaced. */
async function replacedResetLink(page: Page): Promise<string> {
  const { email } = await registerViaApi(page);
  await page.context().clearCookies();
  const forgot = () => page.request.post("/api/forgot-password", { data: { email } });
  expect((await forgot()).ok()).toBe(true);
  const first = await readMail(email, "password_reset");
  expect((await forgot()).ok()).toBe(true);
  return /https?:\/\/\S+\/auth\?token=[^\s"<>]+/.exec(first.text)![0];
}

/** Fills Create Account with a password on the common list and sends it. */
async function registerWithCommonPassword(page: Page) {
  await page.goto("/auth?tab=register");
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Taylor");
  await page.getByLabel("Email").fill(uniqueEmail("common"));
  await page.getByLabel("Password", { exact: true }).fill("password123");
  await page.getByRole("button", { name: "Create Account" }).click();
}

test("a dead reset link says so at once and offers a fresh one", async ({ page }) => {
  const link = await replacedResetLink(page);
  await page.goto(link);
  const dead = page.getByTestId("reset-link-dead");
  await expect(dead.getByText("This reset link has expired or has already been used.")).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await dead.getByRole("button", { name: "Send me a new link" }).click();
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  await expect(page).toHaveURL("/auth");
});

test("registering with password123 shows the common-password message under the field", async ({ page }) => {
  await registerWithCommonPassword(page);
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAccessibleDescription(TOO_COMMON);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/auth/);
});

test.describe("screenshots", () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`dead reset link and common password at ${width} in ${colorScheme}`, async ({ page }) => {
        // Screenshot-only runs (each asks for two reset e-mails: four in a row would meet the reset rate limit).
        test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.goto(await replacedResetLink(page));
        await expect(page.getByTestId("reset-link-dead")).toBeVisible();
        await page.screenshot({
          path: `${SCREENS}/reset-link-dead-${width}-${colorScheme}.png`,
          fullPage: true,
        });

        await registerWithCommonPassword(page);
        await expect(page.locator("#register-password-error")).toHaveText(TOO_COMMON);
        await expect(page.getByTestId("error-summary")).toBeFocused();
        await page.screenshot({
          path: `${SCREENS}/common-password-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      });
    }
  }
});

test("a reopened verification link says the address is already verified", async ({ page }) => {
  const { email } = await registerViaApi(page);
  const mail = await readMail(email, "email_verification");
  const link = /https?:\/\/\S+?(\/api\/verify-email\?token=[\w.~%-]+)/.exec(mail.text)![1];
  await page.goto(link);
  await expect(page.getByText("Email verified", { exact: true })).toBeVisible();
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText("Your e-mail address is already verified", { exact: true })).toBeVisible();
  await expect(page.getByText("Verification link invalid or expired")).toHaveCount(0);
});

test("a dead partner invitation says so before anything is done", async ({ page }) => {
  await page.goto("/partner-invite?token=no-such-invitation");
  const card = page.getByTestId("partner-invite-card");
  await expect(card.getByRole("heading", { name: "Invitation unavailable" })).toBeVisible();
  await expect(card.getByText("This invitation link is invalid or has expired.")).toBeVisible();
  await expect(card.getByRole("button", { name: /Accept/ })).toHaveCount(0);
});

test("Change Password refuses a common password under the new password field", async ({ page }) => {
  const { password } = await registerViaApi(page);
  await page.goto("/settings?tab=privacy");
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change your password" });
  await dialog.getByLabel("Current password").fill(password);
  await dialog.getByLabel("New password").fill("password");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByLabel("New password")).toHaveAccessibleDescription(TOO_COMMON);
  await expect(dialog).toBeVisible();
});
