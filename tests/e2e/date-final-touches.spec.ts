import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, atWidth, e2eDb, expectAccessibleInBothThemes } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/**
 * A date inside the 48-hour reveal window whose venue has not confirmed yet is held: the couple see only
 * "Final touches are being made", never the venue, the plan or anything about the venue's answer, on the date
 * page and on the dashboard's card. Once the venue confirms, the plan appears. Dates outside the window, and
 * confirmed ones inside it, look as before. SHOTS_DIR: the held date at 1280 and 390 px, light and dark.
 */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function setVenueStatus(id: number, status: "requested" | "confirmed") {
  await (await e2eDb()).query("UPDATE date_reservations SET venue_status = $2 WHERE id = $1", [id, status]);
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
}

/** Words that would give the venue's side away. */
const VENUE_TALK = /venue (has|hasn't|has not|is|asked|confirm|declin|propos)|waiting for|not confirmed/i;

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(
    `a date whose venue has not confirmed shows final touches, then its plan once confirmed (${viewport.name})`,
    atWidth(viewport.name, "390"),
    async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const { email } = await newMember(page, { firstName: "Freya" });
      const venue = unique("Lantern Room");
      const held = await arrangeDate(email, { hoursFromNow: 30, venueName: venue, category: "culinary" });
      await setVenueStatus(held, "requested");
      // Outside the window the venue's answer changes nothing: the countdown as ever.
      const later = await arrangeDate(email, { hoursFromNow: 24 * 6, venueName: unique("Quiet Cellar") });
      await setVenueStatus(later, "requested");

      // The dashboard's card: the gentle line instead of the countdown, nothing else.
      await page.goto("/dashboard");
      const card = page.getByTestId(`date-card-${held}`);
      await expect(card).toHaveAttribute("data-revealed", "false");
      await expect(card.getByTestId("card-final-touches")).toHaveText(
        "Final touches are being madeYour plan will appear here shortly",
      );
      await expect(card.getByTestId("date-status")).toHaveText("Final touches");
      await expect(card).not.toContainText(/Reveal/);
      await expect(page.getByTestId(`date-card-${later}`)).toContainText(/Reveals in \d+ days/);
      await expect(page.getByTestId(`date-card-${later}`).getByTestId("date-status")).toHaveText("Locked");
      expect(await page.content()).not.toContain(venue);
      await shoot(page, `final-touches-dashboard-${viewport.name}`);

      // The date page: no countdown (it would read 0), no venue, no plan, no word of the venue's answer.
      await card.click();
      await expect(page).toHaveURL(`/dates/${held}`);
      await expect(page.getByRole("heading", { level: 1, name: "Your mystery date" })).toBeVisible();
      await expect(page.getByTestId("date-status")).toHaveText("Final touches");
      const note = page.getByTestId("final-touches");
      await expect(note).toHaveText("Final touches are being madeYour plan will appear here shortly.");
      await expect(page.getByTestId("countdown-hours")).toHaveCount(0);
      await expect(page.getByTestId("details-locked")).toContainText(
        "Almost readyEverything below will appear here shortly.",
      );
      await expect(page.getByTestId("details-locked")).not.toContainText("unlocks on");
      await expect(page.getByTestId("action-directions")).toContainText("Directions appear with your plan.");
      await expect(page.getByTestId("action-confirm")).toContainText("as soon as your plan appears");
      const text = (await page.locator("#root").textContent()) ?? "";
      expect(text).not.toMatch(VENUE_TALK);
      const html = await page.content();
      // The dress code is part of the plan too: no clue carries it.
      for (const secret of [venue, "12 Secret Street", "Candlelit supper club", "Smart casual"])
        expect(html).not.toContain(secret);
      await expectAccessibleInBothThemes(page, "date in its final touches");
      await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
      await shoot(page, `final-touches-date-${viewport.name}`);

      // The venue confirms: the plan is there (the page asks again each minute; a reload here).
      await setVenueStatus(held, "confirmed");
      await page.reload();
      await expect(page.getByTestId("date-status")).toHaveText("Revealed");
      await expect(page.getByTestId("final-touches")).toHaveCount(0);
      await expect(page.getByTestId("detail-venue")).toHaveText(venue);
      await expect(page.getByTestId("countdown-starts")).toHaveText(/^Starts in (29|30) hours$/);
      await page.goto("/dashboard");
      await expect(page.getByTestId(`date-card-${held}`)).toHaveAttribute("data-revealed", "true");
      await expect(page.getByTestId(`date-card-${held}`).getByTestId("card-final-touches")).toHaveCount(0);
    },
  );
}

test("a held date's page asks again and shows the plan without a reload", async ({ page }) => {
  await page.clock.install();
  const { email } = await newMember(page, { firstName: "Gus" });
  const venue = unique("Orchard Hall");
  const id = await arrangeDate(email, { hoursFromNow: 20, venueName: venue });
  await setVenueStatus(id, "requested");
  await page.goto(`/dates/${id}`);
  await expect(page.getByTestId("final-touches")).toBeVisible();
  await setVenueStatus(id, "confirmed");
  await page.clock.runFor(61_000);
  await expect(page.getByTestId("detail-venue")).toHaveText(venue);
  await expect(page.getByTestId("final-touches")).toHaveCount(0);
});
