import { expect, type Locator, type Page, test } from "@playwright/test";
import { BRAND } from "../../src/shared/brand.ts";
import { ONBOARDING_MSG } from "../../src/shared/schemas/onboarding.ts";
import {
  arrangeDate,
  expectAccessibleInBothThemes,
  expectControlsInside,
  saveAcceptedPreferences,
  subscribeViaApi,
  switchScheme,
  withoutTransitions,
} from "./helpers.ts";
import { watchRequests } from "./settle.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * The states the keyboard and screen-reader fixes brought in (decision 0058), checked with axe in the light
 * and the dark theme: the questionnaire's inline errors, a page reached by a route change, a focused
 * settings panel, Assign Date with its member list closed, step 6 at 320 px. With SHOTS_DIR set, the
 * screens a person should look at are saved at phone, desktop (and 320 px) width in both themes.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };

type Size = { width: number; height: number };
const sizeName = (s: Size) => (s === PHONE ? "phone" : s === DESKTOP ? "desktop" : `${s.width}px`);

/** Screenshots of the page as it stands, in both themes (only when SHOTS_DIR is set). */
async function shotBothThemes(page: Page, name: string, size: Size, fullPage = false) {
  if (!process.env.SHOTS_DIR) return;
  for (const scheme of ["light", "dark"] as const) {
    await switchScheme(page, scheme);
    const path = `${process.env.SHOTS_DIR}/${name}-${sizeName(size)}-${scheme}.png`;
    await page.screenshot({ path, fullPage });
  }
  await switchScheme(page, "light");
}

const stepError = (page: Page) => page.locator("#onboarding-step-error");

/** Next with nothing chosen on step n: the inline message, the group invalid and described by it. */
async function refusedStep(page: Page, n: number, message: string, group: Locator) {
  await expect(page.getByText(`Step ${n} of 6`, { exact: true })).toBeVisible();
  // By keyboard, so the first choice (where focus goes) shows its ring in the screenshots.
  await page.getByRole("button", { name: "Next", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(stepError(page)).toHaveText(message);
  await expect(group).toHaveAttribute("aria-invalid", "true");
  await expect(group).toHaveAttribute("aria-describedby", /onboarding-step-error/);
}

test.describe("accessibility of the focus and error states (axe, light and dark)", () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withoutTransitions(page);
  });

  test("onboarding steps 2-5 with their inline error shown", async ({ page }) => {
    await newMember(page);
    await page.goto("/onboarding");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await page.getByLabel("Your postcode").fill("se19px");
    await next.click();

    await refusedStep(
      page,
      2,
      ONBOARDING_MSG.budget,
      page.getByRole("radiogroup", { name: "Budget per person" }),
    );
    await expectAccessibleInBothThemes(page, "onboarding step 2 (missing answer)");
    await page.getByRole("radio").first().click();
    await next.click();

    const kinds = page.getByRole("group", { name: "Kinds of date" });
    await refusedStep(page, 3, ONBOARDING_MSG.dateTypes, kinds);
    await expectAccessibleInBothThemes(page, "onboarding step 3 (missing answer)");
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shotBothThemes(page, "onboarding-step3-error", size);
    }
    await kinds.getByRole("button", { name: /^Culture/ }).click();
    await next.click();

    const grid = page.getByRole("grid", { name: "Days you're free, by week of the month" });
    await refusedStep(page, 4, ONBOARDING_MSG.scheduling, grid);
    await expectAccessibleInBothThemes(page, "onboarding step 4 (missing answer)");
    await page.getByRole("button", { name: /every Saturday$/ }).click();
    await next.click();

    await refusedStep(page, 5, ONBOARDING_MSG.times, page.getByRole("group", { name: "Times of day" }));
    await expectAccessibleInBothThemes(page, "onboarding step 5 (missing answer)");
    await page.getByRole("button", { name: "Evenings" }).click();
    await next.click();
    await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible();
  });

  test("step 6 at 320 px, its buttons focused", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/onboarding?step=6");
    await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible({ timeout: 15_000 });
    const bar = page.getByTestId("step-nav");
    await bar.getByRole("button", { name: "Complete Setup" }).focus();
    await expectAccessibleInBothThemes(page, "step 6 at 320 px");
    await shotBothThemes(page, "onboarding-step6-complete-focused", NARROW);
    await bar.getByRole("button", { name: "Previous" }).focus();
    await expectAccessibleInBothThemes(page, "step 6 at 320 px, Previous focused");
  });

  test("a page reached by a route change, and a settings tab panel focused", async ({ page }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/dashboard");
    const settings = page.getByRole("banner").getByRole("link", { name: "Settings" });
    await expect(settings).toBeVisible({ timeout: 15_000 });
    await settings.click();
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeFocused({
      timeout: 15_000,
    });
    await expect(page.getByTestId("route-announcer")).toHaveText("Account Settings — Unveil");
    await expectAccessibleInBothThemes(page, "settings after a route change (announced, heading focused)");

    await page.getByRole("tab", { name: "Notifications" }).click();
    const panel = page.getByRole("tabpanel", { name: "Notifications" });
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(panel).toBeFocused();
    await expectAccessibleInBothThemes(page, "settings notifications panel focused");
  });

  test("Assign Date with its member list closed", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=assignments");
    const open = page.getByRole("button", { name: "Assign Date" });
    await expect(open).toBeVisible({ timeout: 15_000 });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Assign Date" });
    const member = dialog.getByRole("combobox", { name: "Member" });
    await expect(member).toBeFocused();
    await expect(member).toHaveAttribute("aria-expanded", "false");
    await expectAccessibleInBothThemes(page, "Assign Date, member list closed");
    await shotBothThemes(page, "assign-date-closed", DESKTOP);
  });
});

