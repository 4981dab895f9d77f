import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { BOOKABLE_COLUMNS, BOOKABLE_VALUES } from "../helpers/bookable-venue.ts";
import { animationsSettled } from "./settle.ts";

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-123" };

let counter = 0;
/** A unique address per test so parallel tests never collide on one database. */
export function uniqueEmail(prefix = "couple"): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/** The newest message in the outbox sent to `to` (optionally of one type), waiting for it to arrive. */
export async function readMail(
  to: string,
  type?: string,
): Promise<{ subject: string; text: string; html: string }> {
  const dir = process.env.E2E_OUTBOX!;
  let found:
    | { subject: string; text: string; html: string; to: string; type: string; sentAt: string }
    | undefined;
  await expect
    .poll(() => {
      const all = readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .flatMap((f) => {
          // A message still being written by the server is read on the next poll.
          try {
            return [JSON.parse(readFileSync(path.join(dir, f), "utf8"))];
          } catch {
            return [];
          }
        })
        .filter((m) => m.to === to && (!type || m.type === type))
        .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1));
      found = all[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Registers through the API from the page's context, so the browser holds the session cookie. */
export async function registerViaApi(
  page: Page,
  opts: { email?: string; password?: string; firstName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "a-long-passphrase";
  const res = await page.request.post("/api/register", {
    data: { email, password, firstName: opts.firstName ?? "Alex", lastName: "Taylor" },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}

/** A complete questionnaire with the Terms accepted (the server sets up no Direct Debit before that). */
export const ACCEPTED_PREFERENCES = {
  postcode: "sw1a1aa",
  travelRadius: 25,
  dateSpend: "££",
  dateTypePreferences: [{ type: "culture", rank: 1 }],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "saturday" },
    { weekOfMonth: 2, dayOfWeek: "saturday" },
    { weekOfMonth: 3, dayOfWeek: "saturday" },
  ],
  timePreferences: [{ time: "afternoons", rank: 1 }],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  alcoholOk: true,
  openToTrying: false,
  marketingOptOut: true,
  termsAccepted: true,
};

/** Saves ACCEPTED_PREFERENCES for the member signed in on `page`. */
export async function saveAcceptedPreferences(page: Page) {
  const res = await page.request.post("/api/onboarding/preferences", { data: ACCEPTED_PREFERENCES });
  expect(res.status()).toBe(200);
}

/** On the sandbox's Direct Debit page: fills in the test bank account and authorises, back to the app. */
export async function authoriseSandboxDirectDebit(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
  await page.getByLabel("Account holder name").fill("Alex Taylor");
  await page.getByLabel("Sort code").fill("20-00-00");
  await page.getByLabel("Account number").fill("55779911");
  await page.getByLabel(/I am the account holder/).check();
  await page.getByRole("button", { name: "Set up Direct Debit" }).click();
  await expect(page.getByRole("link", { name: "Continue to Dashboard" })).toBeVisible();
}

/** The e2e server's database address (tests/e2e/server.ts writes it to E2E_DB_URL_FILE). */
export function e2eDbUrl(): string {
  return readFileSync(process.env.E2E_DB_URL_FILE!, "utf8").trim();
}

let pool: import("pg").Pool | undefined;
/** The e2e server's database, for arranging what no screen creates yet (dates planned by the back office). */
export async function e2eDb(): Promise<import("pg").Pool> {
  if (!pool) {
    const { Pool } = (await import("pg")).default as unknown as typeof import("pg");
    pool = new Pool({ connectionString: e2eDbUrl(), max: 2 });
  }
  return pool;
}

/**
 * Sets the subscription of the member with this e-mail straight in the e2e database, where the app keeps it
 * (plan_accounts, one row per member beside the users row): only the fields given change. `periodEnd` is a
 * time or SQL's interval from now ("30 days").
 */
export async function setPlan(
  email: string,
  plan: { tier?: string | null; status?: string | null; periodEnd?: Date | string | null },
): Promise<void> {
  const fields: Array<[string, string, unknown]> = [];
  if (plan.tier !== undefined) fields.push(["subscription_tier", "tier", plan.tier]);
  if (plan.status !== undefined) fields.push(["subscription_status", "subscription_status", plan.status]);
  if (typeof plan.periodEnd === "string") fields.push(["current_period_end", "interval", plan.periodEnd]);
  else if (plan.periodEnd !== undefined) fields.push(["current_period_end", "timestamptz", plan.periodEnd]);
  const value = ([, type]: [string, string, unknown], i: number) =>
    type === "interval" ? `now() + $${i + 2}::interval` : `$${i + 2}::${type}`;
  const columns = fields.map(([column]) => column);
  await (await e2eDb()).query(
    `INSERT INTO plan_accounts (user_id, ${columns.join(", ")})
     SELECT id, ${fields.map(value).join(", ")} FROM users WHERE lower(email) = lower($1)
     ON CONFLICT (user_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(", ")}`,
    [email, ...fields.map(([, , v]) => v)],
  );
}

/**
 * A planned date for the member with this e-mail: a venue and idea are created for it. `hoursFromNow`
 * places it in time (negative for past dates). Returns the reservation id.
 */
export async function arrangeDate(
  email: string,
  opts: {
    hoursFromNow: number;
    status?: string;
    category?: string;
    venueName?: string;
    rating?: number;
    feedback?: string;
  },
): Promise<number> {
  const db = await e2eDb();
  const venue = await db.query(
    `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, contact_info, ${BOOKABLE_COLUMNS})
     VALUES ($1, '12 Secret Street', 'London', 'SE1 9PX', 'restaurant', 'medium', 51.5055, -0.0910, '{"phone":"020 7946 0000","website":"https://example.com"}', ${BOOKABLE_VALUES})
     RETURNING id`,
    [opts.venueName ?? `Hidden Venue ${Date.now().toString(36)}`],
  );
  const idea = await db.query(
    `INSERT INTO date_ideas (title, description, category, duration, dress_code, venue_id)
     VALUES ('Candlelit supper club', 'A seven-course tasting menu in a hidden dining room.', $1, 3, 'Smart casual', $2)
     RETURNING id`,
    [opts.category ?? "culinary", venue.rows[0].id],
  );
  const res = await db.query(
    `WITH r AS (
       INSERT INTO date_reservations (user_id, date_idea_id, venue_id, scheduled_date, status)
       SELECT id, $2, $3, now() + ($4 || ' hours')::interval, $5
       FROM users WHERE lower(email) = lower($1) RETURNING id, user_id
     ), rated AS (
       INSERT INTO date_ratings (reservation_id, user_id, rating, feedback, rated_at)
       SELECT r.id, r.user_id, $6::int, $7::text, now() FROM r WHERE $6::int IS NOT NULL
     )
     SELECT id FROM r`,
    [
      email,
      idea.rows[0].id,
      venue.rows[0].id,
      String(opts.hoursFromNow),
      opts.status ?? "scheduled",
      opts.rating ?? null,
      opts.feedback ?? null,
    ],
  );
  return res.rows[0].id as number;
}

/** The WCAG 2.0 and 2.1 A and AA rules (axe-core tags) every screen is held to. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it stands and fails on any serious or critical violation, naming the rule,
 * the elements and what is wrong. `label` says which screen (and theme) in the failure message; `soft` lets
 * the test go on to check other screens and fail at its end; `rules` runs only those axe rules (such as the
 * colour rules when only the theme changed).
 *
 * axe-core (the engine of @axe-core/playwright) is injected once per document and run with axe.run: the
 * AxeBuilder wrapper re-injects it and opens a page per analysis, 5-10 times slower on this machine.
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  opts: { soft?: boolean; rules?: string[] } = {},
): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  // A fade still running (a section revealed on scroll, a dialog opening) would be measured half-drawn, its
  // text against the page at a contrast of about 1:1.
  await animationsSettled(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const runOnly = opts.rules
    ? ({ type: "rule", values: opts.rules } as const)
    : ({ type: "tag", values: WCAG_TAGS } as const);
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run(document, { runOnly: only, resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary ?? "" })),
    }));
  }, runOnly);
  const report = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `[${v.impact}] ${v.id} at ${n.target}: ${n.summary.replace(/\s+/g, " ") || v.help}`),
    );
  (opts.soft ? expect.soft : expect)(report, `accessibility of ${label}`).toEqual([]);
}

/** `npm run test:full` (UNVEIL_E2E_FULL=1): the sweeps, second widths and axe passes inside journeys. */
export const FULL_RUN = process.env.UNVEIL_E2E_FULL === "1";

/**
 * axe inside a journey that is not about accessibility: `npm run test:full` only. Those passes cost about 9 %
 * of the browser stage (61 passes, 40-70 s on two cores) and re-check screens that test:full's sweeps
 * (accessibility.spec.ts, a11y-states.spec.ts) and these passes check there; `npm test` keeps axe on the
 * main screens (accessibility.spec.ts's smoke test) and the contrast of controls (seen-and-keys.spec.ts).
 */
export async function expectAccessibleInFullRun(
  page: Page,
  label?: string,
  opts?: { soft?: boolean; rules?: string[] },
): Promise<void> {
  if (FULL_RUN) await expectAccessible(page, label, opts);
}

/** What a theme changes: the colour rules (WCAG 1.4.3 contrast, 1.4.1 links told apart by colour alone). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Switches the emulated system theme and waits for the page to follow it. */
export async function switchScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  // The app's pages follow with a class on <html>; the sandbox payment page only by its media query.
  if (await page.locator("#root").count()) {
    const html = expect(page.locator("html"));
    await (colorScheme === "dark" ? html.toHaveClass(/\bdark\b/) : html.not.toHaveClass(/\bdark\b/));
  }
}

/**
 * Every rule in the light theme, then the colour rules again in the dark theme (soft: the test goes on and
 * fails at its end). The theme follows the system setting, so the page is re-themed in place and keeps its
 * state (focus, an open dialog, a message shown).
 */
export async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  // Inside journeys and the sweeps alike: `npm run test:full` only (expectAccessibleInFullRun says why).
  if (!FULL_RUN) return;
  await switchScheme(page, "light");
  await expectAccessible(page, `${label} (light)`, { soft: true });
  await switchScheme(page, "dark");
  await expectAccessible(page, `${label} (dark)`, { soft: true, rules: COLOUR_RULES });
}

/** No colour transitions: a theme switch repaints at once, so contrast is measured on the final colours. */
export async function withoutTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*,*::before,*::after{transition:none!important}";
      document.head.append(style);
    });
  });
}

