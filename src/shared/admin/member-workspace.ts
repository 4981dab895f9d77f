/**
 * The member page as a workspace (decision 0074): internal notes, the member's needs edited on their behalf,
 * the plan paused or cancelled for them, and what we sent them and they asked us. Admin-only: no member route
 * answers any of it.
 */
import { z } from "zod";
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS } from "../constants.ts";
import { postcodeField, travelRadiusField } from "../schemas/onboarding.ts";
import { partnerPreferencesSchema } from "../schemas/partner.ts";
import { trimmedAtLeast } from "../schemas/text.ts";
import { adminId } from "./back-office.ts";
import { userIdParamSchema } from "./members.ts";

/** The longest internal note (member_notes.body). */
export const NOTE_MAX = 4000;

export const NOTES_MSG = {
  bodyRequired: "Please write the note",
  bodyMax: `A note must be at most ${NOTE_MAX} characters`,
  notFound: "This member has no such note",
  deleted: "Note deleted",
} as const;

/** POST and PUT /api/admin/users/:userId/notes[/:noteId]: the note's text. */
export const memberNoteInputSchema = z.strictObject({
  body: z
    .string({ error: NOTES_MSG.bodyRequired })
    .regex(trimmedAtLeast(1), NOTES_MSG.bodyRequired)
    .trim()
    .max(NOTE_MAX, NOTES_MSG.bodyMax),
});
export type MemberNoteInput = z.infer<typeof memberNoteInputSchema>;

/** One internal note on a member: who wrote it and when (the team's eyes only). */
export const adminMemberNoteSchema = z
  .object({
    id: z.number(),
    body: z.string(),
    /** The operator who wrote it; null once their account is gone. */
    authorId: z.number().nullable(),
    /** Their name when they wrote it. */
    authorName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminMemberNote" });
export type AdminMemberNote = z.infer<typeof adminMemberNoteSchema>;

export const noteParamSchema = userIdParamSchema.extend({ noteId: adminId });

export const NEEDS_MSG = {
  saved: "The couple's dates ahead were checked again against them.",
} as const;

/**
 * What the one rulebook reads of a member: their own dietary and access needs and alcohol choice, and the
 * place and radius of their questionnaire. Checked by the member's own schemas (the short questionnaire's
 * lists, the full one's postcode and radius), so an operator cannot save what the member could not.
 */
export const memberNeedsInputSchema = z.strictObject({
  dietaryRestrictions: partnerPreferencesSchema.shape.dietaryRestrictions,
  accessibilityNeeds: partnerPreferencesSchema.shape.accessibilityNeeds,
  alcoholOk: partnerPreferencesSchema.shape.alcoholOk,
  postcode: postcodeField,
  travelRadius: travelRadiusField,
});
export type MemberNeedsInput = z.input<typeof memberNeedsInputSchema>;
export type MemberNeeds = z.output<typeof memberNeedsInputSchema>;

/** GET /api/admin/users/:userId/needs (and the answer to PUT), with an ETag. */
export const adminMemberNeedsSchema = z
  .object({
    userId: z.number(),
    /** The member has a questionnaire row; false: nothing answered yet (the defaults are shown). */
    answered: z.boolean(),
    dietaryRestrictions: z.array(z.enum(DIETARY_OPTIONS)),
    accessibilityNeeds: z.array(z.enum(ACCESSIBILITY_OPTIONS)),
    alcoholOk: z.boolean(),
    postcode: z.string().nullable(),
    travelRadius: z.number(),
    /**
     * Whose place and radius the couple's dates are planned from, when it is the partner's (the couple's
     * shared answers are theirs); null when it is this member's own, or nobody's yet.
     */
    placeFromPartnerId: z.number().nullable(),
  })
  .meta({ id: "AdminMemberNeeds" });
export type AdminMemberNeeds = z.infer<typeof adminMemberNeedsSchema>;

/** An e-mail we sent the member (email_logs), newest first. */
export const adminMemberEmailSchema = z
  .object({
    id: z.number(),
    subject: z.string(),
    /** "date_reveal", "subscription_cancelled"... */
    kind: z.string(),
    /** sent, failed... */
    status: z.string(),
    sentAt: z.string(),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: "AdminMemberEmail" });
export type AdminMemberEmail = z.infer<typeof adminMemberEmailSchema>;

/** How many of a member's latest e-mails and tickets the member page shows. */
export const ADMIN_RECENT_EMAILS = 30;
export const ADMIN_RECENT_TICKETS = 30;

/** A support ticket of the member's, newest first (the Support tab holds the conversation). */
export const adminMemberTicketSchema = z
  .object({
    id: z.number(),
    subject: z.string(),
    status: z.string(),
    priority: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminMemberTicket" });
export type AdminMemberTicket = z.infer<typeof adminMemberTicketSchema>;

/** GET /api/admin/users/:userId/plan/cancel-preview: what cancelling would do, as the member is told. */
export const adminCancelPreviewSchema = z
  .object({
    /** The plan can be cancelled (the member holds a live one that is not cancelled already). */
    cancellable: z.boolean(),
    /** Inside the cooling-off period with no date revealed: every payment of the contract is refunded. */
    refund: z.boolean(),
    /** When the membership ends: now with a refund, else at the end of the paid cycle. */
    endsAt: z.string().nullable(),
    /** The sentence the member's own dialog and the back office show. */
    summary: z.string(),
  })
  .meta({ id: "AdminCancelPreview" });
export type AdminCancelPreview = z.infer<typeof adminCancelPreviewSchema>;
