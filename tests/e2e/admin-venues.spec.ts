import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { MASS_REMOVAL, SYNC_MSG } from "../../src/shared/admin/venue-sync.ts";
import { clickToFocus } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The venues tab: venue CRUD, date ideas, the spreadsheet downloads and the sync flow. */
const HEADER = [
  "ID",
  "Name",
  "Address",
  "City",
  "Type",
  "Price Level",
  "Experience Description",
  "Features",
  "Accessibility Features",
  "Dietary Accommodations",
  "Phone",
  "Website",
];
/** The booking columns the template and the export carry after the original twelve. */
const BOOKING_HEADER = [
  "Booking Email",
  "Booking Phone",
  "Booking Contact",
  "Opening Hours",
  "Capacity",
  "Closures",
  "Opens On Holidays",
  "Status",
];
type Venue = {
  id: number;
  name: string;
  address: string | null;
  city: string;
  type: string;
  priceLevel: string;
  experienceBlurb: string | null;
  features: string[];
  accessibilityFeatures: string[];
  dietaryAccommodations: string[];
  contactInfo: { phone?: string; website?: string };
};

const unique = (base: string) =>
  `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function openVenuesTab(page: Page) {
  await page.goto("/admin?tab=venues");
  await expect(page.getByRole("heading", { name: "Partner Venues" })).toBeVisible({ timeout: 15_000 });
}

/** The table row of a venue, found through the search box (the list is paged). */
async function venueRow(page: Page, name: string): Promise<Locator> {
  await page.getByRole("searchbox", { name: "Search venues" }).fill(name);
  return page.getByRole("table", { name: "Venues" }).getByRole("row").filter({ hasText: name });
}

/** Uploading and previewing a sheet of every venue in the shared e2e database: a busy machine takes longer than 7 s. */
const PREVIEW_TIMEOUT = { timeout: 20_000 };

/** Every venue now in the database as sheet rows by ID, so a sync of the file removes nothing. */
async function currentRows(page: Page): Promise<string[][]> {
  const venues = (await (await page.request.get("/api/admin/venues")).json()) as Venue[];
  return venues.map((v) => [
    String(v.id),
    v.name,
    v.address ?? "",
    v.city,
    v.type,
    v.priceLevel,
    v.experienceBlurb ?? "",
    v.features.join(", "),
    v.accessibilityFeatures.join(", "),
    v.dietaryAccommodations.join(", "),
    v.contactInfo.phone ?? "",
    v.contactInfo.website ?? "",
  ]);
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Venues");
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csvLine = (r: string[]) =>
  r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",");

/**
 * Picks a file in Sync Changes. The sync is one at a time site-wide, and other tests (here and in other spec
 * files) preview and apply files in parallel: when the preview is refused as busy (its error toast says so, and
 * stays until it is closed), the toast is closed and the file picked again, as an admin would, until the
 * preview opens (retried with growing pauses by toPass, for up to 90 s).
 */
async function pickSyncFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dialog = page.getByRole("dialog", { name: "Sync venues" });
  const busyToasts = toasts(page).locator("li").filter({ hasText: SYNC_MSG.busy });
  await expect(async () => {
    // The refusal of the try before is closed first, so this try's answer is its own.
    for (const toast of await busyToasts.all()) await toast.getByRole("button", { name: "Close" }).click();
    await expect(busyToasts).toHaveCount(0);
    await page.getByTestId("venue-sync-file").setInputFiles(file);
    const outcome = await Promise.race([
      dialog.waitFor({ state: "visible", timeout: 20_000 }).then(() => "open" as const),
      busyToasts
        .first()
        .waitFor({ state: "visible", timeout: 20_000 })
        .then(() => "busy" as const),
    ]);
    if (outcome === "busy") throw new Error("another venue sync is running");
    // The dialog opens while the server checks the file; another test's sync answers 'busy' and closes it.
    await expect(dialog.getByText(/^(Uploading\.\.\.|Checking the file)/)).toBeHidden({ timeout: 60_000 });
    if (!(await dialog.isVisible())) throw new Error("another venue sync started while the file was checked");
  }).toPass({ timeout: 90_000, intervals: [500, 1_000, 2_000] });
}

/**
 * Picks the file in Sync Changes and confirms once the preview removes nothing. Tests share one database and
 * run in parallel: if another test added a venue since the file was made, the preview would remove it, so the
 * file is made again instead.
 */
async function syncWithoutRemovals(
  page: Page,
  make: (current: string[][]) => Promise<{ name: string; mimeType: string; buffer: Buffer }>,
  expectPreview: (dialog: Locator) => Promise<void>,
) {
  const dialog = page.getByRole("dialog", { name: "Sync venues" });
  for (let attempt = 0; attempt < 4; attempt++) {
    await pickSyncFile(page, await make(await currentRows(page)));
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeVisible(PREVIEW_TIMEOUT);
    await expect(dialog.getByTestId("sync-count-new")).toBeVisible();
    if ((await dialog.getByTestId("sync-count-to-be-removed").locator("dd").textContent()) !== "0") {
      await dialog.getByRole("button", { name: "Cancel" }).click();
      // Gone before the next file is picked: the closing dialog's Confirm must not pass for the next preview's.
      await expect(dialog).toBeHidden();
      continue;
    }
    await expectPreview(dialog);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    // Synced; or refused (the venues changed, or another sync held the lock: said in the dialog, which stays);
    // or closed, when the fresh preview after a change was itself refused as busy.
    const synced = toasts(page).getByText("Venues synced");
    const outcome = await Promise.race([
      synced.waitFor().then(() => "done" as const),
      dialog
        .getByRole("status")
        .waitFor()
        .then(() => "refused" as const),
      dialog.waitFor({ state: "hidden" }).then(() => "closed" as const),
    ]);
    if (outcome === "done") return;
    // A successful sync closes the dialog as it shows its toast.
    if (
      outcome === "closed" &&
      (await synced.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      return;
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  }
  throw new Error("the venues kept changing under the sync");
}

test.describe("venues tab", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("adds, views, edits and deletes a venue", async ({ page }) => {
    await openVenuesTab(page);
    const name = unique("The Lantern Room");
    await page.getByRole("button", { name: "Add Venue" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Venue" });
    // The form's defaults, and the shared rules before anything is sent.
    await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveText("Restaurant");
    await expect(dialog.getByRole("combobox", { name: "Price level" })).toHaveText("Medium");
    await dialog.getByLabel("Website").fill("not-a-site");
    await dialog.getByRole("button", { name: "Add Venue" }).click();
    // Two problems: the summary at the top takes focus and links to each field, each said beside it too.
    const summary = dialog.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "Name must be at least 2 characters",
      "Website must be a full address starting with http:// or https://",
    ]);
    await expect(dialog.getByLabel("Website")).toHaveAccessibleDescription(
      "Website must be a full address starting with http:// or https://",
    );
    await summary.getByRole("link", { name: "Name must be at least 2 characters" }).click();
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();

    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Address").fill("4 Lantern Lane");
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Cultural" }).click();
    await dialog.getByLabel("Features", { exact: true }).fill("Candles, River view");
    await dialog.getByRole("checkbox", { name: "Step-free access" }).check();
    await dialog.getByLabel("Phone", { exact: true }).fill("020 7946 0123");
    await dialog.getByLabel("Website").fill("https://lantern.example.com");
    await dialog.getByRole("button", { name: "Add Venue" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Venue added")).toBeVisible();

    const row = await venueRow(page, name);
    await expect(row.getByRole("cell")).toHaveText([
      name,
      "Cultural",
      "London",
      "Medium",
      /Not bookable\s*No booking e-mail\s*No location\s*No opening hours\s*Also: no dietary accommodations/,
      "",
    ]);

    await row.getByRole("button", { name: `View ${name}` }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details).toContainText("4 Lantern Lane");
    await expect(details.getByRole("link", { name: "https://lantern.example.com" })).toHaveAttribute(
      "href",
      "https://lantern.example.com",
    );
    await expect(details).toContainText("020 7946 0123");
    await expect(details).toContainText("No dietary accommodations");
    await details.getByRole("button", { name: "Close" }).click();

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit.getByLabel("Features", { exact: true })).toHaveValue("Candles, River view");
    await expect(edit.getByRole("checkbox", { name: "Step-free access" })).toBeChecked();
    await edit.getByRole("checkbox", { name: "Vegan" }).check();
    await edit.getByRole("checkbox", { name: "Halal" }).check();
    await edit.getByLabel("City", { exact: true }).fill("Bath");
    // Bookable once it has a booking e-mail, a place in the service area and opening hours.
    await edit.getByLabel("Postcode").fill("SE1 9PX");
    await edit.getByLabel("Booking e-mail").fill("tables@lantern.example.com");
    await edit.getByLabel("Thursday hours").fill("18:00-01:00");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole("cell").nth(2)).toHaveText("Bath");
    await expect(row.getByRole("cell").nth(4)).toHaveText("Complete");

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toasts(page).getByText("Venue deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("creates, edits and deletes a date idea with the section 2 defaults", async ({ page }) => {
    await page.goto("/admin?tab=venues");
    await expect(page.getByRole("heading", { name: "Date Ideas" })).toBeVisible();
    const title = unique("Sunset picnic");
    await page.getByRole("button", { name: "Add Date Idea" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Date Idea" });
    await expect(dialog.getByRole("combobox", { name: "Category" })).toHaveText("Culinary");
    await expect(dialog.getByLabel("Duration (hours)")).toHaveValue("2");
    await expect(dialog.getByRole("combobox", { name: "Price level" })).toHaveText("Medium");
    await expect(dialog.getByRole("combobox", { name: "Season" })).toHaveText("Any");
    await expect(dialog.getByRole("combobox", { name: "Time of day" })).toHaveText("Evening");
    await expect(dialog.getByRole("switch", { name: /Active/ })).toBeChecked();
    await dialog.getByLabel("Duration (hours)").fill("30");
    await dialog.getByRole("button", { name: "Add Date Idea" }).click();
    await expect(dialog.getByTestId("error-summary")).toBeFocused();
    await expect(dialog.getByTestId("error-summary").getByRole("link")).toHaveText([
      "Title must be at least 2 characters",
      "Duration must be a whole number of hours from 1 to 24",
    ]);
    await expect(dialog.getByLabel("Duration (hours)")).toHaveAccessibleDescription(
      "Duration must be a whole number of hours from 1 to 24",
    );
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Duration (hours)").fill("3");
    await dialog.getByLabel("Tags").fill("romantic, outdoors");
    await dialog.getByRole("button", { name: "Add Date Idea" }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("table", { name: "Date ideas" }).getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("cell")).toHaveText([
      title,
      "Culinary",
      "3 hours",
      "Medium",
      "Any",
      "Evening",
      "Any",
      "Active",
      "",
    ]);
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Date Idea" });
    await expect(edit.getByLabel("Tags")).toHaveValue("romantic, outdoors");
    await edit.getByRole("switch", { name: /Active/ }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole("cell").nth(7)).toHaveText("Inactive");
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
  });

  test("a file that would remove many venues needs an explicit tick, or can be applied without removals", async ({
    page,
  }) => {
    // A venue with a date idea: the preview says the idea loses its venue.
    const target = (await (
      await page.request.post("/api/admin/venues", {
        data: { name: unique("Idea Venue"), city: "London", type: "cultural" },
      })
    ).json()) as Venue;
    const idea = unique("Gallery late");
    expect(
      (await page.request.post("/api/admin/date-ideas", { data: { title: idea, venueId: target.id } })).ok(),
    ).toBe(true);
    // More venues than the mass-removal threshold of its own, whatever tests running alongside did to the list.
    for (let i = 0; i <= MASS_REMOVAL.count; i++)
      expect(
        (
          await page.request.post("/api/admin/venues", {
            data: { name: unique(`Filler ${i}`), city: "London", type: "activity" },
          })
        ).ok(),
      ).toBe(true);
    await openVenuesTab(page);

    // Delete confirm: the same warning for one venue.
    const row = await venueRow(page, target.name);
    await row.getByRole("button", { name: `Delete ${target.name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("1 date idea will lose its venue");
    await confirm.getByRole("button", { name: "Cancel" }).click();

    // A file with one new venue and nothing else: every other venue would go.
    const fresh = unique("Only Row");
    await pickSyncFile(page, {
      name: "venues-template.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await xlsx([["", fresh, "1 Lone Street", "London", "activity"]]),
    });
    const dialog = page.getByRole("dialog", { name: "Sync venues" });
    const warning = dialog.getByTestId("sync-mass-removal");
    await expect(warning).toContainText(
      /This will remove [\d,]+ of [\d,]+ venues — venues not in your file are removed/,
      PREVIEW_TIMEOUT,
    );
    await expect(dialog).toContainText(`${target.name} (London) · 1 date idea will lose its venue`);
    await expect(dialog.getByTestId("sync-date-ideas-unlinked")).toContainText(/date ideas? will lose/);
    const confirmButton = dialog.getByRole("button", { name: "Confirm" });
    await expect(confirmButton).toBeDisabled();
    const tick = warning.getByRole("checkbox", { name: /^Yes, remove these [\d,]+ venues$/ });
    await tick.check();
    await expect(confirmButton).toBeEnabled();
    await tick.uncheck();
    await expect(confirmButton).toBeDisabled();

    // Without removals: the plan is made again, nothing is listed for removal, and Confirm applies it.
    await dialog.getByRole("checkbox", { name: /Remove venues that are not in the file/ }).uncheck();
    await expect(dialog.getByTestId("sync-count-to-be-removed").locator("dd")).toHaveText("0");
    await expect(warning).toBeHidden();
    await expect(dialog).toContainText(/[\d,]+ venues not in the file will stay as they are/);
    await expect(
      dialog.getByRole("checkbox", { name: /Remove venues that are not in the file/ }),
    ).not.toBeChecked();
    await confirmButton.click();
    await expect(toasts(page).getByText(/1 added, 0 updated, 0 removed\./)).toBeVisible();
    await expect(await venueRow(page, fresh)).toHaveCount(1);
    await expect(await venueRow(page, target.name)).toHaveCount(1);
  });

  test("venue pickers search on the server and show name - city (type)", async ({ page }) => {
    const venue = (await (
      await page.request.post("/api/admin/venues", {
        data: { name: unique("Picker Pavilion"), city: "Richmond", type: "wellness" },
      })
    ).json()) as Venue;
    await page.goto("/admin?tab=venues");
    await expect(page.getByRole("heading", { name: "Date Ideas" })).toBeVisible();
    const title = unique("Spa morning");
    await page.getByRole("button", { name: "Add Date Idea" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Date Idea" });
    await dialog.getByLabel("Title").fill(title);
    const picker = dialog.getByRole("combobox", { name: "Venue" });
    await picker.fill(venue.name.toUpperCase());
    await dialog.getByRole("option", { name: `${venue.name} - Richmond (wellness)` }).click();
    await expect(dialog.getByRole("button", { name: /^Change venue/ })).toBeVisible();
    await dialog.getByRole("button", { name: "Add Date Idea" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("table", { name: "Date ideas" }).getByRole("row").filter({ hasText: title });
    await expect(row).toContainText(venue.name);
    // Editing keeps the venue; Change and choosing nothing leaves no particular venue.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Date Idea" });
    await edit.getByRole("button", { name: /^Change venue/ }).click();
    await edit.getByRole("combobox", { name: "Venue" }).fill("no venue is called this zzzz");
    await expect(edit.getByText("No venues match this search.")).toBeVisible();
    await edit.getByRole("combobox", { name: "Venue" }).fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole("cell").nth(6)).toHaveText("Any");
  });

  test("on a phone the venues are cards with their actions on screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = unique("A Very Long Venue Name For The Narrowest Of Phone Screens");
    await page.request.post("/api/admin/venues", { data: { name, city: "London", type: "restaurant" } });
    await openVenuesTab(page);
    await page.getByRole("searchbox", { name: "Search venues" }).fill(name);
    const card = page.getByRole("list", { name: "Venues" }).getByRole("listitem").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(page.getByRole("table", { name: "Venues" })).toBeHidden();
    for (const action of ["View", "Edit", "Delete"]) {
      const box = await card.getByRole("button", { name: `${action} ${name}` }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("dialog", { name: `Edit ${name}` })).toBeVisible();
  });

  test("downloads the template and the export as dated .xlsx files", async ({ page }) => {
    await openVenuesTab(page);
    for (const [button, base] of [
      ["Download Template", "venues-template"],
      ["Export Current", "venues-export"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: button }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${base}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
        ...HEADER,
        ...BOOKING_HEADER,
      ]);
      expect(wb.worksheets[1].name).toBe("Read me");
    }
  });

  test("syncs an .xlsx: preview with counts and problems, then confirm", async ({ page }) => {
    const created = (await (
      await page.request.post("/api/admin/venues", {
        data: { name: unique("Sync Target"), city: "London", type: "wellness" },
      })
    ).json()) as Venue;
    await openVenuesTab(page);
    const added = [unique("Sheet Venue A"), unique("Sheet Venue B")];

    // Leaving a venue out of the file lists it as to be removed; Cancel changes nothing.
    const withoutTarget = [
      ...(await currentRows(page)).filter((r) => r[0] !== String(created.id)),
      ["", unique("Never Added"), "", "London", "activity"],
    ];
    await pickSyncFile(page, {
      name: "venues.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await xlsx(withoutTarget),
    });
    const dialog = page.getByRole("dialog", { name: "Sync venues" });
    await expect(dialog.getByRole("heading", { name: "To be removed" })).toBeVisible(PREVIEW_TIMEOUT);
    await expect(dialog).toContainText(`${created.name} (London)`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(await venueRow(page, created.name)).toHaveCount(1);

    await syncWithoutRemovals(
      page,
      async (current) => ({
        name: "venues.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await xlsx([
          ...current.map((r) =>
            r[0] === String(created.id) ? [...r.slice(0, 3), "Brighton", ...r.slice(4)] : r,
          ),
          [
            "",
            added[0],
            "1 Sheet Street",
            "London",
            "Restaurant",
            "high",
            "Supper",
            "Garden",
            "Step-free access",
            "Vegan",
            "020 7946 0999",
            "https://a.example.com",
          ],
          ["", added[1], "2 Sheet Street", "London", "adventure"],
          ["", "Nameless City", "", "", "activity"],
        ]),
      }),
      async (d) => {
        await expect(d.getByTestId("sync-count-new").locator("dd")).toHaveText("2");
        await expect(d.getByTestId("sync-count-updated").locator("dd")).toHaveText("1");
        await expect(d).toContainText(`${created.name}: City`);
        await expect(d).toContainText(/Row \d+: Missing required fields \(Name, City, Type\)/);
      },
    );
    await expect(
      toasts(page).getByText(/2 added, 1 updated, 0 removed\. 1 left as they were\./),
    ).toBeVisible();
    const row = await venueRow(page, added[0]);
    await expect(row.getByRole("cell")).toHaveText([
      added[0],
      "Restaurant",
      "London",
      "High",
      // Its lists are full; a sheet without booking columns leaves it unbookable.
      /^Not bookable\s*No booking e-mail\s*No location\s*No opening hours$/,
      "",
    ]);
    await expect((await venueRow(page, created.name)).getByRole("cell").nth(2)).toHaveText("Brighton");
  });

  test("syncs a .csv, and long problem lists collapse", async ({ page }) => {
    await openVenuesTab(page);
    const name = unique("Csv Venue");
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await syncWithoutRemovals(
      page,
      async (current) => ({
        name: "venues.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          [
            csvLine(HEADER),
            ...current.map(csvLine),
            csvLine(["", name, "3 Comma Road", "London", "cultural", "low", 'A "quoted", description']),
            ...Array.from({ length: 6 }, (_, i) => csvLine(["", `Bad ${i}`, "", "London", "casino"])),
          ].join("\n"),
        ),
      }),
      async (d) => {
        await expect(d.getByTestId("sync-count-new").locator("dd")).toHaveText("1");
        await expect(d.getByText("6 issues occurred. Check console for details.")).toBeVisible();
      },
    );
    expect(warnings.some((w) => w.includes("Type must be one of"))).toBe(true);
    await expect((await venueRow(page, name)).getByRole("cell").nth(1)).toHaveText("Cultural");
  });

  test("shows progress while the file uploads, and the spec's toast for a bad file", async ({ page }) => {
    await openVenuesTab(page);
    // The answer is held until the progress bar has been seen, then let through.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route("**/api/admin/venues/sync/preview**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("venue-sync-file").setInputFiles({
      name: "venues.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("this is not a workbook"),
    });
    await expect(page.getByRole("progressbar", { name: "Preview progress" })).toBeVisible();
    letThrough();
    await expect(toasts(page).getByText("Failed to process file")).toBeVisible();
    await expect(toasts(page).getByText("The file's content is not a valid .xlsx file")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Sync venues" })).toBeHidden();
    // The reason stays beside the button once the toast is closed, and the button says it.
    const reason = "Failed to process file: The file's content is not a valid .xlsx file";
    await toasts(page).getByRole("button", { name: /close/i }).first().click();
    await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync Changes" })).toHaveAccessibleDescription(reason);
    // A file refused before sending says so there too; choosing another replaces the reason.
    await page.getByTestId("venue-sync-file").setInputFiles({
      name: "venues.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF"),
    });
    await expect(page.getByRole("button", { name: "Sync Changes" })).toHaveAccessibleDescription(
      "Failed to read file: Please choose an .xlsx, .xls or .csv file",
    );
  });
});

