import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, expectAccessibleInFullRun, setPlan, uniqueEmail } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * Issue 32, items 5 and 7: the operator filters the Assignments tab by day range and the venue's answer,
 * selects two dates, bulk-cancels them after the preview and undoes the batch; marks a started date as a
 * no-show with a note; the member's page of a no-show asks no rating. SHOTS_DIR: each screen at 1280 and 390.
 */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

/** A day some days ahead as London's calendar has it (YYYY-MM-DD). */
function londonDay(daysAhead: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

async function member(t: string, firstName: string): Promise<string> {
  const db = await e2eDb();
  const email = uniqueEmail(`bulk-${firstName.toLowerCase()}`);
  await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, $2, $3)`, [
    email,
    firstName,
    `Bulk${t}`,
  ]);
  await setPlan(email, { tier: "gold", status: "active" });
  return email;
}

async function dateFor(email: string, hoursFromNow: number, venueStatus: string, venueName: string) {
  const id = await arrangeDate(email, { hoursFromNow, venueName });
  const db = await e2eDb();
  await db.query("UPDATE date_reservations SET venue_status = $2 WHERE id = $1", [id, venueStatus]);
  return id;
}

async function statuses(ids: number[]): Promise<string[]> {
  const db = await e2eDb();
  const res = await db.query("SELECT status FROM date_reservations WHERE id = ANY($1) ORDER BY id", [ids]);
  return res.rows.map((r: { status: string }) => r.status);
}

async function pickFilter(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("filters by day range and venue answer, bulk-cancels two dates after the preview, and undoes the batch", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = tag();
  const ann = await member(t, "Ann");
  const ben = await member(t, "Ben");
  const cy = await member(t, "Cy");
  const a = await dateFor(ann, 24 * 10, "requested", `Ann's Table ${t}`);
  const b = await dateFor(ben, 24 * 11, "requested", `Ben's Table ${t}`);
  const confirmed = await dateFor(cy, 24 * 11, "confirmed", `Cy's Table ${t}`);
  const later = await dateFor(cy, 24 * 30, "requested", `Cy's Later Table ${t}`);

  await signInAsAdmin(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/admin?tab=assignments");
  const row = (id: number) => page.getByTestId(`assignment-row-${id}`);
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(`bulk${t}`);
  await expect(row(later)).toBeVisible();

  // The server filters: the day range and the venue's answer.
  const filtered = page.waitForResponse(
    (r) => r.url().includes("venueStatus=requested") && r.url().includes("sort=date") && r.ok(),
  );
  await page.getByLabel("Dates from (day)").fill(londonDay(9));
  await page.getByLabel("Dates to (day)").fill(londonDay(12));
  await pickFilter(page, "Filter by venue answer", "Asked, no answer");
  await filtered;
  await expect(row(a)).toBeVisible();
  await expect(row(b)).toBeVisible();
  await expect(row(confirmed)).toHaveCount(0);
  await expect(row(later)).toHaveCount(0);
  // Soonest first.
  const order = await page
    .locator('[data-testid^="assignment-row-"]:visible')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
  expect(order).toEqual([`assignment-row-${a}`, `assignment-row-${b}`]);

  await row(a).getByRole("checkbox").check();
  await row(b).getByRole("checkbox").check();
  await expect(page.getByTestId("bulk-count")).toHaveText("2 dates selected");
  await shoot(page, "bulk-list-1280");

  await page.getByRole("button", { name: "Cancel dates" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the selected dates" });
  const preview = dialog.getByTestId("bulk-preview");
  await expect(preview).toContainText(
    "2 dates will be cancelled; the couples will be told after the undo window",
  );
  await expect(preview).toContainText(`Ann Bulk${t}`);
  await expect(preview).toContainText(`Ben Bulk${t}`);
  await expectAccessibleInFullRun(page, "bulk preview");
  await shoot(page, "bulk-preview-1280");
  expect(await statuses([a, b])).toEqual(["scheduled", "scheduled"]);

  await dialog.getByRole("button", { name: "Cancel 2 dates" }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByText("2 dates cancelled", { exact: true }).last();
  await expect(toast).toBeVisible();
  expect(await statuses([a, b])).toEqual(["cancelled", "cancelled"]);
  await expect(page.getByTestId("bulk-count")).toHaveCount(0);

  await page.getByRole("button", { name: "Undo", exact: true }).last().click();
  await expect(page.getByText("2 dates put back", { exact: true }).last()).toBeVisible();
  expect(await statuses([a, b])).toEqual(["scheduled", "scheduled"]);

  // The phone width: the filters stack, each date is a card with its checkbox.
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole("checkbox", { name: /Select Ann Bulk/ })
    .first()
    .check();
  await expect(page.getByTestId("bulk-count")).toHaveText("1 date selected");
  await page.getByRole("searchbox", { name: "Search assignments" }).scrollIntoViewIfNeeded();
  await shoot(page, "bulk-filters-390");
  await page.getByRole("button", { name: "Cancel dates" }).click();
  const phoneDialog = page.getByRole("dialog", { name: "Cancel the selected dates" });
  await expect(phoneDialog.getByTestId("bulk-preview")).toContainText("1 date will be cancelled");
  await shoot(page, "bulk-preview-390");
  await phoneDialog.getByRole("button", { name: "Keep as they are" }).click();
  await expect(phoneDialog).toBeHidden();
  await shoot(page, "bulk-list-390");
});

test("an operator marks a started date as a no-show with a note; the history shows it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const t = tag();
  const email = await member(t, "Nell");
  const id = await dateFor(email, -3, "confirmed", `Nell's Table ${t}`);
  const db = await e2eDb();
  await db.query("UPDATE date_reservations SET status = 'confirmed' WHERE id = $1", [id]);

  await signInAsAdmin(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/admin?tab=assignments");
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(`bulk${t}`);
  const row = page.getByTestId(`assignment-row-${id}`);
  await row.getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog", { name: "Assignment details" });
  const evening = details.getByTestId("evening-panel");
  await evening.getByRole("combobox", { name: "Nobody came?" }).click();
  await page.getByRole("option", { name: "The venue says nobody came" }).click();
  await evening.getByLabel("Note (optional)").fill("Table for two sat empty until 21:00");
  // A refusal first: said in the panel's summary, which takes focus (not only in a toast).
  const refusal = "The date's record could not be saved just now. Please try again.";
  await page.route(
    `**/api/admin/assignments/${id}/no-show`,
    (route) => route.fulfill({ status: 409, json: { message: refusal } }),
    { times: 1 },
  );
  await evening.getByRole("button", { name: "Mark no-show" }).click();
  await expect(evening.getByTestId("error-summary")).toBeFocused();
  await expect(evening.getByTestId("error-summary")).toContainText(refusal);
  await evening.getByRole("button", { name: "Mark no-show" }).click();
  await expect(evening.getByTestId("error-summary")).toBeHidden();
  await expect(evening.getByTestId("no-show-record")).toContainText("No-show: the venue says nobody came");
  await expect(evening.getByTestId("no-show-record")).toContainText("Table for two sat empty until 21:00");
  const stored = await db.query(
    "SELECT status, no_show_by, no_show_note FROM date_reservations WHERE id = $1",
    [id],
  );
  expect(stored.rows[0]).toEqual({
    status: "no_show",
    no_show_by: "venue",
    no_show_note: "Table for two sat empty until 21:00",
  });
  await evening.getByLabel("Venue feedback").fill("They called at 20:30; nobody answered.");
  await evening.getByRole("button", { name: "Save feedback" }).click();
  await expect(page.getByText("Venue feedback saved", { exact: true }).last()).toBeVisible();
  const history = details.getByTestId("assignment-history");
  await history.getByText("Who changed this date").click();
  await expect(history.getByTestId("audit-entry").first()).toContainText("Venue feedback recorded");
  await expect(history.getByTestId("audit-entry").nth(1)).toContainText("Marked as a no-show");
  await evening.scrollIntoViewIfNeeded();
  await expectAccessibleInFullRun(page, "no-show panel");
  await shoot(page, "no-show-details-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await evening.getByTestId("no-show-record").scrollIntoViewIfNeeded();
  await shoot(page, "no-show-details-390");
});

test("a member's date page after a no-show shows no rating form; 'we couldn't go' marks one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await newMember(page);
  const db = await e2eDb();
  const gone = await arrangeDate(email, { hoursFromNow: -20, status: "no_show" });
  await db.query(
    "UPDATE date_reservations SET no_show_by = 'venue', no_show_note = 'Nobody came', no_show_at = now() WHERE id = $1",
    [gone],
  );
  await page.goto(`/dates/${gone}`);
  await expect(page.getByTestId("no-show-card")).toContainText("This date didn't happen");
  await expect(page.getByTestId("date-status")).toHaveText("Didn't happen");
  await expect(page.getByRole("radiogroup")).toHaveCount(0);
  await expect(page.getByText("Your rating", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("action-rate")).toHaveCount(0);
  await expectAccessibleInFullRun(page, "no-show date page");
  await shoot(page, "member-no-show-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("no-show-card").scrollIntoViewIfNeeded();
  await shoot(page, "member-no-show-390");

  await page.setViewportSize({ width: 1280, height: 900 });
  const missed = await arrangeDate(email, { hoursFromNow: -5, status: "confirmed" });
  await page.goto(`/dates/${missed}`);
  await expect(page.getByText("Your rating", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Tell us you couldn't go" }).click();
  await page.getByLabel("What happened? (optional)").fill("Our babysitter cancelled");
  await page.getByRole("button", { name: "We couldn't go" }).click();
  await expect(page.getByTestId("no-show-card")).toContainText("We've noted that you couldn't make it");
  await expect(page.getByText("Your rating", { exact: true })).toHaveCount(0);
});
