/**
 * "email-campaigns": the marketing e-mails of email_campaigns (triggerType, delayHours, isActive, templateId).
 *
 * Scheduling: each active campaign gets one user_email_campaigns row per member (unique userId+campaignId)
 * when its trigger happens, due at trigger + delayHours:
 *   - "signup": the account's creation (users.created_at);
 *   - "onboarding_incomplete": the same moment, for a member who has not finished the questionnaire;
 *   - "cancelled": the member's latest subscription_events "cancelled" row, while the plan is still cancelled.
 * Only triggers after the campaign was created and within the last 30 days count, so switching a campaign on
 * (or the first deploy) mails no one whose sign-up or cancellation is old news. Admins get no campaigns. One
 * row per member and campaign means one come-back note per member, however often they cancel.
 *
 * Sending: due rows are claimed in batches (FOR UPDATE SKIP LOCKED, so two workers never take the same row)
 * and each is sent through sendClaimed with key `campaign:{userCampaignId}`, or marked "skipped" when the
 * member opted out of marketing, was deleted, the trigger no longer holds (questionnaire finished, plan taken
 * up again), the campaign or its template is inactive (or gone), or the row is more than 7 days overdue.
 * Row statuses: scheduled -> sent (sentAt, emailLogId) | skipped | sending (a failed send waits for the
 * retry-mail job) -> sent | skipped | failed (retries exhausted); "sending" rows follow their outbound message.
 */
import { eq, sql } from "drizzle-orm";
import { emailCampaigns, emailTemplates, planAccounts, userEmailCampaigns, users } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { BILLING_MAIL_TYPES, campaignEmail, campaignValues } from "../../modules/email/billing-mails.ts";
import type { OutgoingMail } from "../../modules/email/mailer.ts";
import { mayEmailMember } from "../../modules/notifications/policy.ts";
import { stateOf } from "../../modules/plan-account/state.ts";
import { registerMailBuilder, sendClaimed } from "../outbound.ts";
import type { JobDefinition } from "../types.ts";

export const CAMPAIGN_KIND = "campaign";
/** A trigger older than this schedules nothing. */
export const CAMPAIGN_LOOKBACK_DAYS = 30;
/** A row overdue by more than this is skipped (a welcome weeks late, after an outage or on the first run). */
export const CAMPAIGN_STALE_DAYS = 7;
const BATCH = 25;
const DAY = 86_400_000;

export const campaignKey = (userCampaignId: number) => `campaign:${userCampaignId}`;

/** Each trigger's members and the moment it happened for them, from `floor` to `now`. */
function triggers(type: string, floor: Date, now: Date) {
  switch (type) {
    case "signup":
      return sql`SELECT u.id AS user_id, u.created_at AS at FROM users u
        WHERE NOT u.is_admin AND u.deleted_at IS NULL AND u.created_at >= ${floor} AND u.created_at <= ${now}`;
    case "onboarding_incomplete":
      return sql`SELECT u.id AS user_id, u.created_at AS at FROM users u
        WHERE NOT u.is_admin AND u.deleted_at IS NULL AND NOT u.onboarding_completed
          AND u.created_at >= ${floor} AND u.created_at <= ${now}`;
    case "cancelled":
      return sql`SELECT e.user_id, max(e.occurred_at) AS at FROM subscription_events e
        JOIN users u ON u.id = e.user_id
        JOIN plan_accounts a ON a.user_id = u.id
        WHERE e.event_type = 'cancelled' AND e.occurred_at >= ${floor} AND e.occurred_at <= ${now}
          AND NOT u.is_admin AND u.deleted_at IS NULL AND a.subscription_status = 'cancelled'
        GROUP BY e.user_id`;
    default:
      return null;
  }
}

/** Adds the rows of triggers that happened since the last run; answers how many. */
export async function scheduleCampaigns(deps: Deps, now: Date): Promise<number> {
  const campaigns = await deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.isActive, true));
  const lookback = new Date(now.getTime() - CAMPAIGN_LOOKBACK_DAYS * DAY);
  let added = 0;
  for (const c of campaigns) {
    const floor = c.createdAt > lookback ? c.createdAt : lookback;
    const from = triggers(c.triggerType, floor, now);
    if (!from) continue;
    const res = await deps.db.execute(sql`
      INSERT INTO user_email_campaigns (user_id, campaign_id, status, scheduled_at)
      SELECT t.user_id, ${c.id}::int, 'scheduled', t.at + make_interval(hours => ${c.delayHours}::int)
      FROM (${from}) t
      ON CONFLICT (user_id, campaign_id) DO NOTHING`);
    added += res.rowCount ?? 0;
  }
  return added;
}

type Prepared = { mail: OutgoingMail } | { skip: string };

