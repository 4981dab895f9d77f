import { expect, type Page, test } from "@playwright/test";
import { ADMIN, arrangeDate, e2eDb, uniqueEmail } from "./helpers.ts";

/** Members tab, Users tab and the member page /admin/members/{id}. */
async function signInAsAdmin(page: Page) {
  expect((await page.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
}

/** Types into a list's search box and waits for the server's answer to that search. */
async function search(page: Page, box: string, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`search=${encodeURIComponent(text)}`) && r.request().method() === "GET",
  );
  await page.getByRole("searchbox", { name: box }).fill(text);
  await answered;
}

const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

/** A member row straight in the database (no screen creates one for an admin). */
async function insertMember(opts: {
  firstName: string;
  lastName: string;
  email?: string;
  tier?: string;
  status?: string;
  onboarding?: boolean;
}) {
  const db = await e2eDb();
  const email = opts.email ?? uniqueEmail("admin-members");
  const res = await db.query(
    `INSERT INTO users (email, first_name, last_name, subscription_tier, subscription_status, onboarding_completed, email_verified)
     VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
    [email, opts.firstName, opts.lastName, opts.tier ?? null, opts.status ?? null, opts.onboarding ?? false],
  );
  return { id: res.rows[0].id as number, email };
}

test.describe("members tab", () => {
  test("finds a member, shows tier and status defaults, auto assign answers the spec's text, View Member opens the page", async ({
    page,
  }) => {
    const t = tag();
    const a = await insertMember({ firstName: "Marlowe", lastName: `Members${t}` });
    const b = await insertMember({
      firstName: "Partner",
      lastName: `Members${t}`,
      tier: "gold",
      status: "active",
    });
    const db = await e2eDb();
    await db.query("UPDATE users SET partner_id = $2 WHERE id = $1", [a.id, b.id]);
    await db.query("UPDATE users SET partner_id = $1 WHERE id = $2", [a.id, b.id]);

    await signInAsAdmin(page);
    await page.goto("/admin?tab=members");
    await expect(page.getByRole("heading", { name: "Member Management" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Export to Excel" })).toBeVisible();
    await search(page, "Search members", `members${t}`);
    const row = page.getByTestId(`member-row-${a.id}`);
    await expect(row).toBeVisible();
    await expect(page.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(3);
    await expect(row.getByRole("cell")).toHaveText([
      /Marlowe Members\w+\s*Has partner/,
      a.email,
      "Free Trial",
      "Trial",
      /^\d{2}\/\d{2}\/\d{4}$/,
      /View Member\s*Auto Assign Date/,
    ]);
    await expect(page.getByTestId(`member-row-${b.id}`).getByRole("cell").nth(2)).toHaveText("Gold");
    await expect(page.getByTestId(`member-row-${b.id}`).getByRole("cell").nth(3)).toHaveText("Active");

    await row.getByRole("button", { name: /Auto Assign Date/ }).click();
    await expect(
      page.getByText(
        "Could not create automated assignment. Member may need to complete their preferences.",
        {
          exact: true,
        },
      ),
    ).toBeVisible();

    await search(page, "Search members", `nobody-${t}`);
    await expect(page.getByText("No members found.")).toBeVisible();
    await search(page, "Search members", `members${t}`);
    await row.getByRole("link", { name: /View Member/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${a.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Marlowe Members${t}` })).toBeVisible();
  });

  test("export downloads a dated .xlsx", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?tab=members");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to Excel" }).click();
    expect((await download).suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText("Export Successful", { exact: true })).toBeVisible();
  });
});

