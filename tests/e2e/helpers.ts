import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

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
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")))
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

let pool: import("pg").Pool | undefined;
/** The e2e server's database, for arranging what no screen creates yet (dates planned by the back office). */
export async function e2eDb(): Promise<import("pg").Pool> {
  if (!pool) {
    const { Pool } = (await import("pg")).default as unknown as typeof import("pg");
    const url = readFileSync(process.env.E2E_DB_URL_FILE!, "utf8").trim();
    pool = new Pool({ connectionString: url, max: 2 });
  }
  return pool;
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
    `INSERT INTO venues (name, address, city, postcode, type, price_level, latitude, longitude, contact_info)
     VALUES ($1, '12 Secret Street', 'London', 'SE1 9PX', 'restaurant', 'medium', 51.5055, -0.0910, '{"phone":"020 7946 0000","website":"https://example.com"}')
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
    `INSERT INTO date_reservations (user_id, date_idea_id, venue_id, scheduled_date, status, rating, feedback, rated_at)
     SELECT id, $2, $3, now() + ($4 || ' hours')::interval, $5, $6::int, $7::text, CASE WHEN $6::int IS NULL THEN NULL ELSE now() END
     FROM users WHERE lower(email) = lower($1) RETURNING id`,
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