test.describe("error summaries and a save that keeps focus (axe, light and dark; 390 and 1440 px)", () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withoutTransitions(page);
  });
  const WIDE = { width: 1440, height: 900 };

  /** The summary has focus (so a screen reader reads it at once); axe in both themes; shots at both widths. */
  async function summaryState(page: Page, summary: Locator, name: string) {
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await expectAccessibleInBothThemes(page, name);
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await summary.scrollIntoViewIfNeeded();
      await shotBothThemes(page, name, size);
    }
    await expect(summary).toBeFocused();
  }

  test("sign in, Create Account, an offer code, the profile and a support message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill("nobody@e2e.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await summaryState(page, page.getByTestId("error-summary"), "error-summary-sign-in");

    await page.getByRole("tab", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await summaryState(
      page,
      page.getByRole("tabpanel").getByTestId("error-summary"),
      "error-summary-register",
    );

    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/subscription?tier=gold");
    await expect(page.getByRole("radio", { name: "Gold" })).toHaveAttribute("aria-checked", "true", {
      timeout: 15_000,
    });
    await page.getByLabel("Offer code").fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await summaryState(page, page.getByTestId("offer-error-summary"), "error-summary-offer-code");

    await page.goto("/settings");
    await page.getByLabel("First name").fill("A");
    await page.getByLabel("Phone").fill("12345");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await summaryState(page, page.getByTestId("error-summary"), "error-summary-profile");
    // Put right and saved: the button keeps focus and "Saved" shows beside it.
    await page.getByLabel("First name").fill("Alex");
    await page.getByLabel("Phone").fill("07700 900123");
    const save = page.getByRole("button", { name: "Save Changes" });
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await expect(save).toBeFocused();
    await expectAccessibleInBothThemes(page, "profile saved, Save Changes focused");
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await save.scrollIntoViewIfNeeded();
      await shotBothThemes(page, "profile-saved-focus", size);
    }

    await page.goto("/support");
    await page.getByRole("button", { name: "Send message" }).click();
    await summaryState(page, page.getByTestId("error-summary"), "error-summary-support");
  });

  test("an admin dialog: Create Offer Code with two problems", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=offer-codes");
    await page.getByRole("button", { name: "Create Offer Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Offer Code" });
    await dialog.getByLabel("Code").fill("ab");
    await dialog.getByLabel("Discount value (%)").fill("120");
    await dialog.getByRole("button", { name: "Create Offer Code" }).click();
    await summaryState(page, dialog.getByTestId("error-summary"), "error-summary-offer-dialog");
  });

  test("the summaries added since: Add Venue, Add Date Idea, /gift, Delete Account refused", async ({
    page,
  }) => {
    await page.goto("/gift");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await summaryState(page, page.getByTestId("error-summary"), "error-summary-gift");

    const member = await newMember(page);
    await page.goto("/settings?tab=privacy");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete your account?" });
    await confirm.getByLabel("Password").fill(`${member.password}-not`);
    await confirm.getByRole("button", { name: "Delete Account" }).click();
    await summaryState(page, confirm.getByTestId("error-summary"), "error-summary-delete-account");
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();

    await signInAsAdmin(page);
    await page.goto("/admin?tab=venues");
    await page.getByRole("button", { name: "Add Venue" }).click();
    const venue = page.getByRole("dialog", { name: "Add Venue" });
    await venue.getByLabel("Website").fill("not-a-site");
    await venue.getByRole("button", { name: "Add Venue" }).click();
    await summaryState(page, venue.getByTestId("error-summary"), "error-summary-venue-dialog");
    await page.keyboard.press("Escape");
    await expect(venue).toBeHidden();
    await page.getByRole("button", { name: "Add Date Idea" }).click();
    const idea = page.getByRole("dialog", { name: "Add Date Idea" });
    await idea.getByLabel("Duration (hours)").fill("30");
    await idea.getByRole("button", { name: "Add Date Idea" }).click();
    await summaryState(page, idea.getByTestId("error-summary"), "error-summary-idea-dialog");
  });
});

