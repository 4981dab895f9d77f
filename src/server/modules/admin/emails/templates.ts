/**
 * E-mail templates and campaigns in the back office: list, read one, change one. Every change is audited in its
 * transaction; a change sent with If-Match is refused (412, nothing changed) when the record moved on since.
 */
import { asc, eq } from "drizzle-orm";
import {
  EMAILS_MSG,
  type EmailCampaignRow,
  type EmailTemplateRow,
  type UpdateCampaignInput,
  type UpdateTemplateInput,
} from "../../../../shared/admin/emails.ts";
import type { Tx } from "../../../db/client.ts";
import { emailCampaigns, emailTemplates } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, notFound } from "../../../http-error.ts";
import { assertFresh } from "../../audit/etag.ts";
import { type Actor, recordAudit } from "../../audit/record.ts";

type TemplateDb = typeof emailTemplates.$inferSelect;
const toTemplate = (t: TemplateDb): EmailTemplateRow => ({
  ...t,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** Every template, by id. */
export async function listTemplates(deps: Deps): Promise<EmailTemplateRow[]> {
  const rows = await deps.db.select().from(emailTemplates).orderBy(asc(emailTemplates.id));
  return rows.map(toTemplate);
}

/** GET /api/admin/email-templates/:id: one template, as the list shows it. */
export async function getTemplate(deps: Deps, id: number): Promise<EmailTemplateRow> {
  const [row] = await deps.db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound(EMAILS_MSG.templateNotFound);
  return toTemplate(row);
}

/** PUT /api/admin/email-templates/:id: the fields given; audited; 412 when `ifMatch` is stale. */
export async function updateTemplate(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateTemplateInput,
  ifMatch: string | null = null,
): Promise<EmailTemplateRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for("update");
    if (!current) throw notFound(EMAILS_MSG.templateNotFound);
    const before = toTemplate(current);
    await assertFresh(tx, { entity: "template", entityId: id, ifMatch, current: before });
    const [row] = await tx
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
    const after = toTemplate(row);
    await auditSave(tx, actor, "template", input, before, after);
    return after;
  });
}

/**
 * A template's or campaign's save on the audit log: the on/off switch changed alone is a "status" row ("switched
 * on"), anything else an "update" row ("saved"), each with the fields before and after.
 */
async function auditSave<T extends { name: string; isActive: boolean }>(
  tx: Tx,
  actor: Actor,
  entity: "template" | "campaign",
  input: Record<string, unknown>,
  before: T,
  after: T & { id: number },
): Promise<void> {
  const switched =
    before.isActive !== after.isActive && Object.values(input).filter((v) => v !== undefined).length === 1;
  const label = `${entity === "template" ? "Template" : "Campaign"} "${after.name}"`;
  await recordAudit(tx, {
    actor,
    entity,
    entityId: after.id,
    action: switched ? "status" : "update",
    summary: switched ? `${label} switched ${after.isActive ? "on" : "off"}` : `${label} saved`,
    before,
    after,
  });
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

function selectCampaigns(db: Deps["db"] | Tx) {
  return db
    .select(campaignColumns)
    .from(emailCampaigns)
    .leftJoin(emailTemplates, eq(emailTemplates.id, emailCampaigns.templateId));
}

/** Every campaign, by trigger and delay. */
export async function listCampaigns(deps: Deps): Promise<EmailCampaignRow[]> {
  const rows = await selectCampaigns(deps.db).orderBy(
    asc(emailCampaigns.triggerType),
    asc(emailCampaigns.delayHours),
    asc(emailCampaigns.id),
  );
  return rows.map(toCampaign);
}

/** GET /api/admin/email-campaigns/:id: one campaign, as the list shows it. */
export async function getCampaign(deps: Deps, id: number): Promise<EmailCampaignRow> {
  const [row] = await selectCampaigns(deps.db).where(eq(emailCampaigns.id, id));
  if (!row) throw notFound(EMAILS_MSG.campaignNotFound);
  return toCampaign(row);
}

/** PUT /api/admin/email-campaigns/:id: on/off, delay, template; audited; 412 when `ifMatch` is stale. */
export async function updateCampaign(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateCampaignInput,
  ifMatch: string | null = null,
): Promise<EmailCampaignRow> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: emailCampaigns.id })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, id))
      .for("update");
    if (!locked) throw notFound(EMAILS_MSG.campaignNotFound);
    const [current] = await selectCampaigns(tx).where(eq(emailCampaigns.id, id));
    const before = toCampaign(current);
    await assertFresh(tx, { entity: "campaign", entityId: id, ifMatch, current: before });
    if (input.templateId !== undefined) {
      const [t] = await tx
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, input.templateId));
      if (!t) throw badRequest(EMAILS_MSG.templateNotFound);
    }
    await tx
      .update(emailCampaigns)
      .set({
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(input.delayHours !== undefined && { delayHours: input.delayHours }),
        ...(input.templateId !== undefined && { templateId: input.templateId }),
        updatedAt: deps.now(),
      })
      .where(eq(emailCampaigns.id, id));
    const [row] = await selectCampaigns(tx).where(eq(emailCampaigns.id, id));
    const after = toCampaign(row);
    await auditSave(tx, actor, "campaign", input, before, after);
    return after;
  });
}
