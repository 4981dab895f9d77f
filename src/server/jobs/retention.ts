/**
 * Data retention: a daily sweep that deletes what the service no longer needs and makes sure the
 * financial records of deleted accounts hold nothing personal. Like every job it is idempotent (a second run
 * the same day finds nothing), and it works in batches of RETENTION.batchSize rows, each its own short
 * statement, so no big table is locked for long. It answers the number of rows deleted or cleared.
 *
 * Financial records (subscription_events, offer_code_usage, payment_checkouts, the provider's customer and
 * mandate references on the account row) are kept six years after the end of the financial year they belong
 * to (HMRC: six years from the end of the last company financial year they relate to). The financial year is
 * taken to end on 31 March (RETENTION.financialYearStartMonth); a record dated in the year ending 31 March
 * 2027 goes on 1 April 2033. This is only done for accounts the member deleted: a live member's billing
 * history is their running contract (and what the billing state and analytics are computed from), so it
 * stays while the account exists. Deleted accounts keep an anonymous tombstone row (account/delete.ts); the
 * sweep re-clears anything personal on their rows in case a write landed after the deletion.
 *
 * Outbound messages (the claims that stop a scheduled mail being sent twice) go RETENTION.outboundMessageDays
 * after their last attempt, once finished (sent, abandoned, skipped): every job that claims one looks back at
 * most five weeks (campaign triggers 30 days, ended offers 35, reveals and renewals ahead of now), so a claim a
 * year old can never be asked for again. Claims still sending or waiting for a retry stay whatever their age.
 *
 * Not swept here: job_runs (purgeJobRuns in boss.ts keeps JOB_RUN_RETENTION_DAYS, run hourly by
 * purge-sessions); the sandbox payment provider's own books (sandbox_* tables, staging only).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { purgeExpiredSessions } from "../modules/auth/sessions.ts";
import type { JobDefinition } from "./types.ts";

const DAY = 86_400_000;

export const RETENTION = {
  /** Rows per statement: small enough that each delete holds its locks for milliseconds. */
  batchSize: 5000,
  /**
   * E-mail log (recipient address, subject, failures): two years, long enough to answer a member's "did you
   * send me..." or a dispute about a notice for the whole life of a yearly question, then it goes.
   */
  emailLogDays: 730,
  /**
   * Processed payment webhooks: 90 days. The row only stops a replayed event being applied twice; providers
   * retry for days, not months, and an older replay is refused by the member's paymentStatusAt anyway.
   */
  webhookEventDays: 90,
  /**
   * Partner invitations, once expired or accepted: 30 days, so an old link still says "expired" or "already
   * accepted" for a while; they hold the invitee's e-mail address.
   */
  partnerInviteDays: 30,
  /**
   * Checkouts that never reached the bank (pending or declined) after they expired: 30 days, for support
   * questions about a failed sign-up; they are not financial records (no mandate, nothing was charged).
   */
  abandonedCheckoutDays: 30,
  /**
   * Closed support tickets of deleted accounts or from people without an account: two years after the last
   * reply, as for the mail log.
   */
  closedTicketDays: 730,
  /**
   * Finished outbound messages: about thirteen months, ten times the longest look-back of any job that claims
   * one (see above), and long enough for the back office to answer "was my reminder sent last year?".
   */
  outboundMessageDays: 400,
  /** Financial records: six years after the end of the financial year (see above). */
  financialYears: 6,
  /** The company's financial year starts on 1 April (month 4); change it if the accounting year differs. */
  financialYearStartMonth: 4,
} as const;

/**
 * The earliest time a financial record is still kept at `now`: the start of the oldest financial year whose
 * records must stay. Records dated before it belong to years that ended six years ago or more.
 */
export function financialCutoff(now: Date, years: number = RETENTION.financialYears): Date {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - years);
  // 1 April 00:00 in London is 31 March 23:00 UTC: British Summer Time always starts before 1 April.
  const start = (y: number) => new Date(Date.UTC(y, RETENTION.financialYearStartMonth - 1, 1) - 3_600_000);
  const y = limit.getUTCFullYear();
  return start(y) <= limit ? start(y) : start(y - 1);
}

const iso = (d: Date) => d.toISOString();
const ago = (now: Date, days: number) => iso(new Date(now.getTime() - days * DAY));

/** Runs one statement (given the batch limit) until a batch comes back short; answers the rows it touched. */
async function inBatches(deps: Deps, batchSize: number, statement: (limit: number) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const res = await deps.db.execute(statement(batchSize));
    const n = res.rowCount ?? 0;
    total += n;
    if (n < batchSize) return total;
  }
}

