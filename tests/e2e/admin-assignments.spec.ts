import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, clickToFocus, e2eDb, setPlan, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The Assignments tab: Assign Date dialog, inline status, details dialog, empty state, export. */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

async function search(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`/api/admin/assignments?search=${encodeURIComponent(text)}`) && r.ok(),
  );
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(text);
  await answered;
}

/** A day a week or so ahead, as London's calendar has it (YYYY-MM-DD). */
function londonDay(daysAhead: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

test.describe("assignments tab", () => {
  test("assigns a date through the dialog, changes its status inline, shows its details", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const t = tag();
    const db = await e2eDb();
    const email = uniqueEmail("assign");
    await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Imogen', $2)`, [
      email,
      `Assign${t}`,
    ]);
    await setPlan(email, { tier: "gold", status: "active" });
    const venue = await db.query(
      `INSERT INTO venues (name, address, city, type) VALUES ($1, '1 Gallery Row', 'London', 'cultural') RETURNING id`,
      [`Gallery ${t}`],
    );
    await db.query(
      `INSERT INTO date_ideas (title, description, category, duration, time_of_day, venue_id) VALUES ($1, 'Prints after hours with a curator.', 'cultural', 3, 'evening', $2)`,
      [`Late view ${t}`, venue.rows[0].id],
    );

    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    await expect(page.getByRole("heading", { name: "Date Assignments" })).toBeVisible();
    const dialog = page.getByRole("dialog", { name: "Assign Date" });
    // On a loaded machine the tab's first render can still shift the layout under the first click: try again.
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Assign Date" }).click();
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    const assign = dialog.getByRole("button", { name: "Assign", exact: true });
    await expect(assign).toBeDisabled();

    // The member is searched on the server.
    const member = dialog.getByRole("combobox", { name: "Member" });
    await clickToFocus(member);
    // Escape closes the "Searching..." line, not the dialog: the search is held until after the key.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/api\/admin\/users\?/, async (route) => {
      await held;
      // A search the picker has dropped meanwhile is already aborted.
      await route.continue().catch(() => {});
    });
    await member.fill(`assign${t}`);
    await expect(dialog.getByRole("status").filter({ hasText: "Searching..." })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog.getByText("Searching...")).toBeHidden();
    await expect(dialog).toBeVisible();
    release();
    await page.unroute(/\/api\/admin\/users\?/);
    // Escape closes the suggestions, not the dialog; the arrow key opens them again.
    await member.press("ArrowDown");
    await expect(dialog.getByRole("option", { name: new RegExp(`Imogen Assign${t}`) })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog.getByRole("listbox")).toBeHidden();
    await expect(dialog).toBeVisible();
    await member.press("ArrowDown");
    await dialog.getByRole("option", { name: new RegExp(`Imogen Assign${t}`) }).click();
    await expect(dialog.getByText(email)).toBeVisible();
    await expect(assign).toBeDisabled();

    const day = londonDay(9);
    await dialog.getByLabel("Scheduled date (London time)").fill(`${day}T19:30`);
    await expect(assign).toBeDisabled();
    // The venue is searched on the server too.
    await dialog.getByRole("combobox", { name: "Venue" }).fill(`Gallery ${t}`);
    await dialog.getByRole("option", { name: `Gallery ${t} - London (cultural)` }).click();
    // Imogen has a plan but no preferences: the live check lists the rules the date breaks, and
    // it is booked with an override reason (tests/e2e/admin-assign-rules.spec.ts covers the check itself).
    await expect(dialog.getByTestId("rule-check")).toContainText("No postcode in their preferences");
    await dialog.getByLabel("Override reason").fill("Booked by phone with the couple");
    const anyway = dialog.getByRole("button", { name: "Assign anyway" });
    await expect(anyway).toBeEnabled();
    // A double click books one date.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/admin/assignments")) posts.push(r.url());
    });
    await anyway.dblclick();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Date Assigned", { exact: true })).toBeVisible();
    expect(posts).toHaveLength(1);
    // The toast (with Undo) stays for the undo window; closed so it does not cover the table.
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .first()
      .click();

    await search(page, `assign${t}`);
    const rows = page.getByRole("table", { name: "Date assignments" }).getByRole("row");
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    const [y, m, d] = day.split("-");
    await expect(row.getByRole("cell")).toHaveText([
      "", // the row's checkbox (bulk actions)
      new RegExp(`^Imogen Assign${t}`),
      email,
      `Gallery ${t}London`,
      `${d}/${m}/${y}, 19:30`,
      "Scheduled",
      /^\d{2}\/\d{2}\/\d{4}$/,
      "View",
    ]);

    await row.getByRole("combobox", { name: /Status of/ }).click();
    // A date a week away can be cancelled (asked first: the couple is e-mailed), not yet confirmed.
    await expect(page.getByRole("option", { name: /Confirmed/ })).toHaveAttribute("aria-disabled", "true");
    await page.getByRole("option", { name: "Cancelled" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel date" }).click();
    await expect(page.getByText("Date cancelled", { exact: true })).toBeVisible();
    await expect(row.getByRole("combobox", { name: /Status of/ })).toHaveText("Cancelled");
    const saved = (await (await page.request.get(`/api/admin/assignments?search=assign${t}`)).json())[0];
    expect(saved).toMatchObject({ status: "cancelled" });
    // The undo toast stays for the window: closed here so it does not cover the row's View button.
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .click();

    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog", { name: "Assignment details" });
    await expect(details).toContainText(`Imogen Assign${t}`);
    await expect(details).toContainText("Cancelled");
    await expect(details).toContainText(`${d}/${m}/${y}, 19:30`);
    await expect(details).toContainText(`Late view ${t}`);
    await expect(details).toContainText("Prints after hours with a curator.");
    await expect(details).toContainText("3 hours");
    await expect(details).toContainText("Evening");
    await expect(details).toContainText(`Gallery ${t}`);
    await expect(details).toContainText("1 Gallery Row");
    await details.getByRole("button", { name: "Copy ID" }).click();
    await expect(
      page.getByText(`Assignment ID ${saved.id} is on the clipboard.`, { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(saved.id));
  });

  test("a member's reschedule request shows in words, the whole label visible in the status dropdown", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const t = tag();
    const email = uniqueEmail("assign-resched");
    await (await e2eDb()).query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Rhea', $2)`, [
      email,
      `Resched${t}`,
    ]);
    const id = await arrangeDate(email, { hoursFromNow: 24 * 6, status: "reschedule_requested" });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    await search(page, `resched${t}`);
    const status = page.getByTestId(`assignment-row-${id}`).getByRole("combobox", { name: /Status of/ });
    await expect(status).toHaveText("Reschedule requested");
    // Not cut to "Reschedule…": the label fits its trigger.
    expect(
      await status
        .locator("span")
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test("an allowance used up: the live check says so and plain Assign is not offered (None left)", async ({
    page,
  }) => {
    const t = tag();
    const db = await e2eDb();
    const email = uniqueEmail("assign-full");
    const user = await db.query(
      `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Tilly', $2) RETURNING id`,
      [email, `Full${t}`],
    );
    await setPlan(email, { tier: "silver", status: "active" });
    const venue = await db.query(
      `INSERT INTO venues (name, city, type) VALUES ($1, 'London', 'wellness') RETURNING id`,
      [`Spa ${t}`],
    );
    await signInAsAdmin(page);
    const first = await page.request.post("/api/admin/assignments", {
      data: {
        userId: user.rows[0].id,
        venueId: venue.rows[0].id,
        scheduledDate: `${londonDay(3)}T18:00`,
        overrideReason: "Arranged by the test",
      },
    });
    expect(first.status()).toBe(201);
    // A second date the same London month is over a Silver couple's one date (unless the month turns).
    const sameMonth = londonDay(3).slice(0, 8) === londonDay(4).slice(0, 8) ? 4 : 2;
    const month = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(
      new Date(`${londonDay(sameMonth)}T12:00:00Z`),
    );

    await page.goto("/admin?tab=assignments");
    await page.getByRole("button", { name: "Assign Date" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign Date" });
    await dialog.getByRole("combobox", { name: "Member" }).fill(`full${t}`);
    await dialog.getByRole("option", { name: new RegExp(`Tilly Full${t}`) }).click();
    await dialog.getByLabel("Scheduled date (London time)").fill(`${londonDay(sameMonth)}T20:00`);
    await dialog.getByRole("combobox", { name: "Venue" }).fill(`Spa ${t}`);
    await dialog.getByRole("option", { name: `Spa ${t} - London (wellness)` }).click();
    await expect(dialog.getByText("None left")).toBeVisible();
    await expect(dialog.getByTestId("rule-check")).toContainText(`Allowance for ${month} used up (1 of 1)`);
    await expect(dialog.getByRole("button", { name: "Assign", exact: true })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Assign anyway" })).toBeVisible();
  });

  test("no assignments yet: the empty state's Start Scheduling opens the dialog", async ({ page }) => {
    await signInAsAdmin(page);
    // The shared e2e database has other tests' dates: answer this list as empty.
    await page.route(/\/api\/admin\/assignments\?/, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "x-total-count": "0" },
        body: "[]",
      }),
    );
    await page.goto("/admin?tab=assignments");
    await expect(page.getByText("No Date Assignments Yet")).toBeVisible();
    await page.getByRole("button", { name: "Start Scheduling" }).click();
    await expect(page.getByRole("dialog", { name: "Assign Date" })).toBeVisible();
  });

  test("export downloads a dated .xlsx", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to Excel" }).click();
    expect((await download).suggestedFilename()).toMatch(/^date-assignments-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  test.describe("phone width (390)", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("dates are cards: status changes from the card (one request), View opens the details, nothing overflows", async ({
      page,
    }) => {
      const t = tag();
      const email = uniqueEmail("assign-phone");
      await (await e2eDb()).query(
        `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Penelope', $2)`,
        [email, `PhoneDates${t}`],
      );
      const id = await arrangeDate(email, {
        // Inside the 48-hour window, where the status machine allows Confirmed.
        hoursFromNow: 30,
        venueName: `A Long-Named Rooftop Cinema and Cocktail Terrace ${t}`,
      });
      const patches: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "PATCH" && r.url().includes(`/api/admin/assignments/${id}/status`))
          patches.push(r.url());
      });
      await signInAsAdmin(page);
      await page.goto("/admin?tab=assignments");
      await search(page, `phonedates${t}`);
      await expect(page.getByRole("table", { name: "Date assignments" })).toBeHidden();
      const card = page.getByTestId(`assignment-card-${id}`);
      await expect(card).toContainText(`Penelope PhoneDates${t}`);
      await expect(card).toContainText(email);
      await expect(card).toContainText(`A Long-Named Rooftop Cinema and Cocktail Terrace ${t}`);
      const status = card.getByRole("combobox", { name: /Status of/ });
      // Wholly within the screen's width once scrolled to.
      for (const control of [status, card.getByRole("button", { name: /View/ })]) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      await status.click();
      await page.getByRole("option", { name: "Confirmed" }).dblclick();
      await expect(page.getByText("Status Updated", { exact: true })).toBeVisible();
      await expect(status).toHaveText("Confirmed");
      expect(patches).toHaveLength(1);

      await card.getByRole("button", { name: /View/ }).click();
      await expect(page.getByRole("dialog", { name: "Assignment details" })).toContainText(
        `Penelope PhoneDates${t}`,
      );
    });
  });
});
