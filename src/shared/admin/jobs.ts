/** The "Scheduled jobs" card of the Email Logs tab (issue #6): job runs and scheduled mail waiting for a retry. */
import { z } from "zod";
import { adminListQuerySchema } from "./common.ts";

export const JOBS_MSG = {
  loadFailed: "Failed to load scheduled jobs",
  loadMessagesFailed: "Failed to load scheduled e-mails",
  status: "status must be failed or abandoned",
  neverRun: "Not run yet",
  noFailures: "No scheduled e-mail is waiting for a retry.",
} as const;

/** Scheduled mail an admin looks at: still to be retried, or given up on. */
export const OUTBOUND_LIST_STATUSES = ["failed", "abandoned"] as const;
export type OutboundListStatus = (typeof OUTBOUND_LIST_STATUSES)[number];

/** GET /api/admin/outbound-messages?status=failed|abandoned (absent: both)&search=&limit=&offset= */
export const outboundMessagesQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(OUTBOUND_LIST_STATUSES, { error: JOBS_MSG.status }).optional(),
  ),
});
export type OutboundMessagesQuery = z.infer<typeof outboundMessagesQuerySchema>;

export interface JobRunRow {
  id: number;
  name: string;
  startedAt: string;
  finishedAt: string | null;
  /** running, ok, failed */
  status: string;
  processed: number;
  error: string | null;
}

export interface JobStatusRow {
  name: string;
  /** Cron in London time. */
  cron: string;
  lastRun: JobRunRow | null;
  /** Failed runs of this job in the last 24 hours. */
  failures24h: number;
}

/** GET /api/admin/job-runs */
export interface JobRunsAnswer {
  jobs: JobStatusRow[];
  /** The latest failed runs of any job (newest first, at most 20). */
  recentFailures: JobRunRow[];
  /** Scheduled e-mails waiting for a retry, and given up on. */
  outbound: { failed: number; abandoned: number; nextRetryAt: string | null };
}

export interface OutboundMessageRow {
  id: number;
  key: string;
  kind: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  claimedAt: string;
  createdAt: string;
  reservationId: number | null;
  userId: number | null;
  recipientEmail: string | null;
  recipientName: string | null;
}
