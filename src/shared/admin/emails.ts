/** The Email Logs tab: log list, member e-mail export, templates and campaigns. */
import { z } from "zod";
import { trimmedAtLeast } from "../schemas/text.ts";
import { adminListQuerySchema, isoInstant } from "./back-office.ts";

export const EMAILS_MSG = {
  fetchLogsFailed: "Failed to fetch email logs",
  loadLogsError: "Error loading email logs",
  noLogs: "No email logs found",
  exportEmailsFailed: "Failed to export emails",
  exportFailed: "Export failed",
  templateNotFound: "E-mail template not found",
  campaignNotFound: "E-mail campaign not found",
  subject: "Subject must be 1 to 255 characters",
  html: "The HTML body must be 1 to 100,000 characters",
  text: "The plain-text body must be at most 50,000 characters",
  delayHours: "Delay must be a whole number of hours from 0 to 8760 (one year)",
  nothingToUpdate: "Nothing to update",
  templateUpdated: "Template saved",
  campaignUpdated: "Campaign updated",
  updateTemplateFailed: "Failed to update template",
  updateCampaignFailed: "Failed to update campaign",
} as const;

/** Status values the mailer records in email_logs.status. */
export const EMAIL_LOG_STATUSES = ["sent", "failed"] as const;

/** GET /api/admin/email-logs: ?search=&limit=&offset= plus optional ?status= and ?type=. */
export const emailLogsQuerySchema = adminListQuerySchema.extend({
  status: z
    .string()
    .trim()
    .max(20, "status is too long")
    .regex(/^[a-z_]*$/, "status must be lower-case letters and underscores")
    .optional()
    .transform((s) => (s ? s : undefined)),
  type: z
    .string()
    .trim()
    .max(40, "type is too long")
    .regex(/^[a-z0-9_]*$/, "type must be lower-case letters, digits and underscores")
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type EmailLogsQuery = z.infer<typeof emailLogsQuerySchema>;

/** One row of the log table (spec section 3, "Email log"). */
export const emailLogRowSchema = z
  .object({
    id: z.int(),
    sentAt: isoInstant,
    memberFirstName: z.string().nullable(),
    memberLastName: z.string().nullable(),
    memberEmail: z.string().nullable().describe("The member the message was about, if any"),
    recipientEmail: z.string(),
    recipientName: z.string().nullable(),
    subject: z.string(),
    emailType: z.string(),
    status: z.string().describe("sent or failed"),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: "AdminEmailLogRow" });
export type EmailLogRow = z.infer<typeof emailLogRowSchema>;

/** GET /api/admin/export-emails?marketingOptOut=false|true (absent: every member). */
export const exportEmailsQuerySchema = z.object({
  marketingOptOut: z
    .enum(["true", "false"], { error: "marketingOptOut must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

export const exportEmailsAnswerSchema = z.object({ emails: z.array(z.string()), count: z.int() });
export type ExportEmailsAnswer = z.infer<typeof exportEmailsAnswerSchema>;

/** The three choices of Export Member Emails, with the query each sends and the file each downloads. */
export const EMAIL_EXPORT_OPTIONS = [
  { id: "all", label: "All Emails", query: "", file: "member-emails" },
  {
    id: "marketing",
    label: "Marketing Opted-In",
    query: "?marketingOptOut=false",
    file: "marketing-opted-in",
  },
  { id: "opted-out", label: "Opted-Out", query: "?marketingOptOut=true", file: "marketing-opted-out" },
] as const;

/**
 * Placeholders a template may use. The campaign sender fills them (values are HTML-escaped in the HTML body);
 * `sample` is what the admin preview shows.
 */
export const TEMPLATE_PLACEHOLDERS = [
  { key: "firstName", description: 'Member\'s first name ("there" when unknown)', sample: "Alex" },
  { key: "lastName", description: "Member's last name", sample: "Morgan" },
  { key: "email", description: "Member's e-mail address", sample: "alex@example.com" },
  { key: "appUrl", description: "Address of the site", sample: "https://unveil.date" },
  { key: "dashboardUrl", description: "Member's dashboard", sample: "https://unveil.date/dashboard" },
  {
    key: "onboardingUrl",
    description: "Preferences questionnaire",
    sample: "https://unveil.date/onboarding",
  },
  { key: "plansUrl", description: "Plans and prices", sample: "https://unveil.date/subscription" },
  {
    key: "settingsUrl",
    description: "E-mail preferences (marketing opt-out)",
    sample: "https://unveil.date/settings?tab=notifications",
  },
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]["key"];
const PLACEHOLDER_KEYS: ReadonlySet<string> = new Set(TEMPLATE_PLACEHOLDERS.map((p) => p.key));

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** Names of placeholders in `text` that are not in TEMPLATE_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (!PLACEHOLDER_KEYS.has(m[1])) unknown.add(m[1]);
  return [...unknown];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Fills {{placeholders}}. In an HTML body the values are escaped, so a member's name cannot add markup;
 * unknown placeholders are left as they are.
 */
export function fillTemplate(
  text: string,
  values: Partial<Record<TemplatePlaceholder, string>>,
  opts: { html: boolean },
): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    const v = (values as Record<string, string | undefined>)[key];
    if (v === undefined) return whole;
    return opts.html ? escapeHtml(v) : v;
  });
}

export const SAMPLE_PLACEHOLDER_VALUES = Object.fromEntries(
  TEMPLATE_PLACEHOLDERS.map((p) => [p.key, p.sample]),
) as Record<TemplatePlaceholder, string>;

const checkPlaceholders = (field: string) => (value: string | null | undefined, ctx: z.RefinementCtx) => {
  if (!value) return;
  const unknown = unknownPlaceholders(value);
  if (unknown.length)
    ctx.addIssue({
      code: "custom",
      message: `Unknown placeholder ${unknown.map((u) => `{{${u}}}`).join(", ")} in the ${field}`,
    });
};

export const TEMPLATE_LIMITS = { subjectMax: 255, htmlMax: 100_000, textMax: 50_000 } as const;

/** PUT /api/admin/email-templates/:id (and the edit form). */
export const updateTemplateSchema = z
  .strictObject({
    subject: z
      .string({ error: EMAILS_MSG.subject })
      .regex(trimmedAtLeast(1), EMAILS_MSG.subject)
      .trim()
      .max(TEMPLATE_LIMITS.subjectMax, EMAILS_MSG.subject)
      .superRefine(checkPlaceholders("subject"))
      .optional(),
    htmlContent: z
      .string({ error: EMAILS_MSG.html })
      .min(1, EMAILS_MSG.html)
      .max(TEMPLATE_LIMITS.htmlMax, EMAILS_MSG.html)
      .refine((s) => s.trim().length > 0, EMAILS_MSG.html)
      .superRefine(checkPlaceholders("HTML body"))
      .optional(),
    textContent: z
      .string({ error: EMAILS_MSG.text })
      .max(TEMPLATE_LIMITS.textMax, EMAILS_MSG.text)
      .superRefine(checkPlaceholders("plain-text body"))
      .nullable()
      .optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), EMAILS_MSG.nothingToUpdate);
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export const emailTemplateRowSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    subject: z.string(),
    htmlContent: z.string(),
    textContent: z.string().nullable(),
    templateType: z.string(),
    isActive: z.boolean(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: "AdminEmailTemplate" });
export type EmailTemplateRow = z.infer<typeof emailTemplateRowSchema>;

export const CAMPAIGN_DELAY_MAX_HOURS = 8760;

/** PUT /api/admin/email-campaigns/:id. */
export const updateCampaignSchema = z
  .strictObject({
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    delayHours: z
      .number({ error: EMAILS_MSG.delayHours })
      .int(EMAILS_MSG.delayHours)
      .min(0, EMAILS_MSG.delayHours)
      .max(CAMPAIGN_DELAY_MAX_HOURS, EMAILS_MSG.delayHours)
      .optional(),
    templateId: z
      .number({ error: "templateId must be a template's id" })
      .int("templateId must be a template's id")
      .positive("templateId must be a template's id")
      .max(2_147_483_647, "templateId must be a template's id")
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), EMAILS_MSG.nothingToUpdate);
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

export const emailCampaignRowSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    templateId: z.int().nullable(),
    templateName: z.string().nullable(),
    triggerType: z.string(),
    delayHours: z.int(),
    isActive: z.boolean(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: "AdminEmailCampaign" });
export type EmailCampaignRow = z.infer<typeof emailCampaignRowSchema>;

/** What each campaign trigger means, for the campaigns table. */
export const CAMPAIGN_TRIGGERS: Record<string, string> = {
  signup: "After sign-up",
  onboarding_incomplete: "Questionnaire not finished",
  cancelled: "After cancelling",
};
