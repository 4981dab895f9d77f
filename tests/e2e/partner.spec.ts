import { expect, type Page, test } from "@playwright/test";
import {
  e2eDb,
  expectAccessibleInFullRun,
  FULL_ONLY,
  readMail,
  registerViaApi,
  saveAcceptedPreferences,
  setPlan,
  uniqueEmail,
} from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The invitation link in the e-mail, as a path on the site under test. */
function invitePath(mail: { text: string }): string {
  const match = /https?:\/\/\S+?(\/partner-invite\?token=[\w.~%-]+)/.exec(mail.text);
  expect(match, "the invitation e-mail carries a /partner-invite link").not.toBeNull();
  return match![1];
}

/** A path on the site under test from a link in a mail (invitation, verification). */
function linkPath(mail: { text: string }, pattern: RegExp): string {
  const match = pattern.exec(mail.text);
  expect(match, `the e-mail carries a link matching ${pattern}`).not.toBeNull();
  return match![1];
}

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

/** The screen at phone and desktop size, light and dark, for a person to look at. */
async function shootAll(page: Page, name: string, fullPage = true) {
  // The full run checks the screen with axe as it stands; the 24 screenshots (and both themes' checks) when
  // SHOTS_DIR is set, as the other specs' screenshot runs.
  if (!process.env.SHOTS_DIR) {
    await expectAccessibleInFullRun(page, `partner ${name}`, { soft: true });
    return;
  }
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS)
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      // The page follows the system setting through a class on <html>; colour transitions are finished at once.
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains("dark") === dark,
        colorScheme === "dark",
      );
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: `test-results/screens/partner-${name}-${viewport.name}-${colorScheme}.png`,
        fullPage,
        animations: "disabled",
      });
      if (viewport.name === "desktop")
        await expectAccessibleInFullRun(page, `partner ${name} (${colorScheme})`, { soft: true });
    }
  if (before) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("partners", () => {
  test("the partner's journey: invitation, Create Account prefilled, verify, accept, short questionnaire, dashboard", async ({
    page,
    browser,
  }) => {
    // Twenty-four full-page screenshots on a busy two-core machine.
    test.setTimeout(300_000);
    const partnerEmail = uniqueEmail("partner");

    // A, with a plan and the couple's answers, invites B from Settings, Profile tab.
    const alex = await newMember(page, { firstName: "Alex" });
    await saveAcceptedPreferences(page);
    await setPlan(alex.email, { tier: "gold", status: "active" });
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
    await shootAll(partner, "1-invitation", false);

    // Create account: the invited address is filled in, and the invitation kept in ?next=.
    await invite.getByRole("link", { name: "Create account" }).click();
    await expect(partner).toHaveURL(/\/auth\?next=%2Fpartner-invite%3Ftoken%3D/);
    await expect(partner.getByRole("tab", { name: "Create Account" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(partner.getByLabel("Email")).toHaveValue(partnerEmail);
    await expect(partner.getByTestId("auth-invite-note")).toContainText(`Alex invited ${partnerEmail}`);
    await shootAll(partner, "2-create-account");
    await partner.getByLabel("First name").fill("Blake");
    await partner.getByLabel("Last name").fill("Morgan");
    await partner.getByLabel("Password").fill("a-long-passphrase");
    await partner.getByRole("button", { name: "Create Account" }).click();

    // Back on the invitation: the address must be confirmed before accepting.
    await expect(partner).toHaveURL(path);
    await expect(invite.getByTestId("invite-verify-first")).toContainText(partnerEmail);
    await expect(invite.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
    await shootAll(partner, "3-verify-first");

    // The verification link comes back to the invitation, which can now be accepted.
    const verify = linkPath(
      await readMail(partnerEmail, "email_verification"),
      /https?:\/\/\S+?(\/api\/verify-email\?token=[\w.~%-]+)/,
    );
    await partner.goto(verify);
    await expect(partner).toHaveURL(path);
    await expect(toasts(partner).getByText("Email verified")).toBeVisible();
    await invite.getByRole("button", { name: "Accept invitation" }).click();
    await expect(toasts(partner).getByText("Partner linked")).toBeVisible();

    await expect(partner).toHaveURL("/onboarding");
    await expect(partner.getByRole("heading", { level: 1, name: "A few things about you" })).toBeVisible();

    // Elsewhere too, B is asked only for their own needs, never for the whole questionnaire again.
    await partner.goto("/dashboard");
    const empty = partner.getByTestId("dates-empty");
    await expect(empty.getByRole("heading", { name: "Add your own needs" })).toBeVisible();
    await expect(empty).toContainText("Alex has told us about the dates you'll both enjoy");
    await expect(partner.getByText("Tell us what you both love")).toHaveCount(0);
    await expect(partner.getByRole("link", { name: "Start Onboarding" })).toHaveCount(0);
    await shootAll(partner, "4-dashboard-before-answering");
    await partner.goto("/");
    await expect(partner.getByRole("link", { name: "Start Onboarding" })).toHaveCount(0);
    await partner.getByRole("link", { name: "Add your needs" }).click();

    // The short questionnaire: only B's own needs, beside the couple's answers.
    await expect(partner).toHaveURL("/onboarding");
    await expect(partner.getByRole("heading", { level: 1, name: "A few things about you" })).toBeVisible();
    const shared = partner.getByTestId("shared-answers");
    await expect(shared).toContainText("Near SW1A 1AA, within 25 miles");
    await expect(shared).toContainText("££");
    await expect(shared).toContainText("Culture");
    await expect(shared).toContainText("Saturdays (1st, 2nd and 3rd weeks)");
    await expect(shared).toContainText("Afternoons (12PM-6PM)");
    await expect(partner.getByText("Step 1 of 6", { exact: true })).toHaveCount(0);
    await shootAll(partner, "5-short-questionnaire");

    await partner.getByRole("checkbox", { name: "Vegan" }).click();
    await partner.getByRole("checkbox", { name: "Step-free access" }).click();
    await partner.getByRole("switch", { name: "Alcohol is fine for me" }).click();
    await partner.getByRole("button", { name: "Save and go to my dashboard" }).click();
    await expect(partner.getByText("You must accept the Terms & Conditions to continue")).toBeVisible();
    await partner.getByRole("checkbox", { name: "I accept the Terms & Conditions" }).click();
    await expect(partner.getByText("You must accept the Terms & Conditions to continue")).toHaveCount(0);
    await partner.getByRole("button", { name: "Save and go to my dashboard" }).click();

    // The dashboard no longer asks for a questionnaire.
    await expect(partner).toHaveURL("/dashboard");
    await expect(toasts(partner).getByText("Your answers are saved")).toBeVisible();
    // The plan was arranged in the database (no set-up on record): no first-month promise, the general words.
    await expect(partner.getByTestId("dates-empty")).toContainText("Your first date is being planned");
    await expect(partner.getByText("Tell us what you both love")).toHaveCount(0);
    await expect(partner.getByTestId("dashboard-plan")).toContainText("Gold");
    await shootAll(partner, "6-dashboard");

    const saved = await (await e2eDb()).query(
      `SELECT p.dietary_restrictions, p.accessibility_needs, p.alcohol_ok, u.onboarding_completed
       FROM users u JOIN user_preferences p ON p.user_id = u.id WHERE u.email = $1`,
      [partnerEmail],
    );
    expect(saved.rows).toEqual([
      {
        dietary_restrictions: ["Vegan"],
        accessibility_needs: ["Step-free access"],
        alcohol_ok: false,
        onboarding_completed: true,
      },
    ]);

    // Coming back to /onboarding shows the short questionnaire with the saved answers.
    await partner.goto("/onboarding");
    await expect(partner.getByRole("checkbox", { name: "Vegan" })).toBeChecked();
    await expect(partner.getByRole("switch", { name: "Alcohol is fine for me" })).not.toBeChecked();

    // The link has been used: opening it again says so.
    await partner.goto(path);
    await expect(partner.getByText("This invitation link is invalid or has expired.")).toBeVisible();
    await partnerContext.close();

    // A sees B on the card.
    await page.reload();
    await expect(card.getByTestId("partner-linked")).toContainText("Blake");
    await expect(card.getByTestId("partner-linked")).toContainText(partnerEmail);
  });

  test("signed in with another address: the invitation says where it went and offers to switch account", async ({
    page,
    browser,
  }) => {
    const inviter = await browser.newPage();
    await newMember(inviter, { firstName: "Robin" });
    const partnerEmail = uniqueEmail("partner");
    expect((await inviter.request.post("/api/partner/invite", { data: { email: partnerEmail } })).ok()).toBe(
      true,
    );
    const path = invitePath(await readMail(partnerEmail, "partner_invite"));
    await inviter.close();

    const someone = await newMember(page, { firstName: "Sam" });
    await page.goto(path);
    const invite = page.getByTestId("partner-invite-card");
    await expect(invite).toContainText(`This invitation was sent to ${partnerEmail}`);
    await expect(invite).toContainText(`You're signed in as ${someone.email}`);
    await expect(invite.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
    await shootAll(page, "wrong-account");

    await invite.getByRole("button", { name: "Sign out and switch account" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fpartner-invite%3Ftoken%3D/);
    await expect(page.getByLabel("Email")).toHaveValue(partnerEmail);
  });

  test("a pending invitation can be cancelled, and its link then no longer works", async ({ page }) => {
    // A long unbroken address on a phone: the toast that quotes it wraps inside its box.
    await page.setViewportSize({ width: 390, height: 844 });
    const partnerEmail = uniqueEmail("partnerwitharemarkablylongunbrokenaddress");
    const me = await newMember(page, { firstName: "Sam" });
    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Your partner" });
    // The server's refusal stays on the page: in the focused summary and beside the address.
    await card.getByLabel("Invite your partner").fill(me.email);
    await card.getByRole("button", { name: "Send invitation" }).click();
    const refusal = "You can't invite yourself. Enter your partner's e-mail address.";
    await expect(card.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await expect(card.getByLabel("Invite your partner")).toHaveAccessibleDescription(refusal);
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

  test(
    "a visitor with a bad token sees the landing page and says so; no token is the plain landing page",
    FULL_ONLY,
    async ({ page }) => {
      await page.goto("/partner-invite?token=not-a-real-token");
      await expect(page.getByText("This invitation link is invalid or has expired.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: /Your next evening together/ })).toBeVisible();

      await page.goto("/partner-invite");
      await expect(page.getByRole("heading", { level: 1, name: /Your next evening together/ })).toBeVisible();
      await expect(page.getByTestId("partner-invite-card")).toHaveCount(0);
    },
  );

  test("an existing member signs in from the invitation and accepts", async ({ page, browser }) => {
    const inviter = await browser.newPage();
    await newMember(inviter, { firstName: "Robin" });
    const partnerEmail = uniqueEmail("partner");
    const res = await inviter.request.post("/api/partner/invite", { data: { email: partnerEmail } });
    expect(res.ok()).toBe(true);
    const path = invitePath(await readMail(partnerEmail, "partner_invite"));
    await inviter.close();

    // The partner already has an account (registered elsewhere), signed out here.
    const elsewhere = await browser.newPage();
    await registerViaApi(elsewhere, { email: partnerEmail, password: "another-passphrase", firstName: "Jo" });
    await elsewhere.goto(
      linkPath(
        await readMail(partnerEmail, "email_verification"),
        /https?:\/\/\S+?(\/api\/verify-email\?token=[\w.~%-]+)/,
      ),
    );
    await expect(elsewhere.getByText("Email verified", { exact: true })).toBeVisible();
    await elsewhere.close();

    await page.goto(path);
    await page.getByTestId("partner-invite-card").getByRole("link", { name: "Sign in" }).click();
    // The invited address is filled in on the sign-in form too.
    await expect(page.getByLabel("Email")).toHaveValue(partnerEmail);
    await page.getByLabel("Password", { exact: true }).fill("another-passphrase");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByText("Robin invited you to join Unveil as their partner")).toBeVisible();
    await page.getByRole("button", { name: "Accept invitation" }).click();
    // Robin has not answered the couple's questions yet, so Jo gets the whole questionnaire.
    await expect(page).toHaveURL("/onboarding");
    await expect(page.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  });
});
