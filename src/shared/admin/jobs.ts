/** The "Scheduled jobs" card of the Email Logs tab: job runs and scheduled mail waiting for a retry. */
import { z } from "zod";
import { adminListQuerySchema, isoInstant } from "./back-office.ts";

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

const jobRunFields = z.object({
  id: z.int(),
  name: z.string(),
  startedAt: isoInstant,
  finishedAt: isoInstant.nullable(),
  status: z.string().describe("running, ok or failed"),
  processed: z.int(),
  error: z.string().nullable(),
});
export const jobRunRowSchema = jobRunFields.meta({ id: "AdminJobRun" });
export type JobRunRow = z.infer<typeof jobRunRowSchema>;

export const jobStatusRowSchema = z
  .object({
    name: z.string(),
    cron: z.string().describe("Cron in London time"),
    // Written out rather than referenced: OpenAPI 3.0 wants a type beside `nullable`, which a reference lacks.
    lastRun: jobRunFields.nullable(),
    failures24h: z.int().describe("Failed runs of this job in the last 24 hours"),
  })
  .meta({ id: "AdminJobStatus" });
export type JobStatusRow = z.infer<typeof jobStatusRowSchema>;

/** GET /api/admin/job-runs */
export const jobRunsAnswerSchema = z
  .object({
    jobs: z.array(jobStatusRowSchema),
    recentFailures: z
      .array(jobRunRowSchema)
      .describe("The latest failed runs of any job (newest first, at most 20)"),
    outbound: z
      .object({ failed: z.int(), abandoned: z.int(), nextRetryAt: isoInstant.nullable() })
      .describe("Scheduled e-mails waiting for a retry, and given up on"),
  })
  .meta({ id: "AdminJobRuns" });
export type JobRunsAnswer = z.infer<typeof jobRunsAnswerSchema>;

export const outboundMessageRowSchema = z
  .object({
    id: z.int(),
    key: z.string(),
    kind: z.string(),
    status: z.string(),
    attempts: z.int(),
    nextAttemptAt: isoInstant.nullable(),
    lastError: z.string().nullable(),
    claimedAt: isoInstant,
    createdAt: isoInstant,
    reservationId: z.int().nullable(),
    userId: z.int().nullable(),
    recipientEmail: z.string().nullable(),
    recipientName: z.string().nullable(),
  })
  .meta({ id: "AdminOutboundMessage" });
export type OutboundMessageRow = z.infer<typeof outboundMessageRowSchema>;
