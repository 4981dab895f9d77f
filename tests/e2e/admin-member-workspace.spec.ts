import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { atWidth, e2eDb, expectAccessibleInFullRun, FULL_ONLY, uniqueEmail } from "./helpers.ts";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * The member page as a workspace (decision 0074): an operator adds a note, edits the member's needs on their
 * behalf, and reads their billing history, support tickets and e-mails; a stale needs save from a second tab
 * shows the 412 beside the form with the input kept.
 */

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** A member with a questionnaire, a payment, a support ticket and two e-mails on record. */
async function arrangeMember(firstName: string): Promise<number> {
  const db = await e2eDb();
  const email = uniqueEmail("workspace");
  const { rows } = await db.query(
    `INSERT INTO users (email, first_name, last_name, email_verified, onboarding_completed, terms_accepted)
     VALUES ($1, $2, 'Workspace', true, true, true) RETURNING id`,
    [email, firstName],
  );
  const id = rows[0].id as number;
  await db.query(
    `INSERT INTO user_preferences (user_id, postcode, travel_radius, dietary_restrictions, alcohol_ok)
     VALUES ($1, 'SE1 9PX', 10, '{Vegetarian}', true)`,
    [id],
  );
  await db.query(
    `INSERT INTO billing_events (user_id, provider, kind, payment_ref, amount_pence, charge_date, description, event_key, occurred_at)
     VALUES ($1, 'sandbox', 'payment_confirmed', $2, 2500, '2026-11-02', 'Gold plan, November 2026', $3, '2026-11-04T10:00:00Z')`,
    [id, `PM-WS-${id}`, `payment_confirmed:PM-WS-${id}`],
  );
  await db.query(
    `INSERT INTO support_tickets (user_id, from_email, subject, body, status, priority)
     VALUES ($1, $2, 'Can we move Friday''s date?', 'Hello', 'open', 'high')`,
    [id, email],
  );
  await db.query(
    `INSERT INTO email_logs (recipient_email, subject, email_type, status, sent_at, user_id, error_message)
     VALUES ($2, 'Welcome to Unveil', 'welcome', 'sent', '2026-11-01T09:00:00Z', $1, null),
            ($2, 'Your date is revealed', 'date_reveal', 'failed', '2026-11-20T16:00:00Z', $1, 'Mailbox full')`,
    [id, email],
  );
  return id;
}

async function openMember(page: Page, id: number, firstName: string) {
  await page.goto(`/admin/members/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `${firstName} Workspace` })).toBeVisible({
    timeout: 20_000,
  });
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
])
  test(
    `an operator works on a member at ${viewport.name} width: notes, needs, billing, tickets, e-mails`,
    atWidth(viewport.name, "desktop"),
    async ({ page }) => {
      await page.setViewportSize(viewport);
      const name = `Wren${viewport.width}`;
      const id = await arrangeMember(name);
      await signInAsAdmin(page);
      await openMember(page, id, name);

      // Sections: billing history, tickets and e-mails as the member's own records say.
      const billing = page.getByRole("region", { name: "Billing history" });
      await expect(billing).toContainText("Paid");
      const tickets = page.getByRole("region", { name: "Support tickets" });
      await expect(tickets).toContainText("Can we move Friday's date?");
      await expect(tickets).toContainText("Open");
      const emails = page.getByRole("region", { name: "E-mails sent" });
      await expect(emails.getByTestId("member-email")).toHaveCount(2);
      await expect(emails.getByTestId("member-email").first()).toContainText("Your date is revealed");
      await expect(emails.getByTestId("member-email").first()).toContainText("Mailbox full");

      // A note: the empty one is refused with the reason, then added with who and when.
      const notes = page.getByRole("region", { name: "Internal notes" });
      await notes.getByRole("button", { name: "Add note" }).click();
      // One problem: beside the box, which takes focus.
      await expect(notes.getByLabel("New note")).toBeFocused();
      await expect(notes.getByLabel("New note")).toHaveAccessibleDescription("Please write the note");
      await notes.getByLabel("New note").fill("Rang about a nut allergy; Friday's venue told.");
      await notes.getByRole("button", { name: "Add note" }).click();
      const note = notes.getByTestId("member-note");
      await expect(note).toHaveCount(1);
      await expect(note).toContainText("Rang about a nut allergy; Friday's venue told.");
      await expect(note).toContainText("Ada Admin");

      // Needs, edited on the member's behalf.
      await page.getByRole("button", { name: `Edit ${name}'s needs` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${name}'s needs` });
      await expect(dialog.getByLabel("Postcode")).toHaveValue("SE1 9PX");
      await dialog.getByLabel("Nut Allergies").check();
      await dialog.getByLabel("Doesn't drink alcohol (no alcohol-led dates)").check();
      await dialog.getByLabel("Travel radius (miles)").fill("0");
      await dialog.getByRole("button", { name: "Save needs" }).click();
      // One problem: beside the field, which takes focus.
      await expect(dialog.getByLabel("Travel radius (miles)")).toBeFocused();
      await expect(dialog.getByLabel("Travel radius (miles)")).toHaveAccessibleDescription(
        /Travel radius must be between 1 and 500 miles/,
      );
      await dialog.getByLabel("Travel radius (miles)").fill("12");
      await expect(dialog).toBeVisible();
      if (SHOTS && viewport.name === "phone")
        await dialog.screenshot({ path: `${SHOTS}/needs-dialog-${viewport.name}.png` });
      await dialog.getByRole("button", { name: "Save needs" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator("#couple")).toContainText("Nut Allergies");

      // The History section has the needs change, by the operator.
      const history = page.getByRole("region", { name: "Member history" });
      await expect(history).toContainText("edited on their behalf");

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessibleInFullRun(page, `member workspace at ${viewport.name} width`);
      await page.emulateMedia({ reducedMotion: "reduce" });
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/member-workspace-${viewport.name}.png`, fullPage: true });

      // A ticket opens itself on the Support tab; closing it takes it out of the address.
      await tickets.getByRole("link", { name: /^Open ticket #\d+: Can we move Friday's date\?$/ }).click();
      const ticket = page.getByRole("dialog", { name: "Can we move Friday's date?" });
      await expect(ticket).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(ticket).toBeHidden();
      await expect(page.getByRole("tab", { name: "Support", selected: true })).toBeVisible();
      await expect(page).not.toHaveURL(/ticket=/);
    },
  );

