import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  arrangeDate,
  e2eDb,
  expectAccessibleInFullRun,
  FULL_ONLY,
  setPlan,
  uniqueEmail,
} from "./helpers.ts";
import { readyForScreenshot, watchRequests } from "./settle.ts";
import { signInAsAdmin } from "./sign-in.ts";

/** Members tab, Users tab and the member page /admin/members/{id}. */
/** Types into a list's search box and waits for the server's answer to that search. */
async function search(page: Page, box: string, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`search=${encodeURIComponent(text)}`) && r.request().method() === "GET",
  );
  await page.getByRole("searchbox", { name: box }).fill(text);
  await answered;
}

/** Where the couple screens' screenshots go (test-results/screens unless told). */
const SCREENS = process.env.SCREENS_DIR ?? "test-results/screens";

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
    `INSERT INTO users (email, first_name, last_name, onboarding_completed, email_verified)
     VALUES ($1, $2, $3, $4, true) RETURNING id`,
    [email, opts.firstName, opts.lastName, opts.onboarding ?? false],
  );
  if (opts.tier || opts.status)
    await setPlan(email, { tier: opts.tier ?? null, status: opts.status ?? null });
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
    // A covered partner is named with the partner whose plan covers them, not as a Free Trial.
    await expect(row.getByRole("cell")).toHaveText([
      new RegExp(`^Marlowe Members${t}\\s*With Partner Members${t}`),
      a.email,
      `Covered by Partner Members${t}`,
      "Active",
      /^\d{2}\/\d{2}\/\d{4}$/,
      /View Member\s*Auto Assign Date/,
    ]);
    const holderRow = page.getByTestId(`member-row-${b.id}`);
    await expect(holderRow.getByRole("cell").nth(0)).toHaveText(
      new RegExp(`With Marlowe Members${t}\\s*· Holds the plan`),
    );
    await expect(holderRow.getByRole("cell").nth(2)).toHaveText("Gold");
    await expect(holderRow.getByRole("cell").nth(3)).toHaveText("Active");

    await row.getByRole("button", { name: /Auto Assign Date/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Book the date" }).click();
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
    // The header, and the Couple card.
    await expect(page.getByText("Platinum · Active")).toHaveCount(2);
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
    // In the header and on the Couple card alike.
    await expect(page.getByText("Free Trial · Trial").first()).toBeVisible();
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

  test("a refused demotion shows the server's message", FULL_ONLY, async ({ page }) => {
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

/** Whether a control lies wholly within the window's width once scrolled to (not cut off at the side). */
async function fitsWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/** Whether anything is wider than the window (the page scrolls sideways). */
async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Counts the requests to a URL matching `re` with this method. */
function countRequests(page: Page, method: string, re: RegExp) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === method && re.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test.describe("one request per action", () => {
  test("a double click on Auto Assign Date's confirmation sends one request, even though the answer comes back between the clicks", async ({
    page,
  }) => {
    const t = tag();
    const m = await insertMember({ firstName: "Double", lastName: `Auto${t}` });
    const sent = countRequests(page, "POST", new RegExp(`/api/admin/assignments/auto/${m.id}$`));
    const requests = watchRequests(page);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=members");
    await search(page, "Search members", `auto${t}`);
    const button = page.getByTestId(`member-row-${m.id}`).getByRole("button", { name: /Auto Assign Date/ });
    // It asks first; the tester double-clicks the confirmation: one request, and the dialog closes on the answer.
    const confirm = page.getByRole("alertdialog");
    await button.click();
    await confirm.getByRole("button", { name: "Book the date" }).dblclick();
    await expect(page.getByText("Auto Assign Failed", { exact: true }).first()).toBeVisible();
    await expect(confirm).toBeHidden();
    // A second request would have started at the second click: once everything asked is answered, one.
    await requests.settled();
    expect(sent).toHaveLength(1);
    // Asked again and confirmed: a new request.
    await button.click();
    await confirm.getByRole("button", { name: "Book the date" }).click();
    await expect.poll(() => sent.length).toBe(2);
  });

  test("a double click on the Make Admin confirm sends one request", FULL_ONLY, async ({ page }) => {
    const t = tag();
    const u = await insertMember({ firstName: "Double", lastName: `Promote${t}` });
    const sent = countRequests(page, "POST", new RegExp(`/api/admin/users/${u.id}/(promote|demote)$`));
    const requests = watchRequests(page);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=users");
    await search(page, "Search users", `promote${t}`);
    const row = page.getByTestId(`user-row-${u.id}`);
    await row.getByRole("button", { name: /^Make Admin/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make Admin" }).dblclick();
    await expect(row.getByRole("cell").nth(4)).toHaveText("Admin");
    await requests.settled();
    expect(sent).toHaveLength(1);
  });
});

test.describe("phone width (390)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("members are cards with every action on screen; the page never scrolls sideways", async ({ page }) => {
    const t = tag();
    const m = await insertMember({
      firstName: "Phoebe",
      lastName: `Phone${t}`,
      email: `a-rather-long-address-for-phones-${t}@example.com`,
      tier: "gold",
      status: "active",
    });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=members");
    await search(page, "Search members", `phone${t}`);
    await expect(page.getByRole("table", { name: "Members" })).toBeHidden();
    const card = page.getByTestId(`member-card-${m.id}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(m.email);
    await expect(card).toContainText("Gold");
    await expect(card).toContainText("Active");
    expect(await fitsWidth(page, card.getByRole("link", { name: /View Member/ }))).toBe(true);
    expect(await fitsWidth(page, card.getByRole("button", { name: /Auto Assign Date/ }))).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    await card.getByRole("button", { name: /Auto Assign Date/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Book the date" }).click();
    await expect(page.getByText("Auto Assign Failed", { exact: true }).first()).toBeVisible();

    await card.getByRole("link", { name: /View Member/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Phoebe Phone${t}` })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("users are cards; Make Admin works from the card", FULL_ONLY, async ({ page }) => {
    const t = tag();
    const u = await insertMember({ firstName: "Pia", lastName: `PhoneUser${t}`, onboarding: true });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=users");
    await search(page, "Search users", `phoneuser${t}`);
    await expect(page.getByRole("table", { name: "Users" })).toBeHidden();
    const card = page.getByTestId(`user-card-${u.id}`);
    await expect(card).toContainText("Active");
    const make = card.getByRole("button", { name: /^Make Admin/ });
    expect(await fitsWidth(page, make)).toBe(true);
    expect(await fitsWidth(page, card.getByRole("link", { name: /^View/ }))).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await make.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make Admin" }).click();
    await expect(card.getByRole("button", { name: /^Remove Admin/ })).toBeVisible();
    await expect(card).toContainText("Admin");
  });

  test("the member page fits, with long names, addresses and venue names", FULL_ONLY, async ({ page }) => {
    const t = tag();
    const m = await insertMember({
      firstName: "Maximiliana-Bartholomea",
      lastName: `Featherstonehaugh-Cholmondeley${t}`,
      email: `maximiliana.featherstonehaugh.cholmondeley.${t}@example.com`,
      tier: "platinum",
      status: "active",
      onboarding: true,
    });
    await arrangeDate(m.email, {
      hoursFromNow: 48,
      venueName: `The Extraordinarily Long-Named Riverside Supper Club ${t}`,
    });
    await arrangeDate(m.email, {
      hoursFromNow: -48,
      status: "completed",
      rating: 5,
      // One long unbroken word: it must wrap, not widen the page.
      feedback: "Wonderful".repeat(12),
    });
    await signInAsAdmin(page);
    await page.goto(`/admin/members/${m.id}`);
    await expect(page.getByRole("region", { name: /Upcoming Dates/ }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("region", { name: /Date History/ }).getByRole("listitem")).toHaveCount(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});

const DESKTOP = { name: "desktop", width: 1440, height: 900 } as const;
const PHONE = { name: "phone", width: 390, height: 844 } as const;

/**
 * Screenshots of the page as it stands at desktop and phone width, light and dark, into SCREENS as
 * `{name}-{viewport}-{scheme}.png`; no width scrolls sideways, and axe finds nothing serious in either theme. Ends at desktop width in light.
 */
async function shootEverywhere(
  page: Page,
  name: string,
  opts: { fullPage?: boolean; onViewport?: (v: typeof DESKTOP | typeof PHONE) => Promise<void> } = {},
) {
  // Every run checks that the desktop page does not scroll sideways (and the full run checks it with axe); the
  // four screenshots (and their checks) when SHOTS_DIR or SCREENS_DIR is set: four axe runs per screen cost a
  // minute on two cores.
  if (!process.env.SHOTS_DIR && !process.env.SCREENS_DIR) {
    await opts.onViewport?.(DESKTOP);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessibleInFullRun(page, `${name} at desktop in light`, { soft: true });
    return;
  }
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await opts.onViewport?.(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      // Let the colours settle after the switch of theme.
      await readyForScreenshot(page);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessibleInFullRun(page, `${name} at ${viewport.name} in ${colorScheme}`, { soft: true });
      await page.screenshot({
        path: `${SCREENS}/${name}-${viewport.name}-${colorScheme}.png`,
        fullPage: opts.fullPage ?? false,
      });
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

/** A couple straight in the database: a Gold plan holder with the whole questionnaire, a covered partner with their own needs. */
async function insertCouple(t: string) {
  const holder = await insertMember({
    firstName: "Rosalind",
    lastName: `Couple${t}`,
    tier: "gold",
    status: "active",
    onboarding: true,
  });
  const partner = await insertMember({ firstName: "Tobias", lastName: `Couple${t}`, onboarding: true });
  const db = await e2eDb();
  await db.query("UPDATE users SET partner_id = $2 WHERE id = $1", [holder.id, partner.id]);
  await db.query("UPDATE users SET partner_id = $1 WHERE id = $2", [holder.id, partner.id]);
  await db.query(
    `INSERT INTO user_preferences (user_id, postcode, travel_radius, date_spend, date_type_preferences,
       time_preferences, scheduling_preferences, dietary_restrictions, accessibility_needs, alcohol_ok)
     VALUES ($1, 'SE1 9PX', 10, '££', $2, $3, $4, '{Vegetarian}', '{Step-free access}', true),
            ($5, NULL, 25, NULL, NULL, NULL, NULL, '{Vegetarian,Nut Allergies}', '{}', false)`,
    [
      holder.id,
      JSON.stringify([
        { type: "restaurants", rank: 1 },
        { type: "live_music", rank: 2 },
      ]),
      JSON.stringify([{ time: "evenings", rank: 1 }]),
      JSON.stringify([
        { weekOfMonth: 1, dayOfWeek: "friday" },
        { weekOfMonth: 3, dayOfWeek: "friday" },
        { weekOfMonth: 2, dayOfWeek: "saturday" },
      ]),
      partner.id,
    ],
  );
  // One of Gold's two dates this London month: booked for the holder at noon on the 1st (past or not).
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "numeric" })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  );
  const firstNoon = Date.UTC(parts.year, parts.month - 1, 1, 12);
  await arrangeDate(holder.email, {
    hoursFromNow: (firstNoon - Date.now()) / 3_600_000,
    status: firstNoon < Date.now() ? "completed" : "scheduled",
  });
  const monthLabel = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    month: "long",
    year: "numeric",
  }).format(new Date());
  // Another month's dates (not this month's allowance): a past one booked for the partner, rated by both, and
  // an upcoming one booked for the holder.
  const past = await arrangeDate(partner.email, {
    hoursFromNow: -24 * 40,
    status: "completed",
    venueName: `Rooftop ${t}`,
  });
  await db.query(
    `INSERT INTO date_ratings (reservation_id, user_id, rating, feedback, rated_at)
     VALUES ($1, $2, 5, 'The jazz was superb', now() - interval '5 days'),
            ($1, $3, 3, 'Too loud for talking', now() - interval '4 days')`,
    [past, holder.id, partner.id],
  );
  const next = await arrangeDate(holder.email, { hoursFromNow: 24 * 40, venueName: `Cellar ${t}` });
  return { holder, partner, past, next, monthLabel };
}

test.describe("the couple in the back office", () => {
  let t: string;
  let c: Awaited<ReturnType<typeof insertCouple>>;
  test.beforeEach(async ({ page }) => {
    t = tag();
    c = await insertCouple(t);
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page);
  });

  test("the member page links the partner and shows the plan, this month's allowance, the needs and both ratings", async ({
    page,
  }) => {
    // The list: both names, who holds the plan, and the covered partner with the holder's plan.
    await page.goto("/admin?tab=members");
    await search(page, "Search members", `couple${t}`);
    const partnerRow = page.getByTestId(`member-row-${c.partner.id}`);
    await expect(partnerRow.getByRole("cell").nth(0)).toContainText(`With Rosalind Couple${t}`);
    await expect(partnerRow.getByRole("cell").nth(2)).toHaveText(`Covered by Rosalind Couple${t}`);
    await expect(partnerRow.getByRole("cell").nth(3)).toHaveText("Active");
    await expect(page.getByTestId(`member-row-${c.holder.id}`).getByRole("cell").nth(0)).toContainText(
      `With Tobias Couple${t} · Holds the plan`,
    );
    // Screenshots to look at only when asked for, as shootEverywhere's.
    if (process.env.SHOTS_DIR || process.env.SCREENS_DIR) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await readyForScreenshot(page);
        await page.getByRole("table", { name: "Members" }).screenshot({
          path: `${SCREENS}/admin-members-couple-desktop-${colorScheme}.png`,
        });
      }
      await page.setViewportSize(PHONE);
      await page.getByTestId(`member-card-${c.partner.id}`).screenshot({
        path: `${SCREENS}/admin-members-couple-phone-dark.png`,
      });
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: "light" });
    }

    await page.goto(`/admin/members/${c.partner.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Tobias Couple${t}` })).toBeVisible();
    await expect(page.getByText(`Covered by Rosalind Couple${t}`)).toBeVisible();

    const couple = page.getByRole("region", { name: "Couple" });
    await expect(couple.getByText("Gold · Active")).toBeVisible();
    await expect(couple).toContainText("held by Rosalind");
    await expect(couple).toContainText(`1 of 2 dates in ${c.monthLabel}`);
    await expect(couple).toContainText("1 left");

    const needs = page.getByRole("region", { name: "Needs" });
    await expect(needs).toContainText("SE1 9PX · within 10 miles");
    await expect(needs).toContainText("££ · £40-80 per person");
    await expect(needs).toContainText("Restaurants › Live music");
    await expect(needs).toContainText("Fridays (1st, 3rd) · Saturdays (2nd)");
    await expect(needs).toContainText("Evenings");
    await expect(needs.getByText("Vegetarian · Tobias, Rosalind")).toBeVisible();
    await expect(needs.getByText("Nut Allergies · Tobias")).toBeVisible();
    await expect(needs.getByText("Step-free access · Rosalind")).toBeVisible();
    await expect(needs).toContainText("No alcohol for Tobias: no bars");
    await expect(needs).toContainText("Shared answers from Rosalind's questionnaire.");

    // The couple's dates, whichever partner they were booked for, with both ratings labelled.
    const upcoming = page
      .getByRole("region", { name: /Upcoming Dates/ })
      .getByTestId(`member-date-${c.next}`);
    await expect(upcoming).toContainText("Booked for Rosalind");
    const past = page.getByRole("region", { name: /Date History/ }).getByTestId(`member-date-${c.past}`);
    await expect(past).not.toContainText("Booked for");
    const holderRating = past.getByTestId(`rating-${c.past}-${c.holder.id}`);
    await expect(holderRating).toContainText(`Rosalind Couple${t}`);
    await expect(holderRating.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(holderRating).toContainText("“The jazz was superb”");
    const partnerRating = past.getByTestId(`rating-${c.past}-${c.partner.id}`);
    await expect(partnerRating).toContainText(`Tobias Couple${t}`);
    await expect(partnerRating.getByRole("img", { name: "Rated 3 out of 5" })).toBeVisible();

    await shootEverywhere(page, "admin-member-couple", { fullPage: true });

    // The partner's name links to their page: the plan holder's, which names this member back.
    await couple.getByRole("link", { name: `Rosalind Couple${t}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${c.holder.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Rosalind Couple${t}` })).toBeVisible();
    await expect(page.getByText("Plan holder", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Couple" })).toContainText("held by this member");
    await expect(
      page.getByRole("region", { name: "Couple" }).getByRole("link", { name: `Tobias Couple${t}` }),
    ).toBeVisible();
  });

  test("the Assign Date dialog shows the chosen member's plan, allowance and needs before booking", async ({
    page,
  }) => {
    await page.goto("/admin?tab=assignments");
    await page.getByRole("button", { name: "Assign Date" }).click();
    const dialog = page.getByRole("dialog", { name: "Assign Date" });
    const member = dialog.getByRole("combobox", { name: "Member" });
    await member.fill(`couple${t}`);
    await dialog.getByRole("option", { name: new RegExp(`Tobias Couple${t}`) }).click();
    const brief = dialog.getByRole("region", { name: "The couple before booking" });
    await expect(brief).toContainText(`Rosalind Couple${t}`);
    await expect(brief).toContainText("Gold · Active");
    await expect(brief).toContainText(`1 of 2 dates in ${c.monthLabel}`);
    await expect(brief).toContainText("SE1 9PX · within 10 miles");
    await expect(brief.getByText("Nut Allergies · Tobias")).toBeVisible();
    await expect(brief).toContainText("No alcohol for Tobias: no bars");
    await shootEverywhere(page, "admin-assign-couple", {
      onViewport: async (v) => {
        if (v.name === "phone") await brief.scrollIntoViewIfNeeded();
      },
    });

    // A time in a later month (none of the couple's dates) reads that month's allowance: nothing used yet.
    const later = new Date(Date.now() + 100 * 86_400_000);
    const local = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, "0")}-15T19:30`;
    await dialog.getByLabel("Scheduled date (London time)").fill(local);
    const laterLabel = new Intl.DateTimeFormat("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${local.slice(0, 7)}-15T12:00:00Z`));
    await expect(brief).toContainText(`0 of 2 dates in ${laterLabel}`);
  });
});