/** Screenshots for a person to look at (VENUE_SHOTS=1): phone and desktop, light and dark, into /tmp/shots-venues. */
test.describe("venues tab screenshots", () => {
  test.skip(!process.env.VENUE_SHOTS, "set VENUE_SHOTS=1 to take the screenshots");
  for (const viewport of [
    { name: "phone", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 900 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${viewport.name} ${colorScheme}`, async ({ page }) => {
        test.setTimeout(120_000);
        const shot = async (name: string, fullPage = false) => {
          await readyForScreenshot(page);
          await page.screenshot({
            path: `/tmp/shots-venues/${name}-${viewport.name}-${colorScheme}.png`,
            fullPage,
          });
        };
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await signInAsAdmin(page);
        await page.request.post("/api/admin/venues", {
          data: {
            name: "The Whispering Gallery Supper Club at St Paul's",
            address: "1 Cathedral Walk",
            city: "London",
            type: "restaurant",
            priceLevel: "high",
            features: "Tasting menu, Private booths, Candlelit",
            accessibilityFeatures: "Step-free access",
            contactInfo: { phone: "020 7946 0555", website: "https://whispering.example.com" },
          },
        });
        await page.request.post("/api/admin/date-ideas", { data: { title: "Candlelit supper with a view" } });
        await openVenuesTab(page);
        await shot("venues-tab", true);
        await page.getByRole("button", { name: "Add Venue" }).click();
        await page
          .getByRole("dialog", { name: "Add Venue" })
          .getByRole("button", { name: "Add Venue" })
          .click();
        await shot("venue-form");
        await page.keyboard.press("Escape");
        await page.getByRole("searchbox", { name: "Search venues" }).fill("The Whispering Gallery");
        await page
          .getByRole("button", { name: /^View The Whispering/ })
          .locator("visible=true")
          .first()
          .click();
        await shot("venue-details");
        await page.keyboard.press("Escape");
        await page.getByRole("searchbox", { name: "Search venues" }).fill("");
        const rows = await currentRows(page);
        await page.getByTestId("venue-sync-file").setInputFiles({
          name: "partner-venues-spring.xlsx",
          mimeType: "application/octet-stream",
          buffer: await xlsx([
            ...rows.slice(1).map((r, i) => (i === 0 ? [...r.slice(0, 3), "Brighton", ...r.slice(4)] : r)),
            ["", "A New Rooftop Cinema", "9 Skyline Road", "London", "cultural"],
            ...Array.from({ length: 3 }, (_, i) => ["", `Incomplete ${i}`, "", "", ""]),
          ]),
        });
        await expect(
          page.getByRole("dialog", { name: "Sync venues" }).getByRole("button", { name: "Confirm" }),
        ).toBeVisible();
        await shot("sync-preview");
        await page
          .getByRole("dialog", { name: "Sync venues" })
          .getByRole("button", { name: "Cancel" })
          .click();
        // The untouched template: a mass removal.
        const template = await page.request.get("/api/admin/venues/template");
        await page.getByTestId("venue-sync-file").setInputFiles({
          name: "venues-template.xlsx",
          mimeType: "application/octet-stream",
          buffer: Buffer.from(await template.body()),
        });
        const sync = page.getByRole("dialog", { name: "Sync venues" });
        await expect(sync.getByTestId("sync-mass-removal")).toBeVisible();
        await sync.getByTestId("sync-mass-removal").scrollIntoViewIfNeeded();
        await shot("sync-warning");
        await sync.getByRole("button", { name: "Cancel" }).click();
        await page.getByRole("heading", { name: "Date Ideas" }).scrollIntoViewIfNeeded();
        await page.getByRole("button", { name: "Add Date Idea" }).click();
        await shot("date-idea-form");
        const ideaDialog = page.getByRole("dialog", { name: "Add Date Idea" });
        await ideaDialog.getByRole("combobox", { name: "Venue" }).fill("whisper");
        await expect(ideaDialog.getByRole("option").first()).toBeVisible();
        await shot("venue-picker");
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
        await page.goto("/admin?tab=assignments");
        await page.getByRole("button", { name: "Assign Date" }).click();
        const assign = page.getByRole("dialog", { name: "Assign Date" });
        await clickToFocus(assign.getByRole("combobox", { name: "Venue" }));
        await expect(assign.getByRole("option").first()).toBeVisible();
        await shot("assign-venue-picker");
        // Escape closes the list, not the dialog.
        await page.keyboard.press("Escape");
        await expect(assign.getByRole("listbox")).toBeHidden();
        await assign.getByRole("combobox", { name: "Member" }).click();
        await expect(assign.getByRole("option").first()).toBeVisible();
        await shot("assign-member-picker");
      });
    }
  }
});
