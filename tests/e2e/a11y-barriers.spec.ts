import { expect, type FileChooser, type Locator, type Page, test } from "@playwright/test";
import { ONBOARDING_MSG } from "../../src/shared/schemas/onboarding.ts";
import { expectControlsInside, saveAcceptedPreferences, subscribeViaApi, uniqueEmail } from "./helpers.ts";
import { nextFrames } from "./settle.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * The barriers a keyboard and screen-reader run found (one test each, named in the run's words), driven by
 * the keyboard alone: where focus lands (document.activeElement), what is announced (the route announcer's
 * live line, the focused heading, alerts), aria-invalid, aria-pressed and aria-checked, no sideways scrolling,
 * and no focused control under a sticky bar. Screenshots go to SHOTS_DIR when it is set.
 */

const PHONE = { width: 390, height: 844 };
/** 400% zoom of a 1280 x 1024 screen: a 320 x 256 CSS viewport. */
const ZOOM_400 = { width: 320, height: 256 };
const NARROW = { width: 320, height: 640 };

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

/** Presses Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 60); i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${String(target)} never took focus`);
}

/** What has focus, in words (for failure messages and for "not <body>"). */
const activeName = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    return `${a.tagName.toLowerCase()} "${(a.getAttribute("aria-label") ?? a.textContent ?? "").trim().slice(0, 50)}"`;
  });

/** How far `control` reaches under `bar` (0 when it is clear of it), once any scrolling has settled. */
async function coveredBy(control: Locator, bar: Locator): Promise<number> {
  const [c, b] = [await control.boundingBox(), await bar.boundingBox()];
  if (!c || !b) throw new Error("no box");
  const vertical = Math.min(c.y + c.height, b.y + b.height) - Math.max(c.y, b.y);
  const horizontal = Math.min(c.x + c.width, b.x + b.width) - Math.max(c.x, b.x);
  return vertical > 0 && horizontal > 0 ? Math.round(vertical) : 0;
}

/** Focused, and clear of the bar (and of the sticky header) and inside the viewport. */
async function expectFocusedAndClear(page: Page, control: Locator, bar: Locator) {
  await expect(control).toBeFocused();
  await expect.poll(() => coveredBy(control, bar), { message: "covered by the sticky bar" }).toBe(0);
  await expect.poll(() => coveredBy(control, page.locator("header").first())).toBe(0);
  const box = await control.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, "page wider than the screen").toBeLessThanOrEqual(client);
}

const announcer = (page: Page) => page.getByTestId("route-announcer");

/** A member signed in with the questionnaire answered, on step `n` of it (their saved answers filled in). */
async function onStep(page: Page, n: number) {
  await newMember(page);
  await saveAcceptedPreferences(page);
  await page.goto(`/onboarding?step=${n}`);
  await expect(page.getByText(`Step ${n} of 6`, { exact: true })).toBeVisible({ timeout: 15_000 });
}