test(
  "a stale needs save from a second tab shows the 412 beside the form, the input kept, and Reload",
  FULL_ONLY,
  async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = "Stale";
    const id = await arrangeMember(name);
    await signInAsAdmin(page);
    const second = await context.newPage();
    await second.setViewportSize({ width: 1280, height: 900 });
    await openMember(page, id, name);
    await openMember(second, id, name);

    // Both tabs open the needs.
    const open = async (p: Page) => {
      await p.getByRole("button", { name: `Edit ${name}'s needs` }).click();
      const d = p.getByRole("dialog", { name: `Edit ${name}'s needs` });
      await expect(d.getByLabel("Postcode")).toHaveValue("SE1 9PX");
      return d;
    };
    const a = await open(page);
    const b = await open(second);

    await a.getByLabel("Vegan").check();
    await a.getByRole("button", { name: "Save needs" }).click();
    await expect(a).toBeHidden();

    await b.getByLabel("Postcode").fill("SW11 1AA");
    await b.getByLabel("Halal").check();
    await b.getByRole("button", { name: "Save needs" }).click();
    const stale = b.getByTestId("stale-edit");
    await expect(stale).toContainText(/Changed by .+ at \d\d:\d\d on .+: reload to see their change/);
    // Nothing lost: the dialog is open with this tab's input.
    await expect(b.getByLabel("Postcode")).toHaveValue("SW11 1AA");
    await expect(b.getByLabel("Halal")).toBeChecked();
    if (SHOTS) await second.screenshot({ path: `${SHOTS}/needs-stale-desktop.png` });
    await expectAccessibleInFullRun(second, "stale needs save");

    // Reload reads the saved needs (the other tab's Vegan), then this tab's save goes through.
    await stale.getByRole("button", { name: "Reload" }).click();
    await expect(stale).toBeHidden();
    await expect(b.getByLabel("Vegan")).toBeChecked();
    await expect(b.getByLabel("Postcode")).toHaveValue("SE1 9PX");
    await b.getByLabel("Halal").check();
    await b.getByRole("button", { name: "Save needs" }).click();
    await expect(b).toBeHidden();
    await expect(second.locator("#couple")).toContainText("Halal");
  },
);

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
])
  test(
    `the Members tab filters on the server at ${viewport.name} width: a need and no date in a month`,
    atWidth(viewport.name, "phone"),
    async ({ page }) => {
      await page.setViewportSize(viewport);
      const tag = `Filt${viewport.width}${Date.now().toString(36)}`;
      const vegan = await arrangeMember(tag);
      const db = await e2eDb();
      await db.query(`UPDATE user_preferences SET dietary_restrictions = '{Vegan}' WHERE user_id = $1`, [
        vegan,
      ]);
      const other = await arrangeMember(tag);
      await signInAsAdmin(page);
      await page.goto("/admin?tab=members");
      await page.getByRole("searchbox", { name: "Search members" }).fill(tag);
      const item = (id: number) =>
        page.getByTestId(viewport.name === "phone" ? `member-card-${id}` : `member-row-${id}`);
      await expect(item(other)).toBeVisible({ timeout: 20_000 });
      await expect(item(vegan)).toBeVisible();

      await page.getByRole("combobox", { name: "Filter by need" }).click();
      await page.getByRole("option", { name: "Vegan", exact: true }).click();
      await expect(item(other)).toHaveCount(0);
      await expect(item(vegan)).toBeVisible();
      await page.getByRole("textbox", { name: "Postcode area, like SW or SW11" }).fill("SE1");
      await expect(item(vegan)).toBeVisible();
      await page.getByRole("textbox", { name: "Postcode area, like SW or SW11" }).fill("SW");
      await expect(page.getByText("No members match these filters.")).toBeVisible();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await expect(item(other)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessibleInFullRun(page, `members filters at ${viewport.name} width`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/members-filters-${viewport.name}.png` });
    },
  );
