import { expect, test } from "@playwright/test";
import { ADMIN, e2eDb, registerViaApi } from "./helpers.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** Signed-in devices in Settings, and an admin signing a member out everywhere from the member page. */
test.describe("sessions", () => {
  test("a member sees their devices and signs the other one out", async ({ page, browser }) => {
    const member = await registerViaApi(page);
    const phone = await browser.newContext({ userAgent: IPHONE });
    try {
      const res = await phone.request.post("/api/login", { data: member });
      expect(res.ok()).toBe(true);
      await page.goto("/settings?tab=privacy");
      const devices = page.getByRole("list", { name: "Devices" });
      await expect(devices.getByRole("listitem")).toHaveCount(2);
      await expect(devices.getByText("This device")).toBeVisible();
      // The device in hand leads the list, whichever was used last.
      await expect(devices.getByRole("listitem").first()).toContainText("This device");
      await page.getByRole("button", { name: /^Sign out Safari on iPhone/ }).click();
      await expect(page.getByText("That device has been signed out.").first()).toBeVisible();
      await expect(devices.getByRole("listitem")).toHaveCount(1);
      await expect(page.getByText("You're not signed in anywhere else.")).toBeVisible();
      expect((await phone.request.get("/api/auth/user")).status()).toBe(401);
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    } finally {
      await phone.close();
    }
  });

  test("an admin is asked to set up two-step verification and signs a member out everywhere", async ({
    page,
    browser,
  }) => {
    const memberContext = await browser.newContext();
    try {
      const memberPage = await memberContext.newPage();
      const member = await registerViaApi(memberPage);
      const db = await e2eDb();
      const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [
        member.email,
      ]);

      expect((await page.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
      await page.goto("/admin");
      const ask = page.getByRole("region", { name: "Set up two-step verification" });
      await expect(ask).toBeVisible();
      await expect(ask.getByRole("link", { name: "Set up now" })).toHaveAttribute(
        "href",
        "/settings?tab=privacy",
      );

      await page.goto(`/admin/members/${rows[0].id}`);
      await expect(page.getByText("Signed in on 1 device")).toBeVisible();
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page.getByText("Signed the member out of 1 device.").first()).toBeVisible();
      await expect(page.getByText("Not signed in anywhere")).toBeVisible();
      expect((await memberPage.request.get("/api/auth/user")).status()).toBe(401);
    } finally {
      await memberContext.close();
    }
  });
});