test.describe("accessibility barriers, by keyboard", () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("Assign Date: the member list opens by itself, and Tab then cycles between it and the dialog frame", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    const open = page.getByRole("button", { name: "Assign Date" });
    await expect(open).toBeVisible({ timeout: 15_000 });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Assign Date" });
    await expect(dialog).toBeVisible();
    const member = dialog.getByRole("combobox", { name: "Member" });
    await expect(member).toBeFocused();
    // Focus alone opens nothing: the focus has been handled and what it changed drawn.
    await nextFrames(page);
    await expect(member).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("listbox", { name: "Members" })).toHaveCount(0);
    // Tab goes on through the form: the date field, then on, never back to the frame or the list.
    await page.keyboard.press("Tab");
    const when = dialog.getByLabel("Scheduled date (London time)");
    await expect(when, await activeName(page)).toBeFocused();
    // Typing opens the list; Tab from it leaves it for the next field.
    await page.keyboard.press("Shift+Tab");
    await expect(member).toBeFocused();
    await page.keyboard.type("a");
    await expect(page.getByRole("listbox", { name: "Members" })).toBeVisible();
    await shot(page, "assign-date-list-typed");
    await page.keyboard.press("Tab");
    await expect(when, await activeName(page)).toBeFocused();
    await expect(page.getByRole("listbox", { name: "Members" })).toHaveCount(0);
    // Closing returns focus to Assign Date.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("Admin dialogs (Add/Edit/Delete venue, Assign Date, sync preview) drop focus to <body> when they close", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // Listened for from the start: Playwright asks the browser to intercept file choosers when the first
    // listener comes, without waiting for the answer, so a listener added just before Enter can lose that race
    // and the chooser then opens unseen (one run in five on a busy machine timed out waiting for it).
    const chooser = new Promise<FileChooser>((resolve) => page.once("filechooser", resolve));
    const name = `Focus Venue ${Date.now().toString(36)}${process.pid}`;
    const res = await page.request.post("/api/admin/venues", {
      data: { name, city: "London", type: "wellness" },
    });
    expect(res.ok()).toBe(true);
    await page.goto("/admin?tab=venues");
    await expect(page.getByRole("heading", { name: "Partner Venues" })).toBeVisible({ timeout: 15_000 });

    // Add Venue: opened and closed with Escape.
    const add = page.getByRole("button", { name: "Add Venue" });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Add Venue" })).toBeVisible();
    // Escape is the dialog's once it holds focus (on a busy machine a moment after it shows).
    await expect(page.getByRole("dialog", { name: "Add Venue" }).locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Add Venue" })).toBeHidden();
    await expect(add).toBeFocused();

    // Edit: saved with Enter in a field; focus back on the row's Edit.
    const search = page.getByRole("searchbox", { name: "Search venues" });
    await tabTo(page, search);
    await page.keyboard.type(name);
    const table = page.getByRole("table", { name: "Venues" });
    await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(1);
    const edit = table.getByRole("button", { name: `Edit ${name}` });
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    const editDialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(editDialog).toBeVisible();
    await tabTo(page, editDialog.getByLabel("Address"));
    await page.keyboard.type("1 Keyboard Lane");
    await page.keyboard.press("Enter");
    await expect(editDialog).toBeHidden();
    await expect(edit).toBeFocused();
    // The save's toast first: a toast that appears after a dialog opens is the top layer, and Escape
    // dismisses it rather than the dialog (the page's first toast waits for the toaster's code).
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Venue updated"),
    ).toBeVisible();

    // Delete: Cancel returns to Delete; confirming (the row goes) lands on Add Venue.
    const del = table.getByRole("button", { name: `Delete ${name}` });
    await tabTo(page, del);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(del).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole("button", { name: "Delete" }));
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    await expect(add).toBeFocused();

    // Sync preview: the file chosen through the keyboard-opened picker; Cancel returns to Sync Changes.
    const sync = page.getByRole("button", { name: "Sync Changes" });
    await tabTo(page, sync, { back: true });
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({
      name: "venues.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("ID,Name,Address,City,Type\n,Keyboard Sheet Venue,,London,wellness\n"),
    });
    const preview = page.getByRole("dialog", { name: "Sync venues" });
    await expect(preview.getByTestId("sync-count-new")).toBeVisible({ timeout: 15_000 });
    await tabTo(page, preview.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(preview).toBeHidden();
    await expect(sync).toBeFocused();

    // Assign Date (on its tab): Escape returns to the button.
    await page.goto("/admin?tab=assignments");
    const assign = page.getByRole("button", { name: "Assign Date" });
    await expect(assign).toBeVisible({ timeout: 15_000 });
    await tabTo(page, assign);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Assign Date" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Assign Date" })).toBeHidden();
    await expect(assign).toBeFocused();
  });

  test.describe("Sticky bars hide focused controls", () => {
    test('on a phone: step 3 "Culture" and step 6 "Alcohol is fine for us" under the Previous/Next bar', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await onStep(page, 3);
      const bar = page.getByTestId("step-nav");
      const culture = page.getByRole("button", { name: /^Culture/ });
      await tabTo(page, culture);
      await expectFocusedAndClear(page, culture, bar);
      await shot(page, "sticky-step3-culture-phone");

      await page.goto("/onboarding?step=6");
      await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible();
      const alcohol = page.getByRole("switch", { name: "Alcohol is fine for us" });
      await tabTo(page, alcohol);
      await expectFocusedAndClear(page, alcohol, bar);
      await shot(page, "sticky-step6-alcohol-phone");
    });

    test('on a phone: "Save Notification Settings" under the settings bottom bar', async ({ page }) => {
      await page.setViewportSize(PHONE);
      await newMember(page);
      await page.goto("/settings?tab=notifications");
      const save = page.getByRole("button", { name: "Save Notification Settings" });
      await expect(save).toBeVisible({ timeout: 15_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await tabTo(page, save);
      await expectFocusedAndClear(page, save, page.getByTestId("settings-tabs"));
      await shot(page, "sticky-settings-save-phone");
    });

    test('at 400% zoom: "Halal" and "Kosher" under the Previous/Next bar', async ({ page }) => {
      await page.setViewportSize(ZOOM_400);
      await onStep(page, 6);
      const bar = page.getByTestId("step-nav");
      for (const need of ["Halal", "Kosher"]) {
        const box = page.getByRole("checkbox", { name: need, exact: true });
        await tabTo(page, box);
        await expectFocusedAndClear(page, box, bar);
        await shot(page, `sticky-step6-${need.toLowerCase()}-zoom400`);
      }
      // And back up with Shift+Tab: clear of the sticky header too.
      const vegetarian = page.getByRole("checkbox", { name: "Vegetarian", exact: true });
      await tabTo(page, vegetarian, { back: true });
      await expectFocusedAndClear(page, vegetarian, bar);
    });
  });

  test.describe("Route and step changes are not announced, and focus stays on <body>", () => {
    test("a new page: its title is announced and focus starts on its heading", async ({ page }) => {
      await newMember(page);
      await saveAcceptedPreferences(page);
      await page.goto("/dashboard");
      const settings = page.getByRole("banner").getByRole("link", { name: "Settings" });
      await expect(settings).toBeVisible({ timeout: 15_000 });
      await tabTo(page, settings);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/settings");
      // The page loads on demand: on a busy machine its heading can take a few seconds.
      await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeFocused({
        timeout: 15_000,
      });
      await expect(announcer(page)).toHaveText("Account Settings — Unveil");
      await expect(page).toHaveTitle("Account Settings — Unveil");
    });

    test("a questionnaire step: focus on the step's heading", async ({ page }) => {
      await onStep(page, 2);
      await tabTo(page, page.getByRole("button", { name: "Next", exact: true }));
      await page.keyboard.press("Enter");
      await expect(page.getByText("Step 3 of 6", { exact: true })).toBeVisible();
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeFocused();
      expect(await activeName(page)).not.toBe("body");
      await page.keyboard.press("Shift+Tab");
      await tabTo(page, page.getByRole("button", { name: "Previous" }));
      await page.keyboard.press("Enter");
      await expect(page.getByText("Step 2 of 6", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    });

    test("Forgot password: the control goes, focus moves to the new heading", async ({ page }) => {
      await page.goto("/auth");
      const forgot = page.getByRole("button", { name: "Forgot your password?" });
      await expect(forgot).toBeVisible({ timeout: 15_000 });
      await tabTo(page, forgot);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: "Forgotten your password?" })).toBeFocused();
      await expect(page).toHaveTitle("Reset your password — Unveil");
      await tabTo(page, page.getByRole("button", { name: "Back to sign in" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: /^Welcome to/ })).toBeFocused();
    });

    test("Apply: the offer code form goes, focus moves to Remove, and back to the field", async ({
      page,
    }) => {
      await newMember(page);
      await saveAcceptedPreferences(page);
      await page.goto("/subscription?tier=gold");
      const field = page.getByLabel("Offer code");
      await expect(field).toBeVisible({ timeout: 15_000 });
      await tabTo(page, field);
      await page.keyboard.type("WELCOME10");
      await tabTo(page, page.getByRole("button", { name: "Apply" }));
      await page.keyboard.press("Enter");
      const remove = page.getByRole("button", { name: "Remove offer code WELCOME10" });
      await expect(remove).toBeFocused();
      await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("applied");
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("Offer code")).toBeFocused();
    });

    test("Complete Setup: the next page is announced and its heading has focus", async ({ page }) => {
      await onStep(page, 6);
      await tabTo(page, page.getByRole("button", { name: "Complete Setup" }));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/subscription/);
      const heading = page.getByRole("heading", { level: 1, name: "Choose your plan" });
      await expect(heading).toBeFocused({ timeout: 15_000 });
      await expect(announcer(page)).toHaveText(await page.title());
      expect(await page.title()).not.toBe("");
    });
  });

  test("Onboarding steps 2-5 show their errors only as a toast, with no inline message and no aria-invalid", async ({
    page,
  }) => {
    await newMember(page);
    await page.goto("/onboarding");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await tabTo(page, page.getByLabel("Your postcode"));
    await page.keyboard.type("se19px");
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Step 2 of 6", { exact: true })).toBeVisible();

    const alert = page.getByRole("alert").filter({ hasNotText: /^$/ });
    /** Next with nothing chosen: the message beside the choices, the group invalid and described by it. */
    async function refused(step: number, message: string, group: Locator) {
      await expect(page.getByText(`Step ${step} of 6`, { exact: true })).toBeVisible();
      await tabTo(page, next);
      await page.keyboard.press("Enter");
      await expect(page.locator("#onboarding-step-error")).toHaveText(message);
      await expect(alert.filter({ hasText: message }).first()).toBeVisible();
      await expect(group).toHaveAttribute("aria-invalid", "true");
      await expect(group).toHaveAttribute("aria-describedby", /onboarding-step-error/);
      // Focus moves to the choices, inside the invalid group.
      expect(await group.evaluate((g) => g.contains(document.activeElement))).toBe(true);
      await shot(page, `onboarding-step${step}-error`);
    }

    await refused(2, ONBOARDING_MSG.budget, page.getByRole("radiogroup", { name: "Budget per person" }));
    // Space chooses the focused radio; the message goes.
    await page.keyboard.press("Space");
    await expect(page.locator("#onboarding-step-error")).toHaveCount(0);
    await expect(page.getByRole("radiogroup")).not.toHaveAttribute("aria-invalid");
    await tabTo(page, next);
    await page.keyboard.press("Enter");

    await refused(3, ONBOARDING_MSG.dateTypes, page.getByRole("group", { name: "Kinds of date" }));
    await page.keyboard.press("Space");
    await tabTo(page, next);
    await page.keyboard.press("Enter");

    const grid = page.getByRole("grid", { name: "Days you're free, by week of the month" });
    await refused(4, ONBOARDING_MSG.scheduling, grid);
    await expect(grid).toHaveAttribute("aria-describedby", /scheduling-help/);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await tabTo(page, next);
    await page.keyboard.press("Enter");

    await refused(5, ONBOARDING_MSG.times, page.getByRole("group", { name: "Times of day" }));
    await page.keyboard.press("Space");
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible();
  });

  test("The plan radios: an arrow key moves focus without selecting a plan", async ({ page }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/subscription?tier=silver");
    const silver = page.getByRole("radio", { name: "Silver" });
    await expect(silver).toHaveAttribute("aria-checked", "true", { timeout: 15_000 });
    await tabTo(page, silver);
    await page.keyboard.press("ArrowRight");
    const gold = page.getByRole("radio", { name: "Gold" });
    await expect(gold).toBeFocused();
    await expect(gold).toHaveAttribute("aria-checked", "true");
    await expect(silver).toHaveAttribute("aria-checked", "false");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: "Platinum" })).toBeFocused();
    await expect(page.getByRole("radio", { name: "Platinum" })).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(gold).toBeFocused();
    await expect(gold).toHaveAttribute("aria-checked", "true");
  });

  test("The week/day grid: its column toggles expose no pressed state", async ({ page }) => {
    await onStep(page, 4);
    // The saved answers: three Saturdays. The column toggles all say whether their day is on every week.
    const columns = page.getByRole("button", { name: /, every \w+day$/ });
    await expect(columns).toHaveCount(7);
    for (const toggle of await columns.all())
      await expect(toggle).toHaveAttribute("aria-pressed", /^(true|false)$/);
    // The visible "Sat" starts the name (Label in Name); the rest is for screen readers.
    const saturday = page.getByRole("button", { name: /^Sat\b.*every Saturday$/ });
    await expect(saturday).toHaveAttribute("aria-pressed", "false");
    await tabTo(page, page.getByRole("button", { name: /1st week$/ }).first());
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expect(saturday).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(saturday).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Saturday, 4th week" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Space");
    await expect(saturday).toHaveAttribute("aria-pressed", "false");
  });

  test("Settings tab panels take focus with no visible ring", async ({ page }) => {
    await newMember(page);
    await page.goto("/settings?tab=notifications");
    const tab = page.getByRole("tab", { name: "Notifications" });
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 15_000 });
    await tabTo(page, tab);
    await page.keyboard.press("Tab");
    const panel = page.getByRole("tabpanel", { name: "Notifications" });
    await expect(panel).toBeFocused();
    const outline = await panel.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await shot(page, "settings-panel-focus");
  });

  test.describe("At 320 px", () => {
    test("step 6's buttons overflow by 51 px", async ({ page }) => {
      for (const size of [NARROW, ZOOM_400]) {
        await page.setViewportSize(size);
        if (size === NARROW) await onStep(page, 6);
        await expectNoSidewaysScroll(page);
        const bar = page.getByTestId("step-nav");
        await expectControlsInside(page.locator("main"));
        const previous = bar.getByRole("button", { name: "Previous" });
        const complete = bar.getByRole("button", { name: "Complete Setup" });
        for (const b of [previous, complete]) {
          const box = (await b.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        }
        await shot(page, `step6-${size.width}x${size.height}`);
      }
      // Both are reached and shown whole by keyboard.
      await tabTo(page, page.getByRole("button", { name: "Complete Setup" }));
      await page.keyboard.press("Shift+Tab");
      await expect(page.getByRole("button", { name: "Previous" })).toBeFocused();
    });

    test("the /subscription card clips its buttons", async ({ page }) => {
      await page.setViewportSize(NARROW);
      const email = uniqueEmail("narrow");
      await newMember(page, { email });
      await saveAcceptedPreferences(page);
      await page.goto("/subscription?tier=gold");
      await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible({ timeout: 15_000 });
      await expectNoSidewaysScroll(page);
      await expectControlsInside(page.locator("main"));
      await shot(page, "subscription-choose-320");
      await subscribeViaApi(page, "gold");
      await page.goto("/subscription");
      const card = page
        .getByTestId("current-plan")
        .locator("xpath=ancestor::*[contains(@class,'overflow-hidden')][1]");
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expectNoSidewaysScroll(page);
      await expectControlsInside(card);
      const settings = page.getByRole("link", { name: "Change or cancel in Settings" });
      await tabTo(page, settings);
      await expect(settings).toBeFocused();
      await settings.scrollIntoViewIfNeeded();
      await shot(page, "subscription-current-320");
    });
  });
});
