import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { authoriseSandboxDirectDebit, e2eDb, saveAcceptedPreferences } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { newMember } from "./sign-in.ts";

const SHOTS = process.env.BILLING_HISTORY_SHOTS;
const DAY = 86_400_000;

/** Two earlier monthly payments the sandbox collected and confirmed, as a member of three months has. */
async function arrangeEarlierPayments(email: string): Promise<void> {
  const db = await e2eDb();
  const { rows } = await db.query<{ mandate: string; sub: string }>(
    `select p.payment_mandate_id as mandate, p.payment_subscription_id as sub
       from users u join payment_links p on p.user_id = u.id where u.email = $1`,
    [email],
  );
  const { mandate, sub } = rows[0];
  for (const [i, daysAgo] of [
    [1, 61],
    [2, 30],
  ] as const) {
    await db.query(
      `insert into sandbox_payments (id, subscription_id, mandate_id, amount_pence, charge_date, status, description)
       values ($1, $2, $3, 2000, $4, 'confirmed', 'Monthly membership')`,
      [`SBPME2E${i}${Date.now()}`, sub, mandate, new Date(Date.now() - daysAgo * DAY)],
    );
  }
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, width, height] of [
      ["desktop", 1440, 900],
      ["phone", 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await readyForScreenshot(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${size}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** the history, a receipt download, and the earlier payments kept after new bank details. */
test("a member sees the billing history, downloads a receipt, and keeps it after new bank details", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto("/subscription?tier=gold");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await authoriseSandboxDirectDebit(page);
  await arrangeEarlierPayments(email);

  await page.goto("/billing");
  const history = page.getByTestId("billing-history");
  await expect(history.getByText("Payment of £20.00 confirmed")).toHaveCount(2);
  await expect(history.getByText("Direct Debit set up: account ending 11")).toBeVisible();
  await expect(history.getByText("Payment of £20.00 scheduled")).toBeVisible();
  const receipts = history.getByTestId("receipt-link");
  await expect(receipts).toHaveCount(2);

  const downloading = page.waitForEvent("download");
  await receipts.first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^unveil-receipt-UNV-\d{6}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await shoot(page, "billing-history");

  // New bank details: the earlier payments stay, and the change is a row of its own.
  await page.getByRole("button", { name: "Change bank details" }).click();
  await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
  await page.getByLabel("Account holder name").fill("Alex Taylor");
  await page.getByLabel("Sort code").fill("20-00-00");
  await page.getByLabel("Account number").fill("44771234");
  await page.getByLabel(/I am the account holder/).check();
  await page.getByRole("button", { name: "Set up Direct Debit" }).click();
  await expect(page.getByRole("heading", { name: "Your bank details are updated" })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("link", { name: "View billing" }).click();
  await expect(page).toHaveURL("/billing");
  await expect(page.getByTestId("billing-mandate")).toContainText("ending 34");
  await expect(history.getByText("New bank details: account ending 34")).toBeVisible();
  await expect(history.getByText("Direct Debit closed: account ending 11")).toBeVisible();
  await expect(history.getByText("Payment of £20.00 confirmed")).toHaveCount(2);
  await expect(history.getByTestId("receipt-link")).toHaveCount(2);

  // On a phone the rows stack, with their receipts.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(history.getByTestId("receipt-link").first()).toBeVisible();
  await shoot(page, "billing-history-after-change");
});
