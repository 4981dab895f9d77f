import { expect, test } from "@playwright/test";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/** The back office's frame: header, the three counts, the tab strip and who may open it. */
test.describe("admin dashboard", () => {
  test("shows the header, the stat cards and opens tabs by address", async ({ page }) => {
    await signInAsAdmin(page);
    const stats = await (await page.request.get("/api/admin/stats")).json();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    // The header's logo and the page's heading share a left edge on a wide screen.
    const logo = await page.getByRole("link", { name: /home$/ }).locator("svg, img").first().boundingBox();
    const heading = await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).boundingBox();
    expect(Math.abs((logo?.x ?? 0) - (heading?.x ?? 999))).toBeLessThanOrEqual(4);
    await expect(page.getByText("Manage date ideas, venues, and member experiences")).toBeVisible();
    const glance = page.getByRole("region", { name: "At a glance" });
    await expect(glance.getByText("Total Members")).toBeVisible();
    await expect(glance.getByText("Partner Venues")).toBeVisible();
    await expect(glance.getByText("Total Assignments")).toBeVisible();
    // Other tests add venues at the same time: the card shows a count, at least what the API said before.
    await expect(page.getByTestId("stat-partner-venues")).toContainText(/\d/);
    const shown = Number(
      ((await page.getByTestId("stat-partner-venues").textContent()) ?? "").replace(/\D/g, ""),
    );
    expect(shown).toBeGreaterThanOrEqual(stats.partnerVenues);
    await expect(page.getByTestId("stat-total-members")).toContainText(/\d/);

    const tabs = page.getByRole("tablist", { name: "Back office areas" }).getByRole("tab");
    // Today opens the back office (its count beside it when something needs a person); Audit comes last.
    await expect(tabs).toHaveText([
      /^Today/,
      "Venues",
      "Members",
      "Users",
      "Assignments",
      "AI Suggestions",
      "Offer Codes",
      "Gifts",
      "Analytics",
      "Email Logs",
      "Support",
      "Audit",
    ]);
    await expect(page.getByRole("tab", { name: /^Today/ })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("tab", { name: "Offer Codes" }).click();
    await expect(page).toHaveURL("/admin?tab=offer-codes");
    await expect(page.getByRole("tab", { name: "Offer Codes" })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("tab", { name: "Users" }).click();
    await expect(page).toHaveURL("/admin?tab=users");
    await page.goBack();
    await expect(page).toHaveURL("/admin?tab=offer-codes");
    await expect(page.getByRole("tab", { name: "Offer Codes" })).toHaveAttribute("aria-selected", "true");

    await page.goto("/admin?tab=emails");
    await expect(page.getByRole("tab", { name: "Email Logs" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/admin?tab=nonsense");
    await expect(page.getByRole("tab", { name: /^Today/ })).toHaveAttribute("aria-selected", "true");
  });

  test("on a phone the counts sit in one row and the open tab is scrolled into sight", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=support");
    const members = page.getByTestId("stat-total-members");
    const assignments = page.getByTestId("stat-total-assignments");
    await expect(members).toBeVisible();
    expect((await members.boundingBox())!.y).toBe((await assignments.boundingBox())!.y);
    await expect(page.getByRole("tab", { name: "Support" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a signed-out visitor is told and sent to sign in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByText("You are logged out. Logging in again...").first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);
  });

  test("a member gets the not-found screen and no admin data", async ({ page }) => {
    await newMember(page);
    await page.goto("/admin?tab=members");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  });
});
