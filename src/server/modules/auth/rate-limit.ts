import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { MSG } from "../../../shared/messages.ts";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../http-error.ts";

/**
 * Fixed-window counters in PostgreSQL (the unlogged rate_limits table), so every instance behind a load
 * balancer counts against the same limit: ten instances do not give a password guesser ten times the tries.
 * A hit is one upsert (a row lock on the key, so concurrent hits on two instances are counted one after the
 * other and never lost). The table is unlogged: after a database crash the counters start again at zero,
 * which costs an attacker's budget nothing worth a WAL write per sign-in. Keys are stored as their SHA-256,
 * so the table holds no e-mail or IP address. Expired windows are deleted by the hourly purge
 * (purgeRateLimits); a window that has ended is also simply restarted by the next hit.
 *
 * Time is the app's clock (`now`), not the database's, so tests can move it.
 */
export class RateLimiter {
  private db: Db;
  private now: () => number;
  constructor(db: Db, now: () => number) {
    this.db = db;
    this.now = now;
  }

  /** Counts one hit and throws 429 once `limit` hits have been seen inside the window. */
  async hit(key: string, limit: number, windowMinutes: number): Promise<void> {
    const t = this.now();
    const now = new Date(t).toISOString();
    const resetAt = new Date(t + windowMinutes * 60_000).toISOString();
    const res = await this.db.execute<{ count: number; reset_at: string | Date }>(sql`
      INSERT INTO rate_limits AS r (key, count, reset_at) VALUES (${digest(key)}, 1, ${resetAt}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= ${now}::timestamptz THEN 1 ELSE r.count + 1 END,
        reset_at = CASE WHEN r.reset_at <= ${now}::timestamptz THEN excluded.reset_at ELSE r.reset_at END
      RETURNING count, reset_at`);
    const row = res.rows[0];
    if (row.count > limit) throw tooMany(new Date(row.reset_at).getTime() - t);
  }

  /** Throws 429 if the key is already at its limit, without counting. */
  async check(key: string, limit: number): Promise<void> {
    const t = this.now();
    const res = await this.db.execute<{ count: number; reset_at: string | Date }>(sql`
      SELECT count, reset_at FROM rate_limits
      WHERE key = ${digest(key)} AND reset_at > ${new Date(t).toISOString()}::timestamptz`);
    const row = res.rows[0];
    if (row && row.count >= limit) throw tooMany(new Date(row.reset_at).getTime() - t);
  }

  /** Forgets a key's count (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE key = ${digest(key)}`);
  }
}

/** Deletes the windows that have ended at `now` (hourly, with the expired sessions); answers how many. */
export async function purgeRateLimits(db: Db, now: Date): Promise<number> {
  const res = await db.execute(
    sql`DELETE FROM rate_limits WHERE reset_at <= ${now.toISOString()}::timestamptz`,
  );
  return res.rowCount ?? 0;
}

const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

function tooMany(msLeft: number): HttpError {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return new HttpError(429, MSG.tooManyRequests(minutes), {
    "retry-after": String(Math.max(1, Math.ceil(msLeft / 1000))),
  });
}
