/**
 * Scheduled mail, claimed before it is sent (ARCHITECTURE.md). sendClaimed inserts the message's key into
 * outbound_messages first: only the worker whose insert wins sends it, so two app instances never send the same
 * message twice. A failed send is retried with backoff by the "retry-mail" job, which rebuilds the mail with the
 * builder registered for its kind (the date may have moved or been cancelled since). Every attempt is in
 * email_logs; a failed one says which attempt it was and when the next one is due.
 *
 * A worker killed between its claim and its send leaves the row in "sending": after STUCK_SENDING_MINUTES the
 * retry job claims it again. At worst the message goes out twice (killed after the send, before the update);
 * it is never lost.
 */
import { and, eq, sql } from "drizzle-orm";
import { londonFormat, londonTime, sameLondonDay } from "../../shared/london-time.ts";
import { emailLogs, outboundMessages } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { OutgoingMail } from "../modules/email/mailer.ts";
import type { ClaimedMail, JobDefinition, MailBuilder } from "./types.ts";

/** Attempts before a message is abandoned. */
export const MAX_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, 3rd and 4th failed attempt: 5 min, 30 min, 2 h, 6 h. */
export const RETRY_BACKOFF_MINUTES = [5, 30, 120, 360] as const;
/** A claim older than this still "sending" belongs to a worker that died: the retry job takes it over. */
export const STUCK_SENDING_MINUTES = 15;
/** Rows the retry job claims per batch. */
const RETRY_BATCH = 50;

export type SendOutcome = "sent" | "failed" | "abandoned" | "skipped" | "duplicate";

const builders = new Map<string, MailBuilder>();

/** How a retry rebuilds a message of this kind (call at module load of the sweep that sends it). */
export function registerMailBuilder(kind: string, builder: MailBuilder): void {
  builders.set(kind, builder);
}

export function mailBuilderFor(kind: string): MailBuilder | undefined {
  return builders.get(kind);
}