/** The campaign mail of one row as things stand now, or why it is not to be sent. */
export async function prepareCampaignMail(deps: Deps, userCampaignId: number): Promise<Prepared> {
  const [row] = await deps.db
    .select({
      uc: userEmailCampaigns,
      campaign: emailCampaigns,
      template: emailTemplates,
      member: users,
      planStatus: planAccounts.subscriptionStatus,
    })
    .from(userEmailCampaigns)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, userEmailCampaigns.campaignId))
    .innerJoin(users, eq(users.id, userEmailCampaigns.userId))
    .leftJoin(planAccounts, stateOf(users.id))
    .leftJoin(emailTemplates, eq(emailTemplates.id, emailCampaigns.templateId))
    .where(eq(userEmailCampaigns.id, userCampaignId));
  if (!row) return { skip: "gone" };
  const { campaign, template, member, planStatus } = row;
  if (!campaign.isActive) return { skip: "campaign inactive" };
  if (!template?.isActive) return { skip: "template inactive" };
  if (member.deletedAt) return { skip: "member deleted" };
  if (!(await mayEmailMember(deps.db, member, "marketing"))) return { skip: "opted out of marketing" };
  if (campaign.triggerType === "onboarding_incomplete" && member.onboardingCompleted)
    return { skip: "questionnaire finished" };
  if (campaign.triggerType === "cancelled" && planStatus !== "cancelled")
    return { skip: "plan taken up again" };
  if (!["signup", "onboarding_incomplete", "cancelled"].includes(campaign.triggerType))
    return { skip: "unknown trigger" };
  const values = campaignValues(member, deps.config.appUrl);
  const r = campaignEmail(template, values);
  return {
    mail: {
      to: member.email,
      toName: [member.firstName, member.lastName].filter(Boolean).join(" ") || null,
      subject: r.subject.slice(0, 255),
      html: r.html,
      text: r.text,
      type: BILLING_MAIL_TYPES.campaign,
      userId: member.id,
      listUnsubscribe: values.settingsUrl,
    },
  };
}

registerMailBuilder(CAMPAIGN_KIND, async (row, deps) => {
  const id = Number(row.key.split(":")[1]);
  if (!Number.isSafeInteger(id)) return null;
  const p = await prepareCampaignMail(deps, id);
  return "mail" in p ? p.mail : null;
});

/** The row's status from its outbound message's: sent, skipped, failed (abandoned), or still sending. */
const FROM_OUTBOUND = sql`CASE o.status WHEN 'sent' THEN 'sent' WHEN 'skipped' THEN 'skipped'
  WHEN 'abandoned' THEN 'failed' ELSE 'sending' END`;

/** Sends or skips the due rows, a batch per transaction; answers how many rows it settled. */
async function sendDue(deps: Deps, now: Date): Promise<number> {
  const stale = new Date(now.getTime() - CAMPAIGN_STALE_DAYS * DAY);
  let handled = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number; user_id: number; scheduled_at: Date | string }>(sql`
        SELECT id, user_id, scheduled_at FROM user_email_campaigns
        WHERE status = 'scheduled' AND scheduled_at <= ${now}
        ORDER BY scheduled_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`);
      for (const r of due.rows) {
        const p: Prepared =
          new Date(r.scheduled_at) < stale ? { skip: "overdue" } : await prepareCampaignMail(deps, r.id);
        if ("skip" in p) {
          await tx
            .update(userEmailCampaigns)
            .set({ status: "skipped" })
            .where(eq(userEmailCampaigns.id, r.id));
          continue;
        }
        // The row stays locked by this transaction while the message is claimed and sent: if this worker
        // dies, the row is "scheduled" again and the next run finds the message claimed ("duplicate").
        await sendClaimed(deps, {
          key: campaignKey(r.id),
          kind: CAMPAIGN_KIND,
          userId: r.user_id,
          build: async () => p.mail,
        });
        await tx.execute(sql`
          UPDATE user_email_campaigns uc
          SET status = ${FROM_OUTBOUND}, sent_at = o.sent_at, email_log_id = o.email_log_id
          FROM outbound_messages o
          WHERE uc.id = ${r.id} AND o.key = ${campaignKey(r.id)}`);
      }
      return due.rows.length;
    });
    handled += n;
    if (n < BATCH) break;
  }
  return handled;
}

/** Rows whose failed send has since been retried (sent, skipped or given up) follow their message. */
async function settleRetried(deps: Deps): Promise<number> {
  const res = await deps.db.execute(sql`
    UPDATE user_email_campaigns uc
    SET status = ${FROM_OUTBOUND}, sent_at = o.sent_at, email_log_id = o.email_log_id
    FROM outbound_messages o
    WHERE uc.status = 'sending' AND o.key = 'campaign:' || uc.id
      AND o.status IN ('sent', 'skipped', 'abandoned')`);
  return res.rowCount ?? 0;
}

export async function runEmailCampaigns(deps: Deps): Promise<number> {
  const now = deps.now();
  const scheduled = await scheduleCampaigns(deps, now);
  const settled = await settleRetried(deps);
  const sent = await sendDue(deps, now);
  return scheduled + settled + sent;
}

export const emailCampaignsJob: JobDefinition = {
  name: "email-campaigns",
  cron: "*/5 * * * *",
  run: runEmailCampaigns,
};