test.describe("screens to look at: the subscription card at 320 px, settings above the sticky bar", () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await withoutTransitions(page);
  });

  test("/subscription: the current plan's card", async ({ page }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    await subscribeViaApi(page, "gold");
    for (const size of [NARROW, PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto("/subscription");
      const card = page
        .getByTestId("current-plan")
        .locator("xpath=ancestor::*[contains(@class,'overflow-hidden')][1]");
      await expect(card).toBeVisible({ timeout: 15_000 });
      // Side by side, the second button ran past the card's clipped edge at desktop width.
      await expectControlsInside(card);
      await shotBothThemes(page, "subscription-card", size, true);
    }
    await page.setViewportSize(NARROW);
    await expectAccessibleInBothThemes(page, "subscription card at 320 px");
  });

  test("settings > notifications: a focused control above the sticky bar", async ({ page }) => {
    await newMember(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto("/settings?tab=notifications");
      const save = page.getByRole("button", { name: "Save Notification Settings" });
      await expect(save).toBeVisible({ timeout: 15_000 });
      const marketing = page.getByRole("switch", { name: /^Marketing communications/ });
      await marketing.focus();
      await page.keyboard.press("Tab");
      await expect(save).toBeFocused();
      await shotBothThemes(page, "settings-notifications-save-focused", size);
    }
    await expectAccessibleInBothThemes(page, "settings notifications, Save focused");
  });
});