test.describe("member page", () => {
  test("badges, upcoming dates, history newest first with stars and quoted feedback", async ({ page }) => {
    const t = tag();
    const m = await insertMember({
      firstName: "Hester",
      lastName: `Page${t}`,
      tier: "platinum",
      status: "active",
      onboarding: true,
    });
    const next = await arrangeDate(m.email, { hoursFromNow: 72, venueName: `Upcoming Venue ${t}` });
    const older = await arrangeDate(m.email, {
      hoursFromNow: -24 * 20,
      status: "completed",
      rating: 4,
      feedback: "The best evening in months",
      venueName: `Older Venue ${t}`,
    });
    const recent = await arrangeDate(m.email, {
      hoursFromNow: -24 * 2,
      status: "confirmed",
      venueName: `Recent ${t}`,
    });

    await signInAsAdmin(page);
    await page.goto(`/admin/members/${m.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Hester Page${t}` })).toBeVisible();
    await expect(page.getByText(m.email)).toBeVisible();
    await expect(page.getByText("Platinum · Active")).toBeVisible();
    await expect(page.getByText("Onboarding Complete")).toBeVisible();

    const upcoming = page.getByRole("region", { name: /Upcoming Dates/ });
    const up = upcoming.getByTestId(`member-date-${next}`);
    await expect(up).toContainText("Scheduled");
    await expect(up).toContainText(`Upcoming Venue ${t}`);
    await expect(up).toContainText("London · Restaurant");
    await expect(up).toContainText("Candlelit supper club · Culinary");

    const history = page.getByRole("region", { name: /Date History/ });
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute("data-testid", `member-date-${recent}`);
    // A past date that is neither cancelled, completed nor revealed shows its raw status.
    await expect(entries.nth(0)).toContainText("Confirmed");
    await expect(entries.nth(1)).toHaveAttribute("data-testid", `member-date-${older}`);
    await expect(entries.nth(1)).toContainText("Completed");
    await expect(entries.nth(1).getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(entries.nth(1)).toContainText("“The best evening in months”");

    await page.getByRole("link", { name: "Back to Admin" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=members$/);
  });

  test("empty cards and Member Not Found", async ({ page }) => {
    const t = tag();
    const m = await insertMember({ firstName: "Empty", lastName: `Dates${t}` });
    await signInAsAdmin(page);
    await page.goto(`/admin/members/${m.id}`);
    await expect(page.getByText("Free Trial · Trial")).toBeVisible();
    await expect(page.getByText("Onboarding Complete")).toHaveCount(0);
    await expect(page.getByText("No upcoming dates scheduled")).toBeVisible();
    await expect(page.getByText("No past dates on record")).toBeVisible();

    await page.goto("/admin/members/987654321");
    await expect(page.getByRole("heading", { name: "Member Not Found" })).toBeVisible();
    await page.goto("/admin/members/not-a-number");
    await expect(page.getByRole("heading", { name: "Member Not Found" })).toBeVisible();
  });
});

test.describe("users tab", () => {
  test("Make Admin and Remove Admin through the confirm dialog; no button on your own row", async ({
    page,
  }) => {
    const t = tag();
    const u = await insertMember({ firstName: "Ursula", lastName: `Users${t}`, onboarding: true });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=users");
    await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();

    await search(page, "Search users", ADMIN.email);
    const me = page.getByRole("table", { name: "Users" }).getByRole("row").nth(1);
    await expect(me).toContainText(ADMIN.email);
    await expect(me.getByRole("button", { name: /Admin/ })).toHaveCount(0);

    await search(page, "Search users", `USERS${t}`);
    const row = page.getByRole("table", { name: "Users" }).getByRole("row").nth(1);
    await expect(row.getByRole("cell")).toHaveText([
      new RegExp(`^Ursula Users${t}`),
      u.email,
      "Active",
      /^\d{2}\/\d{2}\/\d{4}$/,
      "User",
      /Make Admin\s*View/,
    ]);

    await row.getByRole("button", { name: /^Make Admin/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Make this user an admin?" });
    await expect(confirm).toContainText("full access to all admin features");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row.getByRole("cell").nth(4)).toHaveText("User");

    await row.getByRole("button", { name: /^Make Admin/ }).click();
    await confirm.getByRole("button", { name: "Make Admin" }).click();
    await expect(row.getByRole("cell").nth(4)).toHaveText("Admin");

    await row.getByRole("button", { name: /^Remove Admin/ }).click();
    const remove = page.getByRole("alertdialog", { name: "Remove admin access?" });
    await expect(remove).toContainText("no longer be able to access admin features");
    await remove.getByRole("button", { name: "Remove Admin" }).click();
    await expect(row.getByRole("cell").nth(4)).toHaveText("User");
    await expect(
      page.getByText(`Ursula Users${t} can no longer access admin features.`, { exact: true }),
    ).toBeVisible();

    await row.getByRole("link", { name: /View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${u.id}$`));
  });

  test("a refused demotion shows the server's message", async ({ page }) => {
    const t = tag();
    const other = await insertMember({ firstName: "Otto", lastName: `Refused${t}` });
    await (await e2eDb()).query("UPDATE users SET is_admin = true WHERE id = $1", [other.id]);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=users");
    await search(page, "Search users", `refused${t}`);
    const row = page.getByRole("table", { name: "Users" }).getByRole("row").nth(1);
    await expect(row.getByRole("cell").nth(4)).toHaveText("Admin");
    // The account is deleted meanwhile: the server answers 404 and its message is shown.
    await (await e2eDb()).query("UPDATE users SET deleted_at = now() WHERE id = $1", [other.id]);
    await row.getByRole("button", { name: /^Remove Admin/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await expect(page.getByText("Failed to demote user from admin", { exact: true })).toBeVisible();
    await expect(page.getByText("Member Not Found", { exact: true })).toBeVisible();
  });
});
