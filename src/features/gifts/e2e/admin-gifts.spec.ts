import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Page, type Response, test } from "@playwright/test";
import { expectAccessibleInFullRun, FULL_ONLY, readMail } from "../../../../tests/e2e/helpers.ts";
import { newMember, signInAsAdmin } from "../../../../tests/e2e/sign-in.ts";
import { arrangeGift, daysAhead } from "./gift-helpers.ts";

/**
 * The back office's Gifts tab and the gift figures on Analytics. Other tests buy gifts at the same time, so
 * each test names its buyers with its own tag and searches for it.
 */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const tag = () => `Gt${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;
const money = (pence: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);
const ukDay = (day: string) => day.split("-").reverse().join("/");
const grouped = (code: string) => code.match(/.{1,4}/g)!.join("-");

async function openGiftsTab(page: Page, search: string) {
  await page.goto("/admin?tab=gifts");
  await expect(page.getByRole("heading", { name: "Gifts", exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Search gifts" }).fill(search);
}

test("finds a gift, moves its date, sends it, refunds it, and exports the list", async ({
  page,
  browser,
}) => {
  // Six screenshots on a busy machine on top of the journey.
  if (SHOTS) test.slow();
  const t = tag();
  const scheduled = await arrangeGift(page, { buyerName: `Priya ${t}`, deliverOn: daysAhead(10) });
  const redeemed = await arrangeGift(page, { buyerName: `Jo ${t}`, tier: "silver", months: 1 });
  await arrangeGift(page, { buyerName: `Unpaid ${t}`, paid: false });

  // A couple redeems one of them in their own browser.
  const them = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const theirPage = await them.newPage();
  await newMember(theirPage, { firstName: "Robin" });
  const redeem = await theirPage.request.post("/api/gifts/redeem", { data: { code: redeemed.code } });
  expect(redeem.status(), await redeem.text()).toBe(200);
  await them.close();

  await signInAsAdmin(page);
  await openGiftsTab(page, t);

  // Checkouts awaiting payment stay out of "All gifts" and have their own filter.
  const rowOf = (id: number) => page.getByTestId(`gift-row-${id}`);
  await expect(rowOf(scheduled.id)).toBeVisible();
  await expect(page.getByRole("table", { name: "Gifts" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByText(`Unpaid ${t}`)).toBeHidden();
  await expect(rowOf(redeemed.id)).toContainText("Redeemed");
  await expect(rowOf(redeemed.id).getByRole("link", { name: "Robin Taylor" })).toBeVisible();
  await expect(rowOf(scheduled.id)).toContainText(`Gold × 3 months`);
  await expect(rowOf(scheduled.id)).toContainText(ukDay(daysAhead(10)));
  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: "Awaiting payment" }).click();
  await expect(page.getByRole("table", { name: "Gifts" }).getByText(`Unpaid ${t}`)).toBeVisible();
  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: "All gifts" }).click();

  // Found by its code too.
  await page.getByRole("searchbox", { name: "Search gifts" }).fill(grouped(scheduled.code!));
  await expect(page.getByRole("table", { name: "Gifts" }).getByRole("row")).toHaveCount(2);
  await expectAccessibleInFullRun(page, "gifts tab");
  const open = rowOf(scheduled.id).getByRole("button", { name: /Open gift/ });
  await open.click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Gold for 3 months, for Sam and Alex" })).toBeVisible();
  await expect(dialog.getByTestId("gift-code")).toHaveText(grouped(scheduled.code!));
  await expect(dialog.getByTestId("gift-history")).toContainText("Ordered");
  await expect(dialog.getByTestId("gift-history")).toContainText("Paid");
  await expectAccessibleInFullRun(page, "gift dialog");
  if (SHOTS) await shoot(page, "admin-gift-dialog-desktop");

  // Change the delivery date: a bad day is refused beside the field, a good one is saved.
  await dialog.getByRole("button", { name: "Change date" }).click();
  const dateDialog = page.getByRole("dialog", { name: "Change the delivery date" });
  await dateDialog.getByLabel("Delivery date").fill("2020-01-01");
  await dateDialog.getByRole("button", { name: "Save date" }).click();
  await expect(dateDialog.getByText("The delivery date can't be in the past")).toBeVisible();
  await dateDialog.getByLabel("Delivery date").fill(daysAhead(20));
  await dateDialog.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByText("Delivery date changed", { exact: true })).toBeVisible();
  await expect(dateDialog).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Change date" })).toBeFocused();
  await expect(dialog).toContainText("Delivery day");

  // Send it now: the dialog says exactly who gets which e-mail.
  await dialog.getByRole("button", { name: "Send now" }).click();
  const confirmSend = page.getByRole("alertdialog");
  await expect(confirmSend).toContainText(
    `Sam and Alex get the gift e-mail at ${scheduled.recipientEmail}: Priya ${t}'s message, the printable card and the code ${grouped(scheduled.code!)}. Priya ${t} gets nothing.`,
  );
  await confirmSend.getByRole("button", { name: `E-mail ${scheduled.recipientEmail}` }).click();
  await expect(page.getByText("Gift sent", { exact: true })).toBeVisible();
  await expect(dialog.getByTestId("gift-status")).toHaveText("Delivered");
  await expect(dialog.getByRole("button", { name: "Resend" })).toBeFocused();
  const mail = await readMail(scheduled.recipientEmail, "gift_delivery");
  expect(mail.text).toContain(grouped(scheduled.code!));
  // The date can no longer change, and the button says why.
  const move = dialog.getByRole("button", { name: "Change date" });
  await expect(move).toHaveAttribute("aria-disabled", "true");
  await expect(move).toHaveAccessibleDescription(
    /It was delivered on \d\d\/\d\d\/\d{4}, so the date can't change\./,
  );
  await expect(dialog.getByTestId("gift-history")).toContainText("Sent to the couple");

  // Refund: the confirmation names the sum, the buyer and the code.
  await dialog.getByRole("button", { name: "Refund" }).click();
  const confirmRefund = page.getByRole("alertdialog");
  await expect(confirmRefund).toContainText(
    `Refund ${money(scheduled.amountPence)} to Priya ${t} and cancel code ${grouped(scheduled.code!)}: the code stops working at once.`,
  );
  await confirmRefund.getByRole("button", { name: `Refund ${money(scheduled.amountPence)}` }).click();
  await expect(page.getByText("Gift refunded", { exact: true })).toBeVisible();
  await expect(dialog.getByTestId("gift-status")).toHaveText("Refunded");
  await expect(dialog.getByTestId("gift-history")).toContainText(
    `${money(scheduled.amountPence)} refunded to Priya ${t}; the code was cancelled`,
  );
  const refund = dialog.getByRole("button", { name: "Refund" });
  await expect(refund).toHaveAttribute("aria-disabled", "true");
  await expect(refund).toHaveAccessibleDescription(/It was refunded on .*; the code no longer works\./);
  if (SHOTS) await shoot(page, "admin-gift-refunded-desktop");
  // A closed action opens nothing.
  await refund.click({ force: true });
  await expect(page.getByRole("alertdialog")).toBeHidden();

  // Closing the gift puts focus back on the button that opened it; the row has caught up.
  // (Escape would first dismiss the toast, the newest layer: the dialog's own Close button is used.)
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(rowOf(scheduled.id).getByTestId("gift-status")).toHaveText("Refunded");

  // Export CSV: the gifts the search and filter match.
  await page.getByRole("searchbox", { name: "Search gifts" }).fill(t);
  await expect(page.getByRole("table", { name: "Gifts" }).getByRole("row")).toHaveCount(3);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("gifts.csv");
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv.split("\n")[0]).toContain("buyer_email");
  expect(csv).toContain(`Priya ${t}`);
  expect(csv).toContain(`Jo ${t}`);
  expect(csv).not.toContain(`Unpaid ${t}`);
  await expect(page.getByText("Gifts downloaded as gifts.csv", { exact: true })).toBeVisible();
});

