import { expect, type Page, test } from "@playwright/test";
import {
  ACCEPTED_PREFERENCES,
  arrangeDate,
  authoriseSandboxDirectDebit,
  e2eDb,
  expectAccessibleInFullRun,
  readMail,
} from "../../../../tests/e2e/helpers.ts";
import { shootAll } from "../../../../tests/e2e/shoot-all.ts";
import { newMember } from "../../../../tests/e2e/sign-in.ts";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("a covered partner's month off", () => {
  test("the partner sees the booked date, keeps it, pauses the couple's plan, the holder is told; then resumes", async ({
    page,
    browser,
  }) => {
    test.setTimeout(400_000);
    // The plan holder subscribes; the partner is linked to them (arranged: the invitation has its own spec).
    const holder = await newMember(page, { firstName: "Iris" });
    expect(
      (await page.request.post("/api/onboarding/preferences", { data: ACCEPTED_PREFERENCES })).status(),
    ).toBe(200);
    await page.goto("/subscription?tier=gold");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await authoriseSandboxDirectDebit(page);
    const context = await browser.newContext();
    const partnerPage = await context.newPage();
    const partner = await newMember(partnerPage, { firstName: "Noah" });
    const db = await e2eDb();
    await db.query(
      `UPDATE users u SET partner_id = o.id FROM users o
        WHERE (u.email = $1 AND o.email = $2) OR (u.email = $2 AND o.email = $1)`,
      [holder.email, partner.email],
    );
    // Gold renews in a month: a date 35 days away falls inside the month off as booked today.
    await arrangeDate(holder.email, { hoursFromNow: 35 * 24, venueName: "Never Shown To Partner" });

    const p = partnerPage;
    const openPause = async () => {
      await p.goto("/settings?tab=subscription");
      await expect(p.getByTestId("partner-cover")).toBeVisible({ timeout: 30_000 });
      await p.getByTestId("partner-pause").click();
      await expect(p.getByRole("dialog").getByTestId("pause-dates")).toBeVisible();
    };
    await p.goto("/settings?tab=subscription");
    await expect(p.getByRole("region", { name: "Take a month off" })).toContainText(
      "Iris is told by e-mail",
      {
        timeout: 30_000,
      },
    );
    await shootAll(p, "partner-pause-offer", async () => {
      await p.goto("/settings?tab=subscription");
      await expect(p.getByTestId("partner-pause")).toBeVisible();
    });
    await openPause();
    const dialog = p.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Take a month off" })).toBeVisible();
    await expect(dialog.getByTestId("pause-dates")).toContainText("You have a date booked in that month:");
    await expect(dialog.getByTestId("pause-dates")).toContainText("Still a surprise");
    expect(await p.content()).not.toContain("Never Shown To Partner");
    await expect(dialog.getByTestId("pause-confirm")).toBeDisabled();
    await expectAccessibleInFullRun(p, "partner pause dialog");
    await shootAll(p, "partner-pause-dialog", openPause, false);
    await openPause();

    await dialog.getByRole("radio", { name: "Keep this date" }).click();
    const reloaded = p.waitForEvent("load");
    await dialog.getByTestId("pause-confirm").click();
    await expect(toasts(p).getByText("Subscription Paused")).toBeVisible();
    await reloaded;
    const notice = p.getByTestId("pause-notice");
    await expect(notice).toContainText(/Month off booked: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/);
    await expect(p.getByTestId("partner-pause")).toHaveCount(0);
    await shootAll(p, "partner-pause-booked", async () => {
      await p.goto("/settings?tab=subscription");
      await expect(p.getByTestId("pause-notice")).toBeVisible();
    });

    // The holder is told, and sees the same month off on their own Settings.
    const mail = await readMail(holder.email, "plan_paused");
    expect(mail.subject).toBe("Noah booked your month off");
    expect(mail.text).toContain("Noah booked a month off on your plan");
    await page.goto("/settings?tab=subscription");
    await expect(page.getByTestId("pause-notice")).toContainText(/Month off booked: /);

    // The partner resumes early.
    await p.goto("/settings?tab=subscription");
    const again = p.waitForEvent("load");
    await p.getByRole("button", { name: "Resume now" }).click();
    await expect(toasts(p).getByText("Plan Resumed")).toBeVisible();
    await again;
    await expect(p.getByTestId("pause-notice")).toHaveCount(0);
    await expect(p.getByTestId("partner-pause")).toBeVisible();
    expect((await readMail(holder.email, "plan_resumed")).subject).toBe("Noah called off your month off");
    await context.close();
  });
});
