/**
 * One queue for the day (GET /api/admin/attention): everything that needs a person now, computed from the
 * data each time (nothing is stored), each item with its deadline and the actions that resolve it in place.
 * Decision 0071.
 */
import { z } from "zod";
import { isoInstant } from "./back-office.ts";

/** The kinds of thing that need a person, in the order the Today tab's filter chips list them. */
export const ATTENTION_KINDS = [
  "rule_broken",
  "venue_unconfirmed",
  "venue_declined",
  "venue_proposed",
  "first_date_due",
  "payment_failed",
  "reschedule_request",
  "support_waiting",
  "unplaceable",
  "gift_undelivered",
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** Each kind's words on its card and filter chip. */
export const ATTENTION_KIND_LABEL: Record<AttentionKind, string> = {
  rule_broken: "Breaks a rule",
  venue_unconfirmed: "Venue not confirmed",
  venue_declined: "Venue declined",
  venue_proposed: "Venue proposed a time",
  first_date_due: "First date due",
  payment_failed: "Payment failed",
  reschedule_request: "Reschedule request",
  support_waiting: "Waiting for a reply",
  unplaceable: "Cannot be placed",
  gift_undelivered: "Gift not delivered",
};

/** What an item is about (the record its actions change). */
export const ATTENTION_SUBJECTS = ["assignment", "member", "ticket", "gift"] as const;
export type AttentionSubjectType = (typeof ATTENTION_SUBJECTS)[number];

/**
 * A button that resolves the item in place: the request it sends. With `needsReason` the operator is asked
 * for words first (sent as `body[reasonField]`, "reason" unless named, at most `reasonMax` characters);
 * `reasonOptional` lets them send none.
 * `confirm` is a question asked before a change that cannot be taken back from here.
 */
export const attentionActionSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    method: z.enum(["POST", "PATCH", "PUT"]),
    path: z.string(),
    body: z.record(z.string(), z.unknown()).optional(),
    needsReason: z.boolean().optional(),
    reasonField: z.string().optional(),
    reasonLabel: z.string().optional(),
    reasonOptional: z.boolean().optional(),
    /** The most characters the server takes for the words (the dialog's limit). */
    reasonMax: z.number().int().positive().optional(),
    confirm: z.string().optional(),
    /** The main way to resolve it (shown as the primary button). */
    primary: z.boolean().optional(),
  })
  .meta({ id: "AttentionAction" });
export type AttentionAction = z.infer<typeof attentionActionSchema>;

export const attentionItemSchema = z
  .object({
    /** Stable while its cause lasts: "{kind}:{record id}". */
    id: z.string(),
    kind: z.enum(ATTENTION_KINDS),
    /** What it is about, one line. */
    title: z.string(),
    /** The rule's words, the venue's answer, the member's message... */
    detail: z.string(),
    /** The deadline. */
    dueAt: isoInstant,
    subject: z.object({ type: z.enum(ATTENTION_SUBJECTS), id: z.number().int(), label: z.string() }),
    actions: z.array(attentionActionSchema),
    /** Where in the back office the record is worked on further. */
    link: z.object({ label: z.string(), href: z.string() }).optional(),
  })
  .meta({ id: "AttentionItem" });
export type AttentionItem = z.infer<typeof attentionItemSchema>;

const countsShape = Object.fromEntries(ATTENTION_KINDS.map((k) => [k, z.number().int()])) as Record<
  AttentionKind,
  z.ZodNumber
>;
export const attentionCountsSchema = z.object({ ...countsShape, total: z.number().int() });
export type AttentionCounts = z.infer<typeof attentionCountsSchema>;

/** GET /api/admin/attention: the queue, soonest deadline first, and how many of each kind. */
export const attentionResponseSchema = z
  .object({ items: z.array(attentionItemSchema), counts: attentionCountsSchema })
  .meta({ id: "AttentionQueue" });
export type AttentionResponse = z.infer<typeof attentionResponseSchema>;

/** The Today tab's words. */
export const ATTENTION_MSG = {
  empty: "Nothing needs you right now",
  emptyHint: "New items appear here as soon as something needs a person.",
  failed: "The queue could not be loaded.",
  resolved: "Done: it is off the queue",
  reasonRequired: "Please write a few words first",
} as const;

/** Working days a support ticket waits for our reply before it is overdue. */
export const SUPPORT_REPLY_WORKING_DAYS = 1;
/** The most items of one kind the queue lists (the counts stay exact up to it). */
export const ATTENTION_KIND_CAP = 200;
