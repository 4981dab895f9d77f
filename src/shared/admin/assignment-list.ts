/**
 * The Assignments list an operator can work with (issue 32, item 7): server-side filters and the date order
 * on GET /api/admin/assignments, and bulk actions on a selection (cancel, message, re-plan), each previewed
 * first and run in one transaction.
 */
import { z } from "zod";
import { ISO_DAY_PATTERN } from "../london-time.ts";
import { trimmedAtLeast } from "../schemas/text.ts";
import { DATE_VENUE_STATES } from "../venue-bookings.ts";
import { ASSIGNMENT_STATUSES, adminAssignmentSchema } from "./assignments.ts";
import { adminListQuerySchema } from "./back-office.ts";

/** The venue answers an operator filters on (pending: booked, the request not yet sent). */
export const VENUE_ANSWER_FILTERS = DATE_VENUE_STATES;
/** The list's statuses: the status machine's plus the member-side reschedule request. */
export const ASSIGNMENT_LIST_STATUSES = [...ASSIGNMENT_STATUSES, "reschedule_requested"] as const;
/** The orders: newest created first (no `sort`, today's behaviour) or by the date itself, soonest first. */
export const ASSIGNMENT_SORTS = ["created", "date"] as const;

/** The most dates one bulk action takes. */
export const BULK_MAX = 200;
export const BULK_ACTIONS = ["cancel", "message", "replan"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_SUBJECT_MAX = 150;
export const BULK_BODY_MAX = 5000;

export const ASSIGNMENT_LIST_MSG = {
  from: "from must be a day as YYYY-MM-DD",
  to: "to must be a day as YYYY-MM-DD",
  range: "from must not be after to",
  status: `status must be one of ${ASSIGNMENT_LIST_STATUSES.join(", ")}`,
  venueId: "venueId must be a venue's id",
  venueStatus: `venueStatus must be one of ${VENUE_ANSWER_FILTERS.join(", ")}`,
  sort: `sort must be one of ${ASSIGNMENT_SORTS.join(", ")}`,
  action: `action must be one of ${BULK_ACTIONS.join(", ")}`,
  ids: "Select at least one date",
  idsInvalid: "ids must be a list of date ids",
  tooMany: `Select at most ${BULK_MAX} dates at once`,
  subject: "Please enter a subject",
  subjectTooLong: `The subject must be at most ${BULK_SUBJECT_MAX} characters`,
  body: "Please enter a message",
  bodyTooLong: `The message must be at most ${BULK_BODY_MAX} characters`,
  notFound: (ids: number[]) => `Not found: date${ids.length === 1 ? "" : "s"} ${ids.join(", ")}`,
  /** One date of the batch refused: nothing was changed. */
  failed: (id: number, why: string) => `Date ${id}: ${why}. Nothing was changed.`,
  undone: (n: number) => `${n} date${n === 1 ? "" : "s"} put back`,
} as const;

const day = (message: string) =>
  z
    .string({ error: message })
    .regex(ISO_DAY_PATTERN, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, message)
    .optional();

/** GET /api/admin/assignments: the list's query (search and paging as every admin list, plus filters). */
export const assignmentListQuerySchema = adminListQuerySchema
  .extend({
    /** London days, inclusive, on the date's scheduled time. */
    from: day(ASSIGNMENT_LIST_MSG.from),
    to: day(ASSIGNMENT_LIST_MSG.to),
    status: z.enum(ASSIGNMENT_LIST_STATUSES, { error: ASSIGNMENT_LIST_MSG.status }).optional(),
    venueId: z
      .string({ error: ASSIGNMENT_LIST_MSG.venueId })
      .regex(/^[1-9]\d{0,8}$/, ASSIGNMENT_LIST_MSG.venueId)
      .transform(Number)
      .optional(),
    venueStatus: z.enum(VENUE_ANSWER_FILTERS, { error: ASSIGNMENT_LIST_MSG.venueStatus }).optional(),
    sort: z.enum(ASSIGNMENT_SORTS, { error: ASSIGNMENT_LIST_MSG.sort }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ASSIGNMENT_LIST_MSG.range, path: ["from"] });
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** Whether the query asks for anything beyond today's search and paging. */
export function hasListFilters(q: AssignmentListQuery): boolean {
  return Boolean(q.from || q.to || q.status || q.venueId || q.venueStatus || q.sort === "date");
}

const ids = z
  .array(z.int({ error: ASSIGNMENT_LIST_MSG.idsInvalid }).min(1, ASSIGNMENT_LIST_MSG.idsInvalid), {
    error: ASSIGNMENT_LIST_MSG.idsInvalid,
  })
  .min(1, ASSIGNMENT_LIST_MSG.ids)
  .max(BULK_MAX, ASSIGNMENT_LIST_MSG.tooMany)
  .transform((a) => [...new Set(a)]);

/** POST /api/admin/assignments/bulk/preview and /bulk: the action and its dates (a message's words). */
export const bulkRequestSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("cancel"), ids }),
    z.object({ action: z.literal("replan"), ids }),
    z.object({
      action: z.literal("message"),
      ids,
      subject: z
        .string({ error: ASSIGNMENT_LIST_MSG.subject })
        .regex(trimmedAtLeast(1), ASSIGNMENT_LIST_MSG.subject)
        .trim()
        .max(BULK_SUBJECT_MAX, ASSIGNMENT_LIST_MSG.subjectTooLong),
      body: z
        .string({ error: ASSIGNMENT_LIST_MSG.body })
        .regex(trimmedAtLeast(1), ASSIGNMENT_LIST_MSG.body)
        .trim()
        .max(BULK_BODY_MAX, ASSIGNMENT_LIST_MSG.bodyTooLong),
    }),
  ],
  { error: ASSIGNMENT_LIST_MSG.action },
);
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export type BulkRequestInput = z.input<typeof bulkRequestSchema>;

/** One date in a preview: what will happen to it, or why it cannot (then nothing runs). */
export const bulkPreviewItemSchema = z
  .object({
    id: z.number(),
    member: z.string(),
    scheduledDate: z.string(),
    venue: z.string().nullable(),
    status: z.string(),
    /** What happens to this date ("Cancelled; the couple and Rosa's are told"), or null when it cannot. */
    outcome: z.string().nullable(),
    /** Why it cannot (then the batch cannot run as chosen), or null. */
    problem: z.string().nullable(),
  })
  .meta({ id: "AdminBulkPreviewItem" });
export type BulkPreviewItem = z.infer<typeof bulkPreviewItemSchema>;

export const bulkPreviewSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    /** One sentence: "3 dates will be cancelled; the couples and venues will be told". */
    summary: z.string(),
    /** Whether every date can take the action (the run is all or nothing). */
    ready: z.boolean(),
    items: z.array(bulkPreviewItemSchema),
  })
  .meta({ id: "AdminBulkPreview" });
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkResultSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    message: z.string(),
    /** The dates as they now stand (a message changes none). */
    assignments: z.array(adminAssignmentSchema),
    /** The ids Undo puts back (POST /bulk/undo) while their mail waits; empty when there is nothing to undo. */
    undoIds: z.array(z.number()),
  })
  .meta({ id: "AdminBulkResult" });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** POST /api/admin/assignments/bulk/undo. */
export const bulkUndoSchema = z.object({ ids });
export const bulkUndoResultSchema = z
  .object({ message: z.string(), assignments: z.array(adminAssignmentSchema) })
  .meta({ id: "AdminBulkUndoResult" });
export type BulkUndoResult = z.infer<typeof bulkUndoResultSchema>;
