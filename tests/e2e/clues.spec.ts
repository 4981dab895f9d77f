import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, expectAccessibleInFullRun, FULL_RUN } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/** Teaser clues: the member's Clues panel before the reveal, and the back office's clue editor. */
const SHOTS = process.env.SHOTS_DIR;
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

/** Screenshots when SHOTS_DIR is set, and the colour contrast at each width and theme in `npm run test:full`. */
async function shoot(page: Page, name: string) {
  if (!SHOTS && !FULL_RUN) return;
  for (const v of VIEWPORTS)
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width: v.width, height: v.height });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/${name}-${v.name}-${colorScheme}.png`, fullPage: true });
      await expectAccessibleInFullRun(page, `${name} ${v.name} ${colorScheme}`, {
        soft: true,
        rules: ["color-contrast"],
      });
    }
}

test("the date page shows the clues unlocked so far and when the next comes, nothing secret", async ({
  page,
}) => {
  const { email } = await newMember(page);
  const venue = `Hidden Venue ${Date.now().toString(36)}`;
  // 66 hours away: the teasers are out, never the dress code (it comes with the reveal); the area hint (60
  // hours) comes in about 6 hours.
  const id = await arrangeDate(email, { hoursFromNow: 66, venueName: venue });
  await page.goto(`/dates/${id}`);
  const panel = page.getByRole("region", { name: "Clues" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await expect(panel).toContainText("Come hungry.");
  await expect(panel).not.toContainText(/dress|smart casual/i);
  await expect(panel).toContainText(/The next clue arrives in [56] hours/);
  const html = await page.content();
  expect(html).not.toContain(venue);
  expect(html).not.toContain("12 Secret Street");
  expect(html).not.toContain("Candlelit");
  expect(html).not.toContain("Smart casual");
  await expectAccessibleInFullRun(page, "date page with clues");
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, "clues-member");
});

test("the team edits a date's clues in the assignment details", async ({ page }) => {
  const { email } = await newMember(page, { firstName: "Clue" });
  const id = await arrangeDate(email, { hoursFromNow: 140 });
  await signInAsAdmin(page);
  await page.goto("/admin?tab=assignments");
  await page.getByRole("searchbox", { name: "Search assignments" }).fill(email);
  await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: /View/ }).click();
  const details = page.getByRole("dialog", { name: "Assignment details" });
  await expect(details.getByRole("heading", { name: "Clues" })).toBeVisible();
  const kind = details.getByLabel("What kind of date");
  await expect(kind).toHaveValue("Come hungry.");
  await kind.fill("Skip lunch that day.");
  await details.getByRole("button", { name: "Add a clue" }).click();
  await details.getByLabel("Extra clue 1").fill("Somewhere near the Secret Street");
  await details.getByRole("button", { name: "Save clues" }).click();
  await expect(details.getByRole("alert")).toContainText("gives the surprise away");
  await details.getByLabel("Extra clue 1").fill("Dress to impress");
  await details.getByRole("button", { name: "Save clues" }).click();
  await expect(details.getByRole("alert")).toContainText("gives the dress code away");
  await details.getByLabel("Extra clue 1").fill("Bring a warm scarf.");
  await details.getByRole("button", { name: "Save clues" }).click();
  await expect(page.getByText("Clues saved", { exact: true })).toBeVisible();
  const saved = await (await page.request.get(`/api/admin/assignments/${id}/clues`)).json();
  expect(saved.clues.map((c: { slot: string; source: string }) => [c.slot, c.source])).toContainEqual([
    "kind",
    "edited",
  ]);
  await expectAccessibleInFullRun(page, "clue editor");
  await details.getByRole("heading", { name: "Clues" }).scrollIntoViewIfNeeded();
  await shoot(page, "clues-admin");
});
