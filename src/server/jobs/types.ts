/**
 * The scheduled jobs' contract. Each job is a sweep: it looks for the work that is due at
 * deps.now() and does it, so running it twice, late or from two instances at once changes nothing more.
 * pg-boss (boss.ts) runs every job on its cron in one instance at a time and records each run in job_runs.
 *
 * Every scheduled e-mail goes through sendClaimed (outbound.ts): the message's key is inserted into
 * outbound_messages before it is sent, so two workers never send the same message; a failed send is
 * retried with backoff by the "retry-mail" job, rebuilt by the kind's builder, and each attempt is logged in
 * email_logs.
 */
import type { Deps } from "../deps.ts";
import type { OutgoingMail } from "../modules/email/mailer.ts";

export interface JobDefinition {
  /** pg-boss queue name, kebab-case: "reveal-dates". */
  name: string;
  /** Cron (Europe/London), e.g. "* * * * *" every minute. */
  cron: string;
  /** Does what is due now; answers how many items it handled. Must be idempotent. */
  run: (deps: Deps) => Promise<number>;
}

export interface ClaimedMail {
  /** Unique per message, e.g. "reveal:123:45" (date 123, recipient 45). */
  key: string;
  /** outbound_messages.kind; also how a retry rebuilds the mail (see registerMailBuilder). */
  kind: string;
  userId: number | null;
  reservationId?: number | null;
  /** Builds the mail now (null: nothing to send any more, e.g. the date was cancelled; marked skipped). */
  build: () => Promise<OutgoingMail | null>;
}

/**
 * Rebuilds a claimed message for a retry from its outbound_messages row (kind, key, userId, reservationId),
 * with the retrying worker's deps (a builder may ignore them).
 */
export type MailBuilder = (
  row: {
    key: string;
    userId: number | null;
    reservationId: number | null;
  },
  deps: Deps,
) => Promise<OutgoingMail | null>;
