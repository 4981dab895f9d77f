import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { e2eDb, FULL_ONLY, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** Email Logs tab: the log, its two exports, and editing a template with its preview. */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

test("lists, searches and filters the log, and exports it and the members' addresses", async ({ page }) => {
  const t = tag();
  const db = await e2eDb();
  const optedIn = uniqueEmail("emails-in");
  const optedOut = uniqueEmail("emails-out");
  const member = await db.query(
    `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Lena', $2), ($3, 'Omar', $2) RETURNING id`,
    [optedIn, `Logs${t}`, optedOut],
  );
  await db.query(`INSERT INTO notification_settings (user_id, marketing_opt_out) VALUES ($1, true)`, [
    member.rows[1].id,
  ]);
  await db.query(
    `INSERT INTO email_logs (recipient_email, recipient_name, subject, email_type, status, error_message, user_id, sent_at)
     VALUES ($1, 'Lena', $2, 'password_reset', 'sent', NULL, $3, now() - interval '1 hour'),
            ($1, 'Lena', $4, 'date_reveal', 'failed', 'Mailbox full', $3, now())`,
    [optedIn, `Reset your password ${t}`, member.rows[0].id, `Your date is revealed ${t}`],
  );

  await signInAsAdmin(page);
  await page.goto("/admin?tab=emails");
  await expect(page.getByRole("heading", { name: "Email Logs" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Search email logs" }).fill(t);
  const table = page.getByRole("table", { name: "Email logs" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("columnheader")).toHaveText([
    "Date & Time",
    "Member",
    "Recipient",
    "Subject",
    "Type",
    "Status",
    "Error",
  ]);
  const newest = table.getByRole("row").nth(1);
  await expect(newest.getByRole("cell")).toHaveText([
    /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
    `Lena Logs${t}`,
    `Lena${optedIn}`,
    `Your date is revealed ${t}`,
    "date reveal",
    "failed",
    "Mailbox full",
  ]);
  await expect(table.getByRole("row").nth(2).getByRole("cell").nth(4)).toHaveText("password reset");

  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: "Sent" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search email logs" }).fill(`nothing-${t}`);
  await expect(page.getByText("No email logs found")).toBeVisible();

  const logDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Logs" }).click();
  expect((await logDownload).suggestedFilename()).toMatch(/^email-logs-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText("Export Successful", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Export Member Emails" }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["All Emails", "Marketing Opted-In", "Opted-Out"]);
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Marketing Opted-In" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^marketing-opted-in-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text.startsWith("email\r\n")).toBe(true);
  expect(text).toContain(optedIn);
  expect(text).not.toContain(optedOut);
});

test("shows the load error when the log cannot be read", FULL_ONLY, async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/admin/email-logs?*", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"message":"Database unavailable"}',
    }),
  );
  await page.goto("/admin?tab=emails");
  await expect(page.getByText("Error loading email logs: Database unavailable")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Failed to fetch email logs", { exact: true })).toBeVisible();
});

test("edits a template with a live preview, and switches a campaign", async ({ page }) => {
  const t = tag();
  await signInAsAdmin(page);
  await page.goto("/admin?tab=emails");
  await expect(page.getByRole("heading", { name: "Templates & Campaigns" })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole("button", { name: "Edit Onboarding nudge" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit template" });
  await expect(dialog).toBeVisible();

  const subject = dialog.getByLabel("Subject");
  await subject.fill(`Nearly there, {{firstName}} ${t}`);
  await expect(dialog.getByTestId("preview-subject")).toHaveText(`Nearly there, Alex ${t}`);
  await dialog
    .getByLabel("HTML body")
    .fill(
      `<h1>Hello {{firstName}}</h1><p>Finish at {{onboardingUrl}} ${t}</p><script>parent.document.title='hacked'</script>`,
    );
  const frame = dialog.frameLocator('[data-testid="template-preview"]');
  await expect(frame.getByRole("heading", { name: "Hello Alex" })).toBeVisible();
  await expect(frame.getByText(`Finish at https://unveil.date/onboarding ${t}`)).toBeVisible();
  await expect(page).not.toHaveTitle("hacked");

  await subject.fill("Hi {{nickname}}");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(dialog.getByText("Unknown placeholder {{nickname}} in the subject")).toBeVisible();
  await subject.fill(`Nearly there, {{firstName}} ${t}`);
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template saved", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "E-mail templates" })).toContainText(
    `Nearly there, {{firstName}} ${t}`,
  );

  const campaigns = page.getByRole("table", { name: "E-mail campaigns" });
  const toggle = campaigns.getByRole("switch", { name: /^Come back/ });
  const before = await toggle.getAttribute("aria-checked");
  await toggle.click();
  await expect(toggle).not.toHaveAttribute("aria-checked", before!);
  await page.reload();
  await expect(
    page.getByRole("table", { name: "E-mail campaigns" }).getByRole("switch", { name: /^Come back/ }),
  ).not.toHaveAttribute("aria-checked", before!);
});
