import { asc, eq } from "drizzle-orm";
import {
  EMAILS_MSG,
  type EmailCampaignRow,
  type EmailTemplateRow,
  type UpdateCampaignInput,
  type UpdateTemplateInput,
} from "../../../../shared/admin/emails.ts";
import { emailCampaigns, emailTemplates } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, notFound } from "../../../http-error.ts";

type TemplateDb = typeof emailTemplates.$inferSelect;
const toTemplate = (t: TemplateDb): EmailTemplateRow => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export async function listTemplates(deps: Deps): Promise<EmailTemplateRow[]> {
  const rows = await deps.db.select().from(emailTemplates).orderBy(asc(emailTemplates.id));
  return rows.map(toTemplate);
}

export async function updateTemplate(
  deps: Deps,
  id: number,
  input: UpdateTemplateInput,
): Promise<EmailTemplateRow> {
  const [row] = await deps.db
    .update(emailTemplates)
    .set({
      ...(input.subject !== undefined && { subject: input.subject }),
      ...(input.htmlContent !== undefined && { htmlContent: input.htmlContent }),
      // An empty plain-text body means "none": the sender then derives text from the HTML.
      ...(input.textContent !== undefined && {
        textContent: input.textContent?.trim() ? input.textContent : null,
      }),
      ...(input.isActive !== undefined && { isActive: input.isActive }),
      updatedAt: deps.now(),
    })
    .where(eq(emailTemplates.id, id))
    .returning();
  if (!row) throw notFound(EMAILS_MSG.templateNotFound);
  return toTemplate(row);
}

const campaignColumns = {
  id: emailCampaigns.id,
  name: emailCampaigns.name,
  description: emailCampaigns.description,
  templateId: emailCampaigns.templateId,
  templateName: emailTemplates.name,
  triggerType: emailCampaigns.triggerType,
  delayHours: emailCampaigns.delayHours,
  isActive: emailCampaigns.isActive,
  createdAt: emailCampaigns.createdAt,
  updatedAt: emailCampaigns.updatedAt,
};

type CampaignDb = Omit<EmailCampaignRow, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };
const toCampaign = (c: CampaignDb): EmailCampaignRow => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

function selectCampaigns(deps: Deps) {
  return deps.db
    .select(campaignColumns)
    .from(emailCampaigns)
    .leftJoin(emailTemplates, eq(emailTemplates.id, emailCampaigns.templateId));
}

export async function listCampaigns(deps: Deps): Promise<EmailCampaignRow[]> {
  const rows = await selectCampaigns(deps).orderBy(
    asc(emailCampaigns.triggerType),
    asc(emailCampaigns.delayHours),
    asc(emailCampaigns.id),
  );
  return rows.map(toCampaign);
}

export async function updateCampaign(
  deps: Deps,
  id: number,
  input: UpdateCampaignInput,
): Promise<EmailCampaignRow> {
  if (input.templateId !== undefined) {
    const [t] = await deps.db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(eq(emailTemplates.id, input.templateId));
    if (!t) throw badRequest(EMAILS_MSG.templateNotFound);
  }
  const [updated] = await deps.db
    .update(emailCampaigns)
    .set({
      ...(input.isActive !== undefined && { isActive: input.isActive }),
      ...(input.delayHours !== undefined && { delayHours: input.delayHours }),
      ...(input.templateId !== undefined && { templateId: input.templateId }),
      updatedAt: deps.now(),
    })
    .where(eq(emailCampaigns.id, id))
    .returning({ id: emailCampaigns.id });
  if (!updated) throw notFound(EMAILS_MSG.campaignNotFound);
  const [row] = await selectCampaigns(deps).where(eq(emailCampaigns.id, id));
  return toCampaign(row);
}
