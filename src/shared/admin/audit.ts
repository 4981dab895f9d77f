/**
 * The record of who changed what (audit_log) and the edit guard that keeps two operators from overwriting
 * each other (ETag / If-Match, answered 412 when the record changed since it was read).
 */
import { z } from "zod";
import { ISO_DAY_PATTERN } from "../london-time.ts";
import { trimmedAtLeast } from "../schemas/text.ts";
import { adminListQuerySchema } from "./back-office.ts";

/** The kinds of record the audit log speaks of (`entity`). */
export const AUDIT_ENTITIES = [
  "venue",
  "date_idea",
  "assignment",
  "offer_code",
  "user",
  "member",
  "member_note",
  "template",
  "campaign",
  "clue",
  "gift",
  "support_ticket",
  "subscription",
  "account",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Each record's words in the Audit view. */
export const AUDIT_ENTITY_LABEL: Record<AuditEntity, string> = {
  venue: "Venue",
  date_idea: "Date idea",
  assignment: "Assignment",
  offer_code: "Offer code",
  user: "User",
  member: "Member",
  member_note: "Member note",
  template: "E-mail template",
  campaign: "E-mail campaign",
  clue: "Clue",
  gift: "Gift",
  support_ticket: "Support ticket",
  subscription: "Plan",
  account: "Account",
};

export const auditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorId: z.number().int().nullable(),
    /** "System" for jobs; null once that account was deleted. */
    actorName: z.string().nullable(),
    entity: z.enum(AUDIT_ENTITIES),
    entityId: z.string(),
    action: z.string(),
    summary: z.string(),
    changes: z.array(auditChangeSchema),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDay = z
  .string()
  .regex(ISO_DAY_PATTERN, "Use a date like 2026-11-28")
  // Date.parse rolls 2026-02-31 over to 3 March: a real date reads back as itself.
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
  }, "Use a real date");

/** GET /api/admin/audit: one record's history (entity and entityId), or every change searched and paged. */
export const auditQuerySchema = adminListQuerySchema.extend({
  entity: z.enum(AUDIT_ENTITIES, { error: "Unknown record type" }).optional(),
  entityId: z
    .string()
    .regex(trimmedAtLeast(1), "entityId must not be empty")
    .trim()
    .max(80, "entityId must be at most 80 characters")
    .optional(),
  actorId: z.coerce.number().int().positive().optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The 412 of a stale edit (If-Match no longer matches the record). */
export const STALE_EDIT_MSG = (who: string, time: string) =>
  `Changed by ${who} at ${time}: reload to see their change`;
/** When nobody is on record as having changed it (it changed outside the back office). */
export const SOMEONE_ELSE = "someone else";
