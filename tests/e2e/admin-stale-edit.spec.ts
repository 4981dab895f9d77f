import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, expectAccessibleInFullRun, FULL_ONLY } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * Edits that never overwrite each other (decision 0070): two tabs edit one venue; the second save is refused
 * in the dialog with who changed it, the input kept; Reload shows the other change; the history lists both.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
const unique = (base: string) =>
  `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openEdit(page: Page, name: string) {
  await page.goto("/admin?tab=venues");
  await expect(page.getByRole("heading", { name: "Partner Venues" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("searchbox", { name: "Search venues" }).fill(name);
  const row = page.getByRole("table", { name: "Venues" }).getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  // The form waits for the venue's own read (its version goes with the save).
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  return dialog;
}

test("a second tab's stale save is refused in the dialog, keeps its input, and Reload shows the other change", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await signInAsAdmin(tabA);
  const name = unique("The Two Tabs");
  const made = await tabA.request.post("/api/admin/venues", {
    data: { name, city: "London", type: "restaurant", features: ["Candles"] },
  });
  expect(made.status()).toBe(201);

  const a = await openEdit(tabA, name);
  const b = await openEdit(tabB, name);

  await a.getByLabel("City", { exact: true }).fill("Bath");
  await a.getByRole("button", { name: "Save Changes" }).click();
  await expect(a).toBeHidden();

  await b.getByLabel("Features", { exact: true }).fill("Candles, River view");
  await b.getByLabel("City", { exact: true }).fill("York");
  await b.getByRole("button", { name: "Save Changes" }).click();
  const alert = b.getByRole("alert").filter({ hasText: "Changed by" });
  await expect(alert).toContainText(/Changed by .+ at \d\d:\d\d on \d+ \w+: reload to see their change/);
  // Still open, the operator's input still there; nothing of it was saved.
  await expect(b).toBeVisible();
  await expect(b.getByLabel("City", { exact: true })).toHaveValue("York");
  await expect(b.getByLabel("Features", { exact: true })).toHaveValue("Candles, River view");
  const stored = await (await tabB.request.get(`/api/admin/venues/${(await made.json()).id}`)).json();
  expect([stored.city, stored.features]).toEqual(["Bath", ["Candles"]]);

  // The history, opened beside the refusal.
  await b.getByText("Who changed what").click();
  const history = b.getByRole("region", { name: "Venue history" });
  await expect(history.getByTestId("audit-entry")).toHaveCount(2);
  await expect(history.getByTestId("audit-entry").first()).toContainText(`Venue "${name}" saved`);
  await expectAccessibleInFullRun(tabB, "venue dialog with a stale save");
  if (SHOTS) {
    await alert.scrollIntoViewIfNeeded();
    await tabB.screenshot({ path: `${SHOTS}/stale-venue-1280.png` });
    await history.scrollIntoViewIfNeeded();
    await tabB.screenshot({ path: `${SHOTS}/stale-venue-history-1280.png` });
    await tabB.setViewportSize({ width: 390, height: 844 });
    await alert.scrollIntoViewIfNeeded();
    await tabB.screenshot({ path: `${SHOTS}/stale-venue-390.png` });
    await history.scrollIntoViewIfNeeded();
    await tabB.screenshot({ path: `${SHOTS}/stale-venue-history-390.png` });
    await tabB.setViewportSize({ width: 1280, height: 900 });
  }

  // Reload: tab A's change, the operator's input replaced only now.
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(alert).toBeHidden();
  await expect(b.getByLabel("City", { exact: true })).toHaveValue("Bath");
  await expect(b.getByLabel("Features", { exact: true })).toHaveValue("Candles");
  await b.getByLabel("Features", { exact: true }).fill("Candles, River view");
  await b.getByRole("button", { name: "Save Changes" }).click();
  await expect(b).toBeHidden();

  // Both saves are in the venue's history, newest first.
  const again = await openEdit(tabB, name);
  await again.getByText("Who changed what").click();
  const entries = again.getByRole("region", { name: "Venue history" }).getByTestId("audit-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("Features");
  await expect(entries.nth(0)).toContainText("River view");
  await expect(entries.nth(1)).toContainText("City");
  await expect(entries.nth(1)).toContainText("Bath");
  await expect(entries.nth(2)).toContainText(`Venue "${name}" added`);
  await context.close();
});

test("a date idea's stale save is refused in its dialog the same way", FULL_ONLY, async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await signInAsAdmin(tabA);
  const title = unique("Two-tab picnic");
  expect((await tabA.request.post("/api/admin/date-ideas", { data: { title } })).status()).toBe(201);
  const open = async (page: Page) => {
    await page.goto("/admin?tab=venues");
    const row = page.getByRole("table", { name: "Date ideas" }).getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Date Idea" });
    await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    return dialog;
  };
  const a = await open(tabA);
  const b = await open(tabB);
  await a.getByLabel("Dress code").fill("Smart casual");
  await a.getByRole("button", { name: "Save Changes" }).click();
  await expect(a).toBeHidden();
  await b.getByLabel("Dress code").fill("Black tie");
  await b.getByRole("button", { name: "Save Changes" }).click();
  const alert = b.getByRole("alert").filter({ hasText: "Changed by" });
  await expect(alert).toContainText("reload to see their change");
  await expect(b.getByLabel("Dress code")).toHaveValue("Black tie");
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(b.getByLabel("Dress code")).toHaveValue("Smart casual");
  await b.getByText("Who changed what").click();
  await expect(b.getByRole("region", { name: "Date idea history" }).getByTestId("audit-entry")).toHaveCount(
    2,
  );
  await context.close();
});

test(
  "a date's clues saved in another tab: the drafts stay, Reload shows the other version",
  FULL_ONLY,
  async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    const { email } = await newMember(tabA, { firstName: "Twotab" });
    await arrangeDate(email, { hoursFromNow: 140 });
    await signInAsAdmin(tabA);
    const open = async (page: Page) => {
      await page.goto("/admin?tab=assignments");
      await page.getByRole("searchbox", { name: "Search assignments" }).fill(email);
      await page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: /View/ }).click();
      const details = page.getByRole("dialog", { name: "Assignment details" });
      await expect(details.getByLabel("What kind of date")).toHaveValue("Come hungry.");
      return details;
    };
    const a = await open(tabA);
    const b = await open(tabB);
    await a.getByLabel("What kind of date").fill("Skip lunch that day.");
    await a.getByRole("button", { name: "Save clues" }).click();
    await expect(tabA.getByText("Clues saved", { exact: true })).toBeVisible();
    await b.getByLabel("What kind of date").fill("Bring an appetite.");
    await b.getByRole("button", { name: "Save clues" }).click();
    const alert = b.getByRole("alert").filter({ hasText: "Changed by" });
    await expect(alert).toContainText("reload to see their change");
    await expect(b.getByLabel("What kind of date")).toHaveValue("Bring an appetite.");
    await b.getByText("Who changed what").click();
    await expect(b.getByRole("region", { name: "Clue history" }).getByTestId("audit-entry")).toHaveCount(1);
    if (SHOTS) {
      await alert.scrollIntoViewIfNeeded();
      await tabB.screenshot({ path: `${SHOTS}/stale-clues-1280.png` });
      await tabB.setViewportSize({ width: 390, height: 844 });
      await alert.scrollIntoViewIfNeeded();
      await tabB.screenshot({ path: `${SHOTS}/stale-clues-390.png` });
    }
    await alert.getByRole("button", { name: "Reload" }).click();
    await expect(alert).toBeHidden();
    await expect(b.getByLabel("What kind of date")).toHaveValue("Skip lunch that day.");
    await context.close();
  },
);
