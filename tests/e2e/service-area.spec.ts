import { expect, type Page, test } from "@playwright/test";
import { ACCEPTED_PREFERENCES, e2eDb, expectAccessibleInFullRun } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

const SHOTS = "/tmp/shots-service-area";

async function openLocationStep(page: Page) {
  const account = await newMember(page);
  await page.goto("/onboarding");
  await expect(page.getByRole("heading", { name: "Where are you based?" })).toBeVisible();
  return account;
}

test("an Edinburgh postcode is told 'London only for now' and joins the waitlist in one click", async ({
  page,
}) => {
  const { email } = await openLocationStep(page);
  const postcode = page.getByLabel("Your postcode");
  await postcode.fill("eh11yz");
  const offer = page.getByRole("region", { name: "London only for now" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("EH1 1YZ is outside Greater London");
  await expect(page.getByText("We'll save this as")).toBeHidden();
  // The questionnaire does not move on: no date (and no payment) outside the area.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Where are you based?" })).toBeVisible();
  await expect(postcode).toBeFocused();

  await expect(offer.getByLabel("E-mail for the waitlist")).toHaveValue(email);
  await offer.getByRole("button", { name: "Join the EH waitlist" }).click();
  await expect(
    offer.getByText("You're on the list. We'll e-mail you when we reach the EH area."),
  ).toBeVisible();
  const db = await e2eDb();
  const { rows } = await db.query("select postcode, postcode_area from waitlist_entries where email = $1", [
    email,
  ]);
  expect(rows).toEqual([{ postcode: "EH1 1YZ", postcode_area: "EH" }]);

  // Back to a London postcode: the tick, and the questionnaire goes on.
  await postcode.fill("CR0 1XX");
  await expect(offer).toBeHidden();
  await expect(page.getByText("We'll save this as CR0 1XX")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Where are you based?" })).toBeHidden();
});

test("answers saved with a Belfast postcode never reach a payment page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newMember(page);
  const saved = await page.request.post("/api/onboarding/preferences", {
    data: { ...ACCEPTED_PREFERENCES, postcode: "BT1 1AA" },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/subscription?tier=gold");
  await page.getByRole("button", { name: "Subscribe" }).click();
  const notice = page.getByRole("alert", { name: "London only for now" });
  await expect(notice).toContainText(
    "We only plan dates in Greater London for now. Join the waitlist and we'll tell you when we reach the BT area.",
  );
  await expect(page).toHaveURL("/subscription?tier=gold");
  await expect(notice).toBeInViewport();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/subscription-refused.png` });
  await notice.getByRole("link", { name: "Join the waitlist" }).click();
  await expect(page.getByRole("region", { name: "London only for now" })).toContainText("BT1 1AA");
});

test("the back office counts the waitlist by postcode area", async ({ page }) => {
  for (const [email, postcode] of [
    ["bt-one@example.com", "BT1 1AA"],
    ["bt-two@example.com", "BT9 5AA"],
    ["gy-one@example.com", "GY1 1AA"],
  ])
    await page.request.post("/api/waitlist", { data: { email, postcode } });
  await signInAsAdmin(page);
  await page.goto("/admin?tab=analytics");
  const bt = page.getByTestId("waitlist-BT");
  await expect(bt).toBeVisible();
  const { rows } = await (await e2eDb()).query(
    "select count(*)::int as n from waitlist_entries where postcode_area = 'BT'",
  );
  await expect(bt.getByRole("cell").first()).toHaveText(String(rows[0].n));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Waitlist" }).click();
  expect((await download).suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test.describe("screenshots", () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`onboarding outside London and the admin card at ${width} in ${colorScheme}`, async ({ page }) => {
        test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await openLocationStep(page);
        await page.getByLabel("Your postcode").fill("GY1 1AA");
        await expect(page.getByRole("region", { name: "London only for now" })).toBeVisible();
        await expectAccessibleInFullRun(page, `outside London (${colorScheme}, ${width})`, { soft: true });
        await page.screenshot({ path: `${SHOTS}/onboarding-${width}-${colorScheme}.png`, fullPage: true });
        await page.getByRole("button", { name: "Join the GY waitlist" }).click();
        await expect(page.getByText("You're on the list.")).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/joined-${width}-${colorScheme}.png`, fullPage: true });

        await page.context().clearCookies();
        await signInAsAdmin(page);
        await page.goto("/admin?tab=analytics");
        const card = page.getByTestId("waitlist-GY");
        await expect(card).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/admin-${width}-${colorScheme}.png` });
      });
    }
  }
});