test("an empty search says so", FULL_ONLY, async ({ page }) => {
  await signInAsAdmin(page);
  await openGiftsTab(page, `nobody-${tag()}`);
  await expect(page.getByText("No gifts match this search and filter.")).toBeVisible();
});

test("analytics shows gift revenue, redemption and conversion beside MRR", async ({ page }) => {
  const t = tag();
  await arrangeGift(page, { buyerName: `Figures ${t}` });
  await signInAsAdmin(page);
  const answer = page.waitForResponse(
    (r: Response) =>
      new URL(r.url()).pathname === "/api/admin/gifts/analytics" && r.request().method() === "GET",
  );
  await page.goto("/admin?tab=analytics");
  const figures = await (await answer).json();
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" })
    .format(new Date())
    .slice(0, 7);
  const current = figures.revenueByMonth.find((m: { month: string }) => m.month === month);
  expect(current.revenuePence).toBeGreaterThan(0);
  await expect(page.getByTestId("stat-gift-revenue-value")).toHaveText(money(current.revenuePence));
  await expect(page.getByTestId("stat-gift-redemption-value")).toHaveText(
    `${(figures.redemptionRate * 100).toFixed(1)}%`,
  );
  await expect(page.getByTestId("stat-gift-conversion-value")).toHaveText(
    `${(figures.giftToPaidConversion * 100).toFixed(1)}%`,
  );
  await expect(page.getByTestId("stat-gift-redemption")).toContainText(
    `of ${figures.sold.toLocaleString("en-GB")} gift`,
  );
  await expect(page.getByTestId("stat-mrr")).toContainText("Gifts are paid once, so they are not counted");
  await expect(page.getByTestId("gift-revenue-by-month")).toContainText(money(current.revenuePence));
  await expectAccessibleInFullRun(page, "analytics with gifts");
});

/** Light and dark, the whole page. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("screenshots", () => {
  test.skip(!SHOTS, "only with SHOTS_DIR");
  for (const viewport of [
    { name: "desktop", width: 1440, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ])
    test(`the gifts tab, a gift and the analytics at ${viewport.name} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const t = tag();
      const gift = await arrangeGift(page, { buyerName: `Shot ${t}`, deliverOn: daysAhead(5) });
      await arrangeGift(page, { buyerName: `Shot ${t} second`, tier: "platinum", months: 12 });
      await signInAsAdmin(page);
      await openGiftsTab(page, t);
      await expect(page.getByText(`Shot ${t} second`).filter({ visible: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shoot(page, `admin-gifts-${viewport.name}`);
      await page
        .getByRole("button", { name: new RegExp(`Open gift #${gift.id} `) })
        .filter({ visible: true })
        .click();
      await expect(page.getByTestId("gift-history")).toBeVisible();
      await shoot(page, `admin-gift-${viewport.name}`);
      await page.keyboard.press("Escape");
      await page.goto("/admin?tab=analytics");
      await expect(page.getByTestId("stat-gift-revenue-value")).toBeVisible({ timeout: 20_000 });
      await shoot(page, `admin-analytics-gifts-${viewport.name}`);
    });
});