/** DELETE FROM table WHERE id IN (a batch of ids matching `where`). */
const deleteWhere = (table: string, where: SQL) => (limit: number) =>
  sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (SELECT id FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${limit})`;

const DELETED_USERS = sql`SELECT id FROM users WHERE deleted_at IS NOT NULL`;

/** One pass of every rule; answers what each rule touched (the job's total is their sum). */
export async function retentionSweep(
  deps: Deps,
  opts: { batchSize?: number } = {},
): Promise<Record<string, number>> {
  const now = deps.now();
  const size = opts.batchSize ?? RETENTION.batchSize;
  const batch = (statement: (limit: number) => SQL) => inBatches(deps, size, statement);
  const nowIso = iso(now);
  const cutoff = iso(financialCutoff(now));
  const out: Record<string, number> = {};

  out.sessions = await purgeExpiredSessions(deps.db, now, deps.config.sessionIdle);

  // Tokens: an expired reset or verification link can never be used again (a used one is cleared on use).
  out.passwordResetTokens = await batch(
    (limit) => sql`UPDATE users SET password_reset_token = NULL, password_reset_expires = NULL
      WHERE id IN (SELECT id FROM users WHERE password_reset_expires < ${nowIso}::timestamptz LIMIT ${limit})`,
  );
  out.emailVerificationTokens = await batch(
    (limit) => sql`UPDATE users SET email_verification_token = NULL, email_verification_expires = NULL
      WHERE id IN (SELECT id FROM users WHERE email_verification_expires < ${nowIso}::timestamptz LIMIT ${limit})`,
  );
  out.partnerInvites = await batch(
    deleteWhere(
      "partner_invites",
      sql`(accepted_at IS NULL AND expires_at < ${ago(now, RETENTION.partnerInviteDays)}::timestamptz)
        OR accepted_at < ${ago(now, RETENTION.partnerInviteDays)}::timestamptz`,
    ),
  );
  out.abandonedCheckouts = await batch(
    deleteWhere(
      "payment_checkouts",
      sql`status IN ('pending', 'declined') AND expires_at < ${ago(now, RETENTION.abandonedCheckoutDays)}::timestamptz`,
    ),
  );

  // Logs.
  out.emailLogs = await batch(
    deleteWhere("email_logs", sql`sent_at < ${ago(now, RETENTION.emailLogDays)}::timestamptz`),
  );
  out.webhookEvents = await batch(
    deleteWhere("webhook_events", sql`processed_at < ${ago(now, RETENTION.webhookEventDays)}::timestamptz`),
  );
  out.outboundMessages = await batch(
    deleteWhere(
      "outbound_messages",
      sql`status IN ('sent', 'abandoned', 'skipped')
        AND claimed_at < ${ago(now, RETENTION.outboundMessageDays)}::timestamptz`,
    ),
  );
  out.closedTickets = await batch(
    deleteWhere(
      "support_tickets",
      sql`status = 'closed' AND updated_at < ${ago(now, RETENTION.closedTicketDays)}::timestamptz
        AND (user_id IS NULL OR user_id IN (${DELETED_USERS}))`,
    ),
  );

  // Deleted accounts: nothing personal left on the rows kept for the books.
  out.anonymisedEvents = await batch(
    (
      limit,
    ) => sql`UPDATE subscription_events SET feedback = NULL WHERE id IN (SELECT id FROM subscription_events
      WHERE feedback IS NOT NULL AND user_id IN (${DELETED_USERS}) LIMIT ${limit})`,
  );
  out.deletedAccountMail = await batch(deleteWhere("email_logs", sql`user_id IN (${DELETED_USERS})`));
  out.deletedAccountSessions = await batch(
    (limit) => sql`DELETE FROM sessions WHERE sid IN (SELECT sid FROM sessions
      WHERE user_id IN (${DELETED_USERS}) LIMIT ${limit})`,
  );

  // Deleted accounts: financial records past six years after their financial year.
  out.financialEvents = await batch(
    deleteWhere(
      "subscription_events",
      sql`occurred_at < ${cutoff}::timestamptz AND user_id IN (${DELETED_USERS})`,
    ),
  );
  out.financialOfferUsage = await batch(
    deleteWhere("offer_code_usage", sql`used_at < ${cutoff}::timestamptz AND user_id IN (${DELETED_USERS})`),
  );
  out.financialCheckouts = await batch(
    deleteWhere(
      "payment_checkouts",
      sql`created_at < ${cutoff}::timestamptz AND user_id IN (${DELETED_USERS})`,
    ),
  );
  // Every record of an account deleted before the cutoff is gone with the rules above: its provider
  // references (customer, mandate, subscriptions) are the last link to the bank and go too.
  out.providerReferences = await batch(
    (limit) => sql`UPDATE payment_links SET payment_customer_id = NULL, payment_mandate_id = NULL,
      payment_subscription_id = NULL, payment_next_subscription_id = NULL
      WHERE user_id IN (SELECT p.user_id FROM payment_links p JOIN users u ON u.id = p.user_id
        WHERE u.deleted_at < ${cutoff}::timestamptz
        AND (p.payment_customer_id IS NOT NULL OR p.payment_mandate_id IS NOT NULL
          OR p.payment_subscription_id IS NOT NULL OR p.payment_next_subscription_id IS NOT NULL) LIMIT ${limit})`,
  );
  return out;
}

/** Daily at 03:17 London time, when the site is quiet. */
export const retentionJob: JobDefinition = {
  name: "data-retention",
  cron: "17 3 * * *",
  run: async (deps) => {
    const counts = await retentionSweep(deps);
    return Object.values(counts).reduce((a, b) => a + b, 0);
  },
};
