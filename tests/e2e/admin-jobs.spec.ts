import { expect, test } from "@playwright/test";
import { e2eDb, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** Email Logs tab, Scheduled jobs card: each job's last run, and a scheduled e-mail waiting for a retry. */
test("shows the scheduled jobs' last runs and failed scheduled e-mails (phone and desktop, light and dark)", async ({
  page,
}) => {
  const db = await e2eDb();
  const email = uniqueEmail("jobs");
  const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const user = await db.query(
    `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Nia', 'Retry') RETURNING id`,
    [email],
  );
  await db.query(
    `INSERT INTO job_runs (name, started_at, finished_at, status, processed, error) VALUES
       ('date-reveals', now(), now(), 'ok', 4, NULL),
       ('date-holds', now(), now(), 'failed', 0, 'connection terminated')`,
  );
  await db.query(
    `INSERT INTO outbound_messages (key, kind, user_id, status, attempts, next_attempt_at, last_error)
     VALUES ($1, 'date_reveal', $2, 'failed', 2, now() + interval '30 minutes',
             'Mailbox unavailable (attempt 2 of 5, next try soon)')`,
    [`reveal:e2e:${t}`, user.rows[0].id],
  );

  await signInAsAdmin(page);
  for (const [width, height, name] of [
    [1280, 900, "desktop"],
    [390, 844, "phone"],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Dark shows the same words: only when screenshots are being taken to look at.
    for (const colorScheme of process.env.SHOTS_DIR ? (["light", "dark"] as const) : (["light"] as const)) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/admin?tab=emails");
      const card = page
        .locator("div.rounded-2xl")
        .filter({ has: page.getByRole("heading", { name: "Scheduled jobs" }) })
        .last();
      await expect(page.getByRole("heading", { name: "Scheduled jobs" })).toBeVisible({ timeout: 20_000 });
      const jobs =
        name === "desktop"
          ? page.getByRole("table", { name: "Scheduled jobs" })
          : page.getByRole("list", { name: "Scheduled jobs" });
      await expect(jobs).toContainText("Date reveals");
      await expect(jobs).toContainText("connection terminated");
      const failed =
        name === "desktop"
          ? page.getByRole("table", { name: "Scheduled e-mails that failed" })
          : page.getByRole("list", { name: "Scheduled e-mails that failed" });
      await expect(failed).toContainText(email);
      await expect(failed).toContainText("2 of 5");
      // No sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByRole("heading", { name: "Scheduled jobs" }).scrollIntoViewIfNeeded();
      if (process.env.SHOTS_DIR)
        await card.screenshot({ path: `${process.env.SHOTS_DIR}/jobs-${name}-${colorScheme}.png` });
    }
  }
});