/** How much a switch's off track stands out from the card behind it (WCAG 1.4.11 asks 3:1 of a control). */
async function offTrackContrast(control: Locator): Promise<number> {
  // The browser paints both colours (whatever their notation or transparency) on a canvas: the card's, then
  // the track's over it; the two pixels read back are what the eye gets.
  const [track, card] = await control.evaluate((el) => {
    let parent = el.parentElement;
    while (parent && getComputedStyle(parent).backgroundColor === "rgba(0, 0, 0, 0)")
      parent = parent.parentElement;
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = getComputedStyle(parent ?? document.body).backgroundColor;
    ctx.fillRect(0, 0, 2, 1);
    ctx.fillStyle = getComputedStyle(el).backgroundColor;
    ctx.fillRect(1, 0, 1, 1);
    const px = ctx.getImageData(0, 0, 2, 1).data;
    return [
      [px[4], px[5], px[6]],
      [px[0], px[1], px[2]],
    ];
  });
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [l1, l2] = [luminance(track), luminance(card)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

test("a switch that is off stands out from its card in both themes", async ({ page }) => {
  await newMember(page);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await withoutTransitions(page);
  await page.goto("/settings?tab=notifications");
  const off = page.getByRole("switch", { name: /^Teaser clues/ });
  await expect(off).toHaveAttribute("aria-checked", "false", { timeout: 15_000 });
  for (const scheme of ["light", "dark"] as const) {
    await switchScheme(page, scheme);
    expect(await offTrackContrast(off), `${scheme}: off track against the card`).toBeGreaterThanOrEqual(3);
  }
});

/**
 * What a screen reader is given, read from the page: the route announcer's live line (every time it gets new
 * text, recorded as it happens), the focused element's name and description, and the other live regions.
 */
test.describe("what a screen reader hears", () => {
  test.describe.configure({ timeout: 120_000 });
  const announcer = (page: Page) => page.getByTestId("route-announcer");
  const title = (name: string) => `${name} — ${BRAND.name}`;

  const requestsOf = new WeakMap<Page, ReturnType<typeof watchRequests>>();

  test.beforeEach(async ({ page }) => {
    requestsOf.set(page, watchRequests(page));
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Each time the live line gains text (a new text node or changed text), what it then says.
    await page.addInitScript(() => {
      const said: string[] = [];
      (window as unknown as { announced: string[] }).announced = said;
      const watch = () =>
        new MutationObserver((records) => {
          const line = document.querySelector('[data-testid="route-announcer"]');
          if (!line?.textContent) return;
          const gained = records.some(
            (r) =>
              line.contains(r.target) &&
              (r.type === "characterData" || [...r.addedNodes].some((n) => n.textContent)),
          );
          if (gained) said.push(line.textContent);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      if (document.body) watch();
      else document.addEventListener("DOMContentLoaded", watch);
    });
  });

  const announced = (page: Page) =>
    page.evaluate(() => [...(window as unknown as { announced: string[] }).announced]);

  /** Since the page was loaded, the live line said exactly `expected`, each once, and nothing else. */
  async function expectAnnounced(page: Page, expected: string[]) {
    await expect.poll(() => announced(page), { timeout: 15_000 }).toEqual(expected);
    // Not a second time once the page is done (a title set late by an answer, a redirect, a second pass of
    // the announcer): every request answered and what it brought drawn.
    await requestsOf.get(page)?.settled();
    expect(await announced(page)).toEqual(expected);
    const last = expected.at(-1);
    if (last) await expect(announcer(page)).toMatchAriaSnapshot(`- status: ${last}`);
  }

  /** The new page's heading has focus, and no other live region says the page's name. */
  async function expectArrivedAt(page: Page, heading: string | RegExp) {
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused({ timeout: 15_000 });
    const name = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    const others = await page.evaluate((text) => {
      const live = document.querySelectorAll(
        '[role=status], [role=alert], [role=log], [aria-live]:not([aria-live="off"])',
      );
      return [...live]
        .filter(
          (el) => el.getAttribute("data-testid") !== "route-announcer" && el.textContent?.includes(text),
        )
        .map((el) => el.outerHTML.slice(0, 120));
    }, name);
    expect(others, "other live regions saying the page's name").toEqual([]);
  }

  test("a new page's name, once: /settings, /dashboard, /dates/:id (and another date with the same title)", async ({
    page,
  }) => {
    const { email } = await newMember(page);
    await saveAcceptedPreferences(page);
    const first = await arrangeDate(email, { hoursFromNow: 24 * 10 });
    const second = await arrangeDate(email, { hoursFromNow: 24 * 12 });
    await page.goto("/dashboard");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Settings" })).toBeVisible({ timeout: 15_000 });
    // The first page is the browser's to announce.
    await expectAnnounced(page, []);

    await header.getByRole("link", { name: "Settings" }).click();
    await expectArrivedAt(page, "Account Settings");
    await expectAnnounced(page, [title("Account Settings")]);

    await header.getByRole("link", { name: "Dashboard" }).click();
    await expectArrivedAt(page, /.+/);
    await expectAnnounced(page, [title("Account Settings"), title("Dashboard")]);

    await page.locator(`a[href="/dates/${first}"]`).first().click();
    await expect(page).toHaveURL(`/dates/${first}`);
    await expectArrivedAt(page, /.+/);
    const dates = [title("Account Settings"), title("Dashboard"), title("Your mystery date")];
    await expectAnnounced(page, dates);

    // Another date straight from this one: the same title, said again (the live line gains a new text).
    await page.evaluate((id) => history.pushState(null, "", `/dates/${id}`), second);
    await expect(page).toHaveURL(`/dates/${second}`);
    await expectAnnounced(page, [...dates, title("Your mystery date")]);
  });

  test("after signing in: the page signed in to, once, with focus on its heading", async ({ page }) => {
    const { email, password } = await newMember(page);
    await saveAcceptedPreferences(page);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expectArrivedAt(page, "Hello, Alex.");
    await expectAnnounced(page, [title("Home")]);

    // Signing in from a link to a page (?next=) lands there and says that page instead.
    await page.context().clearCookies();
    await page.goto("/auth?next=/dashboard");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
    await expectArrivedAt(page, /.+/);
    await expectAnnounced(page, [title("Dashboard")]);
  });

  test("a questionnaire step: its title and number, on the focused heading, and no route announcement", async ({
    page,
  }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    await page.goto("/onboarding?step=2");
    await expect(page.getByText("Step 2 of 6", { exact: true })).toBeVisible({ timeout: 15_000 });
    const heading = page.getByRole("heading", { level: 1 });
    const next = page.getByRole("button", { name: "Next", exact: true });

    await next.focus();
    await page.keyboard.press("Enter");
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAccessibleName("What do you enjoy together?");
    await expect(heading).toHaveAccessibleDescription("Step 3 of 6");

    await page.getByRole("button", { name: "Previous" }).focus();
    await page.keyboard.press("Enter");
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAccessibleName("What would you like to spend?");
    await expect(heading).toHaveAccessibleDescription("Step 2 of 6");

    // The browser's Back button too (Previous added a history entry: back is step 3).
    await page.goBack();
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAccessibleDescription("Step 3 of 6");
    // Said by the heading alone: the route announcer stays quiet (the page is the same).
    await expectAnnounced(page, []);
  });
});
