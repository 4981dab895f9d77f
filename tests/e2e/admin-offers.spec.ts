import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./sign-in.ts";

/** The Offer Codes tab: the Create Offer Code dialog, the table and Enable / Disable. */
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${process.pid}`;

test.describe("offer codes tab", () => {
  test("creates a code through the dialog, then disables and enables it", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=offer-codes");
    // The tab's code loads on first open: allow a busy machine a little longer.
    await expect(page.getByRole("heading", { name: "Offer Codes" })).toBeVisible({ timeout: 15_000 });

    const code = uniqueCode("SPRING");
    await page.getByRole("button", { name: "Create Offer Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Offer Code" });
    await expect(dialog).toBeVisible();

    // The shared rules answer before anything is sent.
    await dialog.getByLabel("Code").fill("ab");
    await dialog.getByLabel("Discount value (%)").fill("120");
    await dialog.getByRole("button", { name: "Create Offer Code" }).click();
    // Two problems: the summary at the top takes focus and leads to each field, which says it too.
    const summary = dialog.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      /^Code must be 3 to 40 characters/,
      "A percentage discount cannot be more than 100%",
    ]);
    await summary.getByRole("link", { name: "A percentage discount cannot be more than 100%" }).click();
    await expect(dialog.getByLabel("Discount value (%)")).toBeFocused();
    await expect(dialog.getByLabel("Code")).toHaveAccessibleDescription(/^Code must be 3 to 40 characters/);

    await dialog.getByLabel("Code").fill(code.toLowerCase());
    await dialog.getByLabel("Description").fill("Spring newsletter offer");
    await dialog.getByLabel("Discount value (%)").fill("20");
    await dialog.getByLabel("Duration (months)").fill("3");
    await dialog.getByLabel("Max uses", { exact: true }).fill("100");
    await dialog.getByLabel("Gold").check();
    await dialog.getByLabel("Expires").fill("2030-03-15T12:00");
    await dialog.getByRole("button", { name: "Create Offer Code" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${code} is ready to use.`, { exact: true })).toBeVisible();

    const row = page.getByTestId(`offer-code-${code}`);
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell")).toHaveText([
      code,
      /Spring newsletter offer\s*Gold only/,
      "20%",
      "3 months",
      "0 / 100",
      "Active",
      "15/03/2030",
      /Edit\s*Disable/,
    ]);

    await row.getByRole("button", { name: `Disable ${code}` }).click();
    await expect(row.getByText("Inactive")).toBeVisible();
    await expect(page.getByText(`${code} is now disabled.`, { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Enable ${code}` }).click();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    const codes = await (await page.request.get("/api/admin/offer-codes")).json();
    expect(codes.find((c: { code: string }) => c.code === code)).toMatchObject({ isActive: true });
  });

  test("a duplicate code is refused with the server's message on the field and in a toast", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const code = uniqueCode("DUPE");
    expect(
      (
        await page.request.post("/api/admin/offer-codes", {
          data: { code, discountType: "fixed_amount", discountValue: 5 },
        })
      ).status(),
    ).toBe(201);
    await page.goto("/admin?tab=offer-codes");
    const row = page.getByTestId(`offer-code-${code}`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole("cell").nth(2)).toHaveText("£5.00");
    await expect(row.getByRole("cell").nth(3)).toHaveText("Forever");
    await expect(row.getByRole("cell").nth(4)).toHaveText("0 / ∞");

    await page.getByRole("button", { name: "Create Offer Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Offer Code" });
    await dialog.getByLabel("Code").fill(code);
    await dialog.getByRole("button", { name: "Create Offer Code" }).click();
    await expect(page.getByText("Failed to create offer code", { exact: true })).toBeVisible();
    // The server's refusal: in the summary, focused, and beside the code.
    await expect(dialog.getByTestId("error-summary")).toBeFocused();
    await expect(dialog.getByTestId("error-summary").getByRole("link")).toHaveText(
      `An offer code "${code}" already exists`,
    );
    await expect(dialog.getByLabel("Code")).toHaveAccessibleDescription(
      `An offer code "${code}" already exists`,
    );
    await expect(dialog).toBeVisible();
  });
});

// Screenshots for a person to look at (SHOTS_DIR=/tmp/shots-x): phone and desktop, light and dark.
for (const width of [390, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`offer codes screenshots at ${width} in ${colorScheme}`, async ({ page }) => {
      test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await signInAsAdmin(page);
      await page.request.post("/api/admin/offer-codes", {
        data: {
          code: uniqueCode("SHOT"),
          description: "Screenshot offer for the spring newsletter",
          discountValue: 15,
          durationMonths: 2,
          maxUses: 50,
        },
      });
      await page.goto("/admin?tab=offer-codes");
      await expect(page.getByRole(width < 640 ? "list" : "table", { name: "Offer codes" })).toBeVisible({
        timeout: 15_000,
      });
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/offers-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await page.getByRole("heading", { name: "Offer Codes" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/offers-view-${width}-${colorScheme}.png` });
      await page.getByRole("button", { name: "Create Offer Code" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Create Offer Code" }).click();
      await expect(page.getByRole("dialog").locator("[aria-invalid=true]").first()).toBeFocused();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/offers-dialog-${width}-${colorScheme}.png` });
    });
  }
}
