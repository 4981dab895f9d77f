import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  arrangeDate,
  expectAccessibleInBothThemes,
  expectAccessibleInFullRun,
  switchScheme,
  uniqueEmail,
} from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * The venues tab's booking fields: a venue added with its booking e-mail, hours, capacity and a closure is
 * bookable; bad hours are refused beside the day; archive and restore; Delete of a venue with dates offers
 * Archive instead. With SHOTS_DIR set, the dialog and the list are photographed at 1280 and 390, light and dark.
 */
const unique = (base: string) =>
  `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const SHOTS = process.env.SHOTS_DIR;

async function openVenuesTab(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/admin?tab=venues");
  await expect(page.getByRole("heading", { name: "Partner Venues" })).toBeVisible({ timeout: 15_000 });
}

/** The venue's table row, found through the search box (the list is paged). */
async function venueRow(page: Page, name: string): Promise<Locator> {
  await page.getByRole("searchbox", { name: "Search venues" }).fill(name);
  return page.getByRole("table", { name: "Venues" }).getByRole("row").filter({ hasText: name });
}

async function showVenues(page: Page, which: "All venues" | "Active" | "Archived") {
  await page.getByRole("combobox", { name: "Show venues" }).click();
  await page.getByRole("option", { name: which, exact: true }).click();
}

/**
 * Light and dark photographs of the whole page; `tall` stretches the window so a long dialog shows whole
 * instead (0: the window as it is).
 */
async function shoot(page: Page, name: string, tall?: number) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  if (tall && size) await page.setViewportSize({ width: size.width, height: tall });
  for (const scheme of ["light", "dark"] as const) {
    await switchScheme(page, scheme);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: tall === undefined });
  }
  await switchScheme(page, "light");
  if (tall && size) await page.setViewportSize(size);
}

test.describe("venue booking fields", () => {
  test("adds a bookable venue, refuses bad hours beside the day, archives and restores it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openVenuesTab(page);
    const name = unique("The Gilded Door");
    await page.getByRole("button", { name: "Add Venue" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Venue" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Address").fill("9 Borough High Street");
    await dialog.getByLabel("Postcode").fill("SE1 9PX");
    await dialog.getByRole("checkbox", { name: "Vegan" }).check();
    await dialog.getByRole("checkbox", { name: "Gluten-free" }).check();
    await dialog.getByRole("checkbox", { name: "Step-free access" }).check();
    await dialog.getByLabel("Booking e-mail").fill("Bookings@GildedDoor.example");
    await dialog.getByLabel("Capacity").fill("2");

    // The quick fill writes the days from one line; days it does not name stay closed.
    await dialog.getByLabel("Quick fill").fill("Tue-Sat 17:00-23:00");
    await dialog.getByRole("button", { name: "Fill days" }).click();
    await expect(dialog.getByLabel("Tuesday hours")).toHaveValue("17:00-23:00");
    await expect(dialog.getByLabel("Saturday hours")).toHaveValue("17:00-23:00");
    await expect(dialog.getByLabel("Monday hours")).toHaveValue("");
    await expect(dialog.getByLabel("Sunday hours")).toHaveValue("");

    await dialog.getByRole("button", { name: "Add closure" }).click();
    await dialog.getByLabel("Closure 1 from").fill("2031-03-10");
    await dialog.getByLabel("Closure 1 to").fill("2031-03-12");
    await dialog.getByLabel("Closure 1 reason").fill("Refurbishment");

    // Hours that are not times: the message sits under Tuesday, and nothing is sent.
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/admin/venues")) posts++;
    });
    await dialog.getByLabel("Tuesday hours").fill("25:00-26:00");
    await dialog.getByRole("button", { name: "Add Venue" }).click();
    const tuesday = dialog.getByLabel("Tuesday hours");
    await expect(tuesday).toHaveAttribute("aria-invalid", "true");
    await expect(tuesday).toHaveAccessibleDescription(/^"25:00-26:00" is not a time range/);
    // The one refused field takes focus (with several, the summary lists each day and links to it).
    await expect(tuesday).toBeFocused();
    await expect(dialog).toBeVisible();
    await expectAccessibleInBothThemes(page, "venue dialog with an hours error");
    await shoot(page, "venue-dialog-error-1280", 2700);
    expect(posts).toBe(0);
    expect(
      (await (await page.request.get(`/api/admin/venues?search=${encodeURIComponent(name)}`)).json()).length,
    ).toBe(0);

    // A refusal from the server lands beside its field too (here the first closure), and in the summary at
    // the top of the form, which takes focus.
    await dialog.getByLabel("Tuesday hours").fill("17:00-23:00");
    await page.route("**/api/admin/venues", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              message: "A closure must end on or after the day it starts",
              errors: [{ path: "closures.0", message: "A closure must end on or after the day it starts" }],
            }),
          })
        : route.fallback(),
    );
    await dialog.getByRole("button", { name: "Add Venue" }).click();
    const summary = dialog.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("A closure must end on or after the day it starts");
    await expect(
      dialog
        .getByRole("listitem")
        .filter({ hasText: "A closure must end on or after the day it starts" })
        .filter({ has: page.getByLabel("Closure 1 from") }),
    ).toBeVisible();
    await page.unroute("**/api/admin/venues");
    // A closure row left blank goes on saving instead of being refused.
    await dialog.getByRole("button", { name: "Add closure" }).click();
    await expect(dialog.getByLabel("Closure 2 from")).toBeVisible();

    await dialog.getByRole("button", { name: "Add Venue" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Venue added")).toBeVisible();

    const row = await venueRow(page, name);
    await expect(row.getByRole("cell").nth(4)).toHaveText("Complete");
    await row.getByRole("button", { name: `View ${name}` }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details).toContainText("Bookable");
    await expect(details).toContainText("bookings@gildeddoor.example");
    await expect(details).toContainText("Tue-Sat 17:00-23:00");
    await expect(details).toContainText("2 couples at once");
    await expect(details).toContainText("10 Mar 2031 – 12 Mar 2031 · Refurbishment");
    await details.getByRole("button", { name: "Close" }).click();
    await shoot(page, "venue-list-1280");

    // Editing shows what was saved, day by day.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Wednesday hours")).toHaveValue("17:00-23:00");
    await expect(edit.getByLabel("Capacity")).toHaveValue("2");
    await expect(edit.getByRole("checkbox", { name: "Vegan" })).toBeChecked();
    await expect(edit.getByLabel("Closure 1 reason")).toHaveValue("Refurbishment");
    await shoot(page, "venue-dialog-edit-1280", 2700);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();

    // Archive: the badge, the reason, the filter; Restore brings it back.
    await row.getByRole("button", { name: `Archive ${name}` }).click();
    await expect(toasts(page).getByText("Venue archived")).toBeVisible();
    await expect(row.getByRole("cell").first().getByText("Archived", { exact: true })).toBeVisible();
    await expect(row.getByRole("cell").nth(4)).toContainText("Not bookable");
    await expect(row.getByRole("cell").nth(4)).toContainText("Archived");
    await expectAccessibleInBothThemes(page, "venue list with an archived venue");
    await showVenues(page, "Active");
    await expect(row).toHaveCount(0);
    await showVenues(page, "Archived");
    await expect(row).toHaveCount(1);
    await shoot(page, "venue-list-archived-1280");
    await row.getByRole("button", { name: `Restore ${name}` }).click();
    await expect(toasts(page).getByText("Venue restored")).toBeVisible();
    await expect(row).toHaveCount(0);
    await showVenues(page, "All venues");
    await expect(row.getByRole("cell").nth(4)).toHaveText("Complete");
    await expect(row.getByRole("cell").first().getByText("Archived", { exact: true })).toHaveCount(0);
    const venue = (
      (await (await page.request.get(`/api/admin/venues?search=${encodeURIComponent(name)}`)).json()) as {
        status: string;
        bookable: boolean;
        capacity: number;
        openingHours: Record<string, string[]>;
        closures: unknown[];
      }[]
    )[0];
    expect(venue).toMatchObject({
      status: "active",
      bookable: true,
      capacity: 2,
      openingHours: { mon: [], tue: ["17:00-23:00"], sat: ["17:00-23:00"], sun: [] },
      closures: [{ from: "2031-03-10", to: "2031-03-12", reason: "Refurbishment" }],
    });
  });

  test("a venue with dates cannot be deleted: the confirmation offers Archive instead", async ({
    page,
    playwright,
  }) => {
    const email = uniqueEmail("archive");
    const member = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    expect(
      (
        await member.post("/api/register", {
          data: { email, password: "a-long-passphrase", firstName: "Alex", lastName: "Taylor" },
        })
      ).status(),
    ).toBe(201);
    await member.dispose();
    const name = unique("Booked Cellar");
    await arrangeDate(email, { hoursFromNow: 96, venueName: name });

    await openVenuesTab(page);
    const row = await venueRow(page, name);
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    const instead = page.getByRole("alertdialog", { name: `Archive ${name} instead?` });
    await expect(instead).toContainText("It has dates, so it cannot be deleted");
    await expectAccessibleInFullRun(page);
    await instead.getByRole("button", { name: "Archive instead" }).click();
    await expect(instead).toBeHidden();
    await expect(toasts(page).getByText("Venue archived")).toBeVisible();
    await expect(row.getByRole("cell").first().getByText("Archived", { exact: true })).toBeVisible();
  });

  test("phone: the list as cards and the dialog's Bookings section", async ({ page }) => {
    test.skip(!SHOTS, "screenshots only");
    await page.setViewportSize({ width: 390, height: 844 });
    await openVenuesTab(page);
    await shoot(page, "venue-list-390");
    await page.getByRole("button", { name: "Add Venue" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Venue" });
    await dialog.getByRole("button", { name: "Add closure" }).click();
    await dialog.getByLabel("Closure 1 reason").fill("Private hire");
    await dialog.getByLabel("Tuesday hours").fill("25:00-26:00");
    await dialog.getByRole("button", { name: "Add Venue" }).click();
    await expect(dialog.getByLabel("Tuesday hours")).toHaveAttribute("aria-invalid", "true");
    // The phone's window, scrolled to the Bookings section and then to the dialog's foot.
    await dialog.getByRole("heading", { name: "Bookings" }).evaluate((h) => h.scrollIntoView());
    await shoot(page, "venue-dialog-390-bookings", 0);
    await dialog.getByLabel("Tuesday hours").evaluate((h) => h.scrollIntoView());
    await shoot(page, "venue-dialog-390-hours", 0);
    await dialog.getByRole("button", { name: "Add closure" }).evaluate((h) => h.scrollIntoView());
    await shoot(page, "venue-dialog-390-closures", 0);
  });
});
