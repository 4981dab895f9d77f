import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { e2eDb, expectAccessibleInFullRun, registerViaApi } from "./helpers.ts";

/**
 * Issue 19, part 2: the step-up's one-time sign-in link, opened from the e-mail in a browser the account has
 * not seen, signs in once; opened again, it says it is spent and offers the password. Issue 19, part 4: a
 * name with a link is refused under its field.
 */
async function linkFor(email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = await e2eDb();
  await db.query(
    `INSERT INTO sign_in_links (user_id, token_hash, expires_at)
     SELECT id, $2, now() + interval '15 minutes' FROM users WHERE email = $1`,
    [email, createHash("sha256").update(token).digest("hex")],
  );
  return `/auth?signin=${encodeURIComponent(token)}`;
}

test("the e-mailed sign-in link signs in once, then says it is spent", async ({ page }) => {
  const { email } = await registerViaApi(page);
  await page.context().clearCookies();
  const link = await linkFor(email);
  await page.goto(link);
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  await page.context().clearCookies();
  await page.goto(link);
  const dead = page.getByTestId("sign-in-link-dead");
  await expect(dead.getByText(/already been used/)).toBeVisible();
  await expectAccessibleInFullRun(page, "spent sign-in link");
  if (process.env.SHOTS_DIR)
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const)
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/sign-in-link-spent-${width}-${colorScheme}.png`,
        });
      }
  await dead.getByRole("button", { name: "Sign in with your password" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
});

test("a name with a link is refused under its field", async ({ page }) => {
  await page.goto("/auth?tab=register");
  await page.getByLabel("First name").fill("www.claim-prize.com");
  await page.getByLabel("Last name").fill("Taylor");
  await page.getByLabel("Email").fill(`link-name-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("a quiet walk by the river");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription(
    "Names can't contain web addresses, links or < > characters",
  );
  await expect(page).toHaveURL(/\/auth/);
});
