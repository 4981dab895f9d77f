import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { atWidth, e2eDb, expectAccessibleInFullRun, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** The member page's "Recent texts" card: the SMS log of one member, with what the provider said of each. */

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const PHONE = "+447700900123";

async function insertMember(firstName: string): Promise<number> {
  const db = await e2eDb();
  const res = await db.query(
    `INSERT INTO users (email, first_name, last_name, phone, email_verified)
     VALUES ($1, $2, 'Texted', $3, true) RETURNING id`,
    [uniqueEmail("admin-texts"), firstName, PHONE],
  );
  return res.rows[0].id as number;
}

interface Text {
  kind: string;
  status: string;
  createdAt: string;
  body: string;
  segments?: number;
  errorCode?: string;
}

/** sms_messages rows as the sender and Twilio's status callbacks leave them (no screen sends a text). */
async function insertTexts(userId: number, texts: Text[]) {
  const db = await e2eDb();
  for (const t of texts)
    await db.query(
      `INSERT INTO sms_messages (user_id, "to", body, segments, kind, provider, status, error_code, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'twilio', $6, $7, $8, $8)`,
      [userId, PHONE, t.body, t.segments ?? 1, t.kind, t.status, t.errorCode ?? null, t.createdAt],
    );
}

// Oldest first; the card lists them newest first. Times are UTC and shown in London time (GMT in November).
const TEXTS: Text[] = [
  {
    kind: "sms_clue",
    status: "failed",
    errorCode: "30006",
    createdAt: "2026-11-18T09:05:00Z",
    body: "Unveil: a clue for Saturday. Bring a jumper: part of the evening is outdoors.",
  },
  {
    kind: "sms_clue",
    status: "undelivered",
    errorCode: "30003",
    segments: 2,
    createdAt: "2026-11-19T17:45:00Z",
    body: "Unveil: your next clue is in the app. Read it here: https://unveil.example/dates/clues/a-very-long-link-that-has-no-spaces-in-it-at-all-0123456789",
  },
  {
    kind: "sms_reveal",
    status: "delivered",
    createdAt: "2026-11-20T16:00:00Z",
    body: "Unveil: tonight's date is revealed. Open the app to see where you're going.",
  },
  {
    kind: "sms_reveal",
    status: "queued",
    createdAt: "2026-11-21T08:00:00Z",
    body: "Unveil: your date is at 19:30 tonight. Have a lovely evening.",
  },
];

/** Each row: the kind, the status badge and the line under it, newest first. */
const EXPECTED = [
  ["Reveal", "Queued", `21 Nov, 08:00 to ${PHONE}`],
  ["Reveal", "Delivered", `20 Nov, 16:00 to ${PHONE}`],
  ["Clue", "Not delivered", `19 Nov, 17:45 to ${PHONE}, 2 parts, error 30003 (phone off or out of signal)`],
  ["Clue", "Failed", `18 Nov, 09:05 to ${PHONE}, error 30006 (a landline or unreachable network)`],
];

async function openTexts(page: Page, userId: number) {
  await page.goto(`/admin/members/${userId}`);
  const card = page.getByRole("region", { name: "Recent texts" });
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
])
  test(
    `the member page lists the member's latest texts with their delivery status at ${viewport.name} width`,
    atWidth(viewport.name, "desktop"),
    async ({ page }) => {
      await page.setViewportSize(viewport);
      const userId = await insertMember("Tamsin");
      await insertTexts(userId, TEXTS);
      await signInAsAdmin(page);

      const card = await openTexts(page, userId);
      await expect(card).toContainText("The latest 4 texts and their delivery status, in London time.");
      const rows = card.getByRole("listitem");
      await expect(rows).toHaveCount(TEXTS.length);
      for (const [i, [kind, status, line]] of EXPECTED.entries()) {
        const row = rows.nth(i);
        await expect(row.getByTestId("text-kind")).toHaveText(kind);
        await expect(row.getByTestId("text-status")).toHaveText(status);
        await expect(row).toContainText(line);
      }
      await expect(rows.nth(2)).toContainText("a-very-long-link-that-has-no-spaces-in-it-at-all-0123456789");
      // A long link wraps inside the card instead of widening the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessibleInFullRun(page, `recent texts at ${viewport.name} width`);

      if (SHOTS)
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
          await card.scrollIntoViewIfNeeded();
          await card.screenshot({ path: `${SHOTS}/member-texts-${viewport.name}-${colorScheme}.png` });
          if (colorScheme === "dark")
            await expectAccessibleInFullRun(page, "recent texts, dark", { rules: ["color-contrast"] });
        }
    },
  );

test("a member who has never been texted has no Recent texts card", async ({ page }) => {
  const userId = await insertMember("Quiet");
  await signInAsAdmin(page);
  await page.goto(`/admin/members/${userId}`);
  await expect(page.getByRole("heading", { name: /Quiet Texted/ }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Recent texts" })).toHaveCount(0);
});