const dayHhmm = londonFormat({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** "14:35" when the next try is today (London), "3 Dec, 14:35" otherwise. */
function nextTryLabel(at: Date, now: Date): string {
  return sameLondonDay(at, now) ? londonTime(at) : dayHhmm.format(at);
}

/** The wait before attempt n+1 after attempt n (1-based) failed; null when n was the last attempt. */
export function backoffAfter(attempt: number): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const minutes = RETRY_BACKOFF_MINUTES[Math.min(attempt, RETRY_BACKOFF_MINUTES.length) - 1];
  return minutes * 60_000;
}

/**
 * Claims the message's key and, when this call won the claim, builds and sends it. Answers "duplicate" when
 * the key was already claimed (sent, being sent, or waiting for a retry): nothing is done then.
 */
export async function sendClaimed(deps: Deps, m: ClaimedMail): Promise<SendOutcome> {
  const id = await claimMail(deps.db, deps.now(), m);
  if (id === null) return "duplicate";
  // Claimed just now: no need to renew it.
  return attempt(deps, { id, attempts: 0 }, m.build);
}

/**
 * Only the claim (status "sending"), e.g. inside the transaction that changes a date, so the change and the
 * duty to tell the member commit together; send it after the commit with deliverClaimed. Should the process
 * die in between, the retry job takes the claim over after STUCK_SENDING_MINUTES. Answers the row's id, or
 * null when the key was already claimed.
 */
export async function claimMail(
  db: Pick<Deps["db"], "insert">,
  now: Date,
  m: Omit<ClaimedMail, "build">,
): Promise<number | null> {
  const claimed = await db
    .insert(outboundMessages)
    .values({
      key: m.key,
      kind: m.kind,
      userId: m.userId,
      reservationId: m.reservationId ?? null,
      status: "sending",
      attempts: 0,
      claimedAt: now,
    })
    .onConflictDoNothing({ target: outboundMessages.key })
    .returning({ id: outboundMessages.id });
  return claimed[0]?.id ?? null;
}

/**
 * The first attempt at a row claimed by claimMail at `claimedAt`. A sweep claims many rows in one transaction and
 * then sends them one by one, so a row may wait past the lease for its turn and be taken over by the retry job
 * of any instance: the claim is renewed first, and a row no longer this worker's is left alone ("duplicate").
 */
export async function deliverClaimed(
  deps: Deps,
  id: number,
  claimedAt: Date,
  build: () => Promise<OutgoingMail | null>,
): Promise<SendOutcome> {
  if (!(await renewClaim(deps, id, claimedAt))) return "duplicate";
  return attempt(deps, { id, attempts: 0 }, build);
}

/**
 * Renews a claim this worker made at `claimedAt`, just before an attempt. False when the row is no longer this
 * worker's: another instance's retry took it over after the lease (or has already sent it).
 */
async function renewClaim(deps: Deps, id: number, claimedAt: Date): Promise<boolean> {
  const renewed = await deps.db
    .update(outboundMessages)
    .set({ claimedAt: deps.now() })
    .where(
      and(
        eq(outboundMessages.id, id),
        eq(outboundMessages.status, "sending"),
        eq(outboundMessages.claimedAt, claimedAt),
      ),
    )
    .returning({ id: outboundMessages.id });
  return renewed.length > 0;
}

/** One attempt at a claimed row (status "sending"): build, send, record the outcome. */
async function attempt(
  deps: Deps,
  row: { id: number; attempts: number },
  build: () => Promise<OutgoingMail | null>,
): Promise<SendOutcome> {
  const n = row.attempts + 1;
  let mail: OutgoingMail | null;
  try {
    mail = await build();
  } catch (e) {
    return recordFailure(deps, row.id, n, e instanceof Error ? e.message : String(e), undefined);
  }
  if (!mail) {
    await deps.db
      .update(outboundMessages)
      .set({ status: "skipped", nextAttemptAt: null })
      .where(eq(outboundMessages.id, row.id));
    return "skipped";
  }
  const result = await deps.mailer.send(mail);
  if (result.ok) {
    await deps.db
      .update(outboundMessages)
      .set({
        status: "sent",
        sentAt: deps.now(),
        attempts: n,
        nextAttemptAt: null,
        lastError: null,
        emailLogId: result.emailLogId ?? null,
      })
      .where(eq(outboundMessages.id, row.id));
    return "sent";
  }
  return recordFailure(deps, row.id, n, result.error ?? "send failed", result.emailLogId);
}

async function recordFailure(
  deps: Deps,
  id: number,
  n: number,
  error: string,
  emailLogId: number | undefined,
): Promise<SendOutcome> {
  const now = deps.now();
  const wait = backoffAfter(n);
  const next = wait === null ? null : new Date(now.getTime() + wait);
  const note = next
    ? `attempt ${n} of ${MAX_ATTEMPTS}, next try ${nextTryLabel(next, now)}`
    : `attempt ${n} of ${MAX_ATTEMPTS}, giving up`;
  const message = `${error} (${note})`.slice(0, 2000);
  await deps.db
    .update(outboundMessages)
    .set({
      status: next ? "failed" : "abandoned",
      attempts: n,
      nextAttemptAt: next,
      lastError: message,
      ...(emailLogId ? { emailLogId } : {}),
    })
    .where(eq(outboundMessages.id, id));
  if (emailLogId) {
    await deps.db
      .update(emailLogs)
      .set({ errorMessage: message })
      .where(eq(emailLogs.id, emailLogId))
      .catch(() => {});
  }
  return next ? "failed" : "abandoned";
}

interface ClaimedRow {
  id: number;
  key: string;
  kind: string;
  user_id: number | null;
  reservation_id: number | null;
  attempts: number;
}

/**
 * Claims due failed rows and rows stuck in "sending" in one statement (FOR UPDATE SKIP LOCKED: two workers
 * never take the same row), then rebuilds and sends each. Answers how many rows it handled.
 *
 * The batch is claimed at once but sent one by one, so a slow mail server can make a row wait past the lease
 * (STUCK_SENDING_MINUTES) for its turn, and another instance's retry may take it over meanwhile. Each row's
 * claim is therefore renewed just before its attempt (renewClaim), only if it is still this worker's; a row
 * taken over is left to the worker that took it, so waiting in a batch never sends a message twice.
 */
export async function retryDueMail(deps: Deps): Promise<number> {
  let handled = 0;
  for (let round = 0; round < 20; round++) {
    const now = deps.now();
    const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MINUTES * 60_000);
    const result = await deps.db.execute<ClaimedRow & Record<string, unknown>>(sql`
      UPDATE outbound_messages SET status = 'sending', claimed_at = ${now}
      WHERE id IN (
        SELECT id FROM outbound_messages
        WHERE ((status = 'failed' AND next_attempt_at <= ${now})
           OR (status = 'sending' AND claimed_at < ${stuckBefore}))
          -- Texts and pushes are best effort and claimed only so they go once: never retried.
          AND left(kind, 4) <> 'sms_' AND left(kind, 5) <> 'push_'
        ORDER BY id
        LIMIT ${RETRY_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, key, kind, user_id, reservation_id, attempts`);
    // Oldest first (RETURNING keeps no order).
    const rows = result.rows.sort((a, b) => a.id - b.id);
    if (rows.length === 0) break;
    for (const r of rows) {
      if (!(await renewClaim(deps, r.id, now))) continue;
      const builder = builders.get(r.kind);
      const build = builder
        ? () => builder({ key: r.key, userId: r.user_id, reservationId: r.reservation_id }, deps)
        : () => Promise.reject(new Error(`no mail builder registered for "${r.kind}"`));
      await attempt(deps, { id: r.id, attempts: r.attempts }, build);
      handled++;
    }
    if (rows.length < RETRY_BATCH) break;
  }
  return handled;
}

export const retryMailJob: JobDefinition = {
  name: "retry-mail",
  cron: "* * * * *",
  run: retryDueMail,
};