/** Every button and link inside `box` lies within it and shows its whole label. */
export async function expectControlsInside(box: Locator): Promise<void> {
  const problems = await box.evaluate((el) => {
    const outer = el.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>("button, a")]
      .filter((c) => c.getClientRects().length > 0)
      .flatMap((c) => {
        const r = c.getBoundingClientRect();
        const name = c.textContent?.trim() ?? "";
        const out = r.left < outer.left - 0.5 || r.right > outer.right + 0.5;
        const clipped = c.scrollWidth > c.clientWidth + 1;
        return out || clipped
          ? [`${name}: ${Math.round(r.left)}-${Math.round(r.right)} in ${outer.left}-${outer.right}`]
          : [];
      });
  });
  expect(problems).toEqual([]);
}

/**
 * Clicks a field until it keeps focus: a dialog moves focus into itself just after it opens, and on a busy
 * machine a quick click can land before that and lose its focus to it.
 */
export async function clickToFocus(field: Locator): Promise<void> {
  await expect(async () => {
    await field.click();
    await expect(field).toBeFocused({ timeout: 500 });
  }).toPass();
}

/**
 * Subscribes the member signed in on `page` without drawing a screen: the same requests the plans page, the
 * sandbox's Direct Debit page and the completion screen make (create, authorise with the test account,
 * complete). For tests about what a paying member sees; the joining journey and the payment screens'
 * own tests still walk those screens.
 */
