import { expect, test } from "@playwright/test";
import { firstDateBookedBy } from "../../src/shared/planning-schedule.ts";
import { arrangeDate, FULL_ONLY, saveAcceptedPreferences, subscribeViaApi } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

test.describe("dashboard", () => {
  test("shows locked and revealed upcoming dates and past adventures, with the member's numbers", async ({
    page,
  }) => {
    const { email } = await newMember(page);
    const lockedVenue = `Locked Cellar ${Date.now().toString(36)}`;
    const revealedVenue = `Revealed Rooftop ${Date.now().toString(36)}`;
    const pastVenue = `Past Gallery ${Date.now().toString(36)}`;
    const locked = await arrangeDate(email, { hoursFromNow: 24 * 6, venueName: lockedVenue });
    const revealed = await arrangeDate(email, {
      hoursFromNow: 30,
      venueName: revealedVenue,
      category: "live_music",
    });
    const past = await arrangeDate(email, {
      hoursFromNow: -72,
      status: "completed",
      venueName: pastVenue,
      category: "cultural",
      rating: 4,
    });
    // A cancelled date still to come is in neither grid.
    const cancelled = await arrangeDate(email, { hoursFromNow: 24 * 9, status: "cancelled" });

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Upcoming Mystery Dates" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Past Adventures" })).toBeVisible();

    await expect(page.getByTestId("stat-upcoming")).toHaveText("2");
    await expect(page.getByTestId("stat-completed")).toHaveText("1");
    await expect(page.getByTestId("stat-rating")).toHaveText("4.0");

    const upcoming = page.getByRole("region", { name: "Upcoming Mystery Dates" });
    const lockedCard = upcoming.getByTestId(`date-card-${locked}`);
    await expect(lockedCard).toContainText("Mystery date");
    await expect(lockedCard).toContainText(/Reveals in 4 days/);
    await expect(lockedCard).toHaveAttribute("data-revealed", "false");
    await expect(lockedCard.locator("[data-art=mystery]")).toBeVisible();
    await expect(lockedCard).not.toContainText(lockedVenue);
    // Not hidden by the page: the locked venue is nowhere in what the browser received.
    expect(await page.content()).not.toContain(lockedVenue);

    const revealedCard = upcoming.getByTestId(`date-card-${revealed}`);
    await expect(revealedCard.getByTestId("date-card-venue")).toHaveText(revealedVenue);
    await expect(revealedCard).toContainText("Candlelit supper club");
    await expect(revealedCard.locator("[data-art=live_music]")).toBeVisible();
    await expect(upcoming.getByTestId(`date-card-${cancelled}`)).toHaveCount(0);

    const pastGrid = page.getByRole("region", { name: "Past Adventures" });
    const pastCard = pastGrid.getByTestId(`date-card-${past}`);
    await expect(pastCard).toContainText(pastVenue);
    await expect(pastCard.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    // Upcoming dates in date order, and each card opens its date.
    await expect(upcoming.getByRole("listitem")).toHaveCount(2);
    await expect(upcoming.getByRole("listitem").first()).toContainText(revealedVenue);
    await lockedCard.click();
    await expect(page).toHaveURL(`/dates/${locked}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your mystery date" })).toBeVisible();
    await expect(page.getByTestId("date-status")).toHaveText("Locked");
  });

  test("opens from the small app shell: its code and its reads start together, and each read goes once", async ({
    page,
  }) => {
    const { email } = await newMember(page, { firstName: "Nell" });
    await arrangeDate(email, { hoursFromNow: 24 * 6 });
    const reads: string[] = [];
    const scripts: string[] = [];
    page.on("request", (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith("/api/")) reads.push(pathname);
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });
    // What the app first puts on screen: with its member, code and reads already on the way, the first
    // render is the finished dashboard, not a spinner and then a skeleton.
    await page.addInitScript(() => {
      const seen = window as unknown as {
        firstFrame?: { text: string; spinner: boolean; skeleton: boolean };
      };
      new MutationObserver((_, observer) => {
        const root = document.getElementById("root");
        if (!root?.firstElementChild) return;
        observer.disconnect();
        seen.firstFrame = {
          text: root.textContent ?? "",
          spinner: root.querySelector('[role="status"][aria-label="Loading"]') !== null,
          skeleton: root.querySelector('[data-testid="dates-loading"]') !== null,
        };
      }).observe(document, { childList: true, subtree: true });
    });
    const res = await page.goto("/dashboard");
    const html = (await res?.text()) ?? "";
    // Not the landing page hidden: a few kilobytes, with the screen's code and reads named in its head.
    expect(html).not.toContain("Start Your Mystery Journey");
    expect(html.length).toBeLessThan(8_000);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/member-[\w-]+\.js"/);
    expect(html).toContain(
      '<link rel="preload" href="/api/dates/user" as="fetch" crossorigin="use-credentials"',
    );
    await expect(page.getByRole("heading", { level: 1, name: "Nell, your dates" })).toBeVisible();
    await expect(page.getByTestId("stat-upcoming")).toHaveText("1");
    const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame?: object }).firstFrame);
    expect(firstFrame).toMatchObject({ spinner: false, skeleton: false });
    expect(firstFrame).toHaveProperty("text", expect.stringContaining("Nell, your dates"));
    await page.waitForLoadState("networkidle");
    // The landing page's code is its own file, which a member's screen never fetches.
    expect(scripts.some((s) => /^\/assets\/member-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /^\/assets\/landing-/.test(s))).toEqual([]);
    // The page's preloads are what the app reads: no second request for any of them.
    for (const read of ["/api/auth/user", "/api/dates/user", "/api/dates/stats"])
      expect(
        reads.filter((r) => r === read),
        read,
      ).toHaveLength(1);
  });

  test(
    "a slow read still gets the screen with its skeleton: the first render waits for it only briefly",
    FULL_ONLY,
    async ({ page }) => {
      const { email } = await newMember(page, { firstName: "Orla" });
      await arrangeDate(email, { hoursFromNow: 24 * 6 });
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route("**/api/dates/user", async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Orla, your dates" })).toBeVisible();
      await expect(page.getByTestId("dates-loading")).toBeVisible();
      release();
      const upcoming = page.getByRole("region", { name: "Upcoming Mystery Dates" });
      await expect(upcoming.getByRole("listitem")).toHaveCount(1);
      await expect(page.getByTestId("dates-loading")).toBeHidden();
    },
  );

  test("a date the team marked completed before its day is neither upcoming nor up for rating yet", async ({
    page,
  }) => {
    const { email } = await newMember(page);
    await arrangeDate(email, { hoursFromNow: 24 * 5 });
    await arrangeDate(email, { hoursFromNow: 24 * 7 });
    const early = await arrangeDate(email, { hoursFromNow: 24 * 6, status: "completed" });

    await page.goto("/dashboard");
    const upcoming = page.getByRole("region", { name: "Upcoming Mystery Dates" });
    await expect(upcoming.getByRole("listitem")).toHaveCount(2);
    // The count and the cards agree.
    await expect(page.getByTestId("stat-upcoming")).toHaveText("2");
    await expect(upcoming.getByTestId(`date-card-${early}`)).toHaveCount(0);
    const earlyCard = page.getByRole("region", { name: "Past Adventures" }).getByTestId(`date-card-${early}`);
    await expect(earlyCard).toContainText("Completed");
    await expect(earlyCard).not.toContainText("Rate this date");

    await earlyCard.click();
    await expect(page).toHaveURL(`/dates/${early}`);
    await expect(page.getByTestId("countdown")).toHaveText(
      "This date is marked as completed ahead of its booked time.",
    );
    await expect(page.getByText("This date has passed")).toHaveCount(0);
    await expect(page.getByText("Still under wraps")).toHaveCount(0);
    await expect(page.getByTestId("details-locked")).toContainText("Never revealed");
    await expect(page.getByTestId("action-rate")).toHaveCount(0);
    await expect(page.getByTestId("action-directions")).toHaveCount(0);
    await expect(page.getByTestId("action-calendar")).toHaveCount(0);
    await expect(page.getByTestId("action-support")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rate your experience" })).toHaveCount(0);
  });

  test("after paying, the empty dashboard says when the first date will be booked and what e-mail brings it", async ({
    page,
  }) => {
    await newMember(page);
    await saveAcceptedPreferences(page);
    // Paid by the payment screens' requests (the joining journey walks those screens and this link).
    await subscribeViaApi(page, "silver");
    await page.goto("/dashboard");
    const empty = page.getByTestId("dates-empty");
    const { label } = firstDateBookedBy(new Date());
    await expect(
      empty.getByRole("heading", { name: `Your first date will be booked by ${label}` }),
    ).toBeVisible();
    await expect(empty).toContainText('Look out for an e-mail titled "Save the evening"');
    await expect(page.getByTestId("dashboard-plan")).toContainText("Silver");
    const dir = process.env.SHOTS_DIR;
    if (dir)
      for (const [width, height, size] of [
        [390, 844, "phone"],
        [1280, 900, "desktop"],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.screenshot({ path: `${dir}/first-date-promise-${size}-${scheme}.png`, fullPage: true });
        }
      }
  });

  test("a new member sees the empty state and the way to their next step", async ({ page }) => {
    await newMember(page);
    await page.goto("/dashboard");
    const empty = page.getByTestId("dates-empty");
    await expect(empty.getByRole("heading", { name: "Tell us what you both love" })).toBeVisible();
    await expect(empty.getByRole("link", { name: "Start Onboarding" })).toHaveAttribute(
      "href",
      "/onboarding",
    );
    await expect(empty.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/subscription");
    await expect(empty.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await expect(page.getByTestId("stat-upcoming")).toHaveText("0");
    await expect(page.getByTestId("stat-rating")).toHaveText("-");
    await expect(page.getByTestId("dashboard-plan")).toHaveText("No plan yet");
  });

  test(
    "a screen whose code cannot arrive says so under the header, and Reload brings it",
    FULL_ONLY,
    async ({ page }) => {
      await newMember(page, { firstName: "Ivo" });
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Ivo, your dates" })).toBeVisible();
      // The connection drops, or a new version replaced the files this page names.
      const settingsCode = "**/assets/settings-*.js";
      await page.context().route(settingsCode, (route) => route.abort());
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Settings" }).click();
      const failed = page.getByTestId("screen-error");
      await expect(failed.getByRole("heading", { name: "This page did not load" })).toBeVisible();
      await expect(nav).toBeVisible();
      // Another address works as before.
      await nav.getByRole("link", { name: "Dashboard" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Ivo, your dates" })).toBeVisible();
      await expect(failed).toHaveCount(0);
      // Back online, Reload fetches the page again.
      await page.context().unroute(settingsCode);
      await nav.getByRole("link", { name: "Settings" }).click();
      await failed.getByRole("button", { name: "Reload" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    },
  );
});
