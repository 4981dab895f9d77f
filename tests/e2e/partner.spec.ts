import { expect, type Page, test } from "@playwright/test";
import { readMail, registerViaApi, uniqueEmail } from "./helpers.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The invitation link in the e-mail, as a path on the site under test. */
function invitePath(mail: { text: string }): string {
  const match = /https?:\/\/\S+?(\/partner-invite\?token=[\w.~%-]+)/.exec(mail.text);
  expect(match, "the invitation e-mail carries a /partner-invite link").not.toBeNull();
  return match![1];
}

test.describe("partners", () => {
  test("a member invites their partner, who signs up through the invitation, accepts, and is unlinked", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const partnerEmail = uniqueEmail("partner");

    // A invites B from Settings, Profile tab.
    await registerViaApi(page, { firstName: "Alex" });
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Your partner" });
    await expect(card.getByText("Partners share the couple's dates")).toBeVisible();
    await card.getByLabel("Invite your partner").fill("not-an-address");
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(card.getByText("Please enter a valid email address")).toBeVisible();
    await card.getByLabel("Invite your partner").fill(partnerEmail);
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(toasts(page).getByText("Invitation sent")).toBeVisible();
    await expect(card.getByTestId("partner-pending")).toContainText(partnerEmail);
    await expect(card.getByRole("button", { name: "Cancel invitation" })).toBeVisible();

    // B opens the link from the e-mail: the landing page with the invitation on top.
    const path = invitePath(await readMail(partnerEmail, "partner_invite"));
    const partnerContext = await browser.newContext();
    const partner = await partnerContext.newPage();
    await partner.goto(path);
    const invite = partner.getByTestId("partner-invite-card");
    await expect(invite.getByText("Alex invited you to join Unveil as their partner")).toBeVisible();
    await expect(
      partner.getByRole("heading", { level: 1, name: /Your next evening together/ }),
    ).toBeVisible();

    // Create account keeps the invitation in ?next= and comes back to it.
    await invite.getByRole("link", { name: "Create account" }).click();
    await expect(partner).toHaveURL(/\/auth\?next=%2Fpartner-invite%3Ftoken%3D/);
    await partner.getByRole("tab", { name: "Create Account" }).click();
    await partner.getByLabel("First name").fill("Blake");
    await partner.getByLabel("Last name").fill("Morgan");
    await partner.getByLabel("Email").fill(partnerEmail);
    await partner.getByLabel("Password").fill("a-long-passphrase");
    await partner.getByRole("button", { name: "Create Account" }).click();
    await expect(partner).toHaveURL(path);
    await invite.getByRole("button", { name: "Accept invitation" }).click();
    await expect(toasts(partner).getByText("Partner linked")).toBeVisible();
    await expect(partner).toHaveURL("/dashboard");

    // The link has been used: opening it again says so.
    await partner.goto(path);
    await expect(partner.getByText("This invitation link is invalid or has expired.")).toBeVisible();
    await partnerContext.close();

    // A sees B on the card, and unlinks after confirming.
    await page.reload();
    await expect(card.getByTestId("partner-linked")).toContainText("Blake");
    await expect(card.getByTestId("partner-linked")).toContainText(partnerEmail);
    await card.getByRole("button", { name: "Unlink partner" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Unlink Blake?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Unlink partner" }).click();
    await expect(toasts(page).getByText("Partner unlinked")).toBeVisible();
    await expect(card.getByLabel("Invite your partner")).toBeVisible();
  });

  test("a pending invitation can be cancelled, and its link then no longer works", async ({ page }) => {
    // A long unbroken address on a phone: the toast that quotes it wraps inside its box.
    await page.setViewportSize({ width: 390, height: 844 });
    const partnerEmail = uniqueEmail("partnerwitharemarkablylongunbrokenaddress");
    await registerViaApi(page, { firstName: "Sam" });
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Your partner" });
    await card.getByLabel("Invite your partner").fill(partnerEmail);
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(card.getByTestId("partner-pending")).toContainText(partnerEmail);
    const path = invitePath(await readMail(partnerEmail, "partner_invite"));

    await card.getByRole("button", { name: "Cancel invitation" }).click();
    await expect(toasts(page).getByText("Invitation cancelled")).toBeVisible();
    const toast = toasts(page).getByRole("listitem").filter({ hasText: "Invitation cancelled" });
    await expect(toast).toContainText(partnerEmail);
    expect(await toast.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = await toast.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expect(card.getByLabel("Invite your partner")).toBeVisible();

    await page.goto(path);
    await expect(page.getByText("This invitation link is invalid or has expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
  });

  test("a visitor with a bad token sees the landing page and says so; no token is the plain landing page", async ({
    page,
  }) => {
    await page.goto("/partner-invite?token=not-a-real-token");
    await expect(page.getByText("This invitation link is invalid or has expired.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /Your next evening together/ })).toBeVisible();

    await page.goto("/partner-invite");
    await expect(page.getByRole("heading", { level: 1, name: /Your next evening together/ })).toBeVisible();
    await expect(page.getByTestId("partner-invite-card")).toHaveCount(0);
  });

  test("an existing member signs in from the invitation and accepts", async ({ page, browser }) => {
    const inviter = await browser.newPage();
    await registerViaApi(inviter, { firstName: "Robin" });
    const partnerEmail = uniqueEmail("partner");
    const res = await inviter.request.post("/api/partner/invite", { data: { email: partnerEmail } });
    expect(res.ok()).toBe(true);
    const path = invitePath(await readMail(partnerEmail, "partner_invite"));
    await inviter.close();

    // The partner already has an account (registered elsewhere), signed out here.
    const elsewhere = await browser.newPage();
    await registerViaApi(elsewhere, { email: partnerEmail, password: "another-passphrase", firstName: "Jo" });
    await elsewhere.close();

    await page.goto(path);
    await page.getByTestId("partner-invite-card").getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(partnerEmail);
    await page.getByLabel("Password", { exact: true }).fill("another-passphrase");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByText("Robin invited you to join Unveil as their partner")).toBeVisible();
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});