export async function subscribeViaApi(
  page: Page,
  tier: "silver" | "gold" | "platinum" = "gold",
  opts: { offerCode?: string } = {},
): Promise<void> {
  const created = await page.request.post("/api/create-subscription", {
    data: { tier, ...(opts.offerCode ? { offerCode: opts.offerCode } : {}) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { redirect_url } = (await created.json()) as { redirect_url: string };
  const authorised = await page.request.post(new URL(redirect_url, "http://localhost").pathname, {
    form: {
      action: "authorise",
      account_holder: "Alex Taylor",
      sort_code: "20-00-00",
      account_number: "55779911",
      confirm: "yes",
    },
    maxRedirects: 0,
  });
  expect(authorised.status()).toBe(303);
  const back = new URL(authorised.headers().location!, "http://localhost");
  const token = back.searchParams.get("session_token");
  expect(token, `no session token in ${back}`).toBeTruthy();
  const completed = await page.request.post("/api/complete-subscription", { data: { session_token: token } });
  expect(completed.status(), await completed.text()).toBe(200);
}

/**
 * Opens the landing page and wakes the app: a visitor's landing page boots the app only on a sign of intent
 * (lib/hydration.ts), so the test presses Shift, then waits until the app has taken the page over.
 */
export async function openLandingApp(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
}

/**
 * Runs in `npm run test:full` only (playwright.config.ts leaves out the tag unless UNVEIL_E2E_FULL=1): a journey
 * repeated at a second width, a screenshot sweep, a second case of a mechanism `npm test` already drives in
 * the browser (a stale tab, a lost session, a failed read), each of whose rules the API tests hold.
 */
export const FULL_ONLY = { tag: "@full" } as const;

/** A journey written for several widths runs at `main` in `npm test`, at every width in `npm run test:full`. */
export function atWidth(name: string, main: string): { tag?: "@full" } {
  return name === main ? {} : FULL_ONLY;
}
