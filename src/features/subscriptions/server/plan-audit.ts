/**
 * A member's own plan changes on the audit record (entity "subscription", entityId = the plan holder's id,
 * the member who acted as actor, the holder as subject): subscribe, change tier, pause, resume, cancel,
 * reactivate, each with the plan's tier, status and period end before and after.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../../server/db/client.ts";
import { type User, users } from "../../../server/db/schema.ts";
import { actorOf, recordAudit } from "../../../server/modules/audit/record.ts";
import { type PlanState, readState } from "../../../server/modules/plan-account/state.ts";

/** The plan as the audit row shows it (the plan account: the subscription and its state). */
export function planOnRecord(
  u: Pick<
    PlanState,
    | "subscriptionTier"
    | "subscriptionStatus"
    | "currentPeriodEnd"
    | "pendingTier"
    | "pauseStartsAt"
    | "pausedUntil"
  >,
): Record<string, unknown> {
  return {
    tier: u.subscriptionTier,
    status: u.subscriptionStatus,
    periodEnd: u.currentPeriodEnd?.toISOString() ?? null,
    pendingTier: u.pendingTier,
    pausedFrom: u.pauseStartsAt?.toISOString() ?? null,
    pausedUntil: u.pausedUntil?.toISOString() ?? null,
  };
}

/** Who made a plan change: the member, their partner, or an operator. */
export type PlanActor = Pick<User, "id" | "firstName" | "lastName" | "email">;

/** Words of each action on the record. */
export const PLAN_ACTION_SUMMARY = {
  subscribe: "Subscribed",
  change_tier: "Changed their plan's tier",
  pause: "Paused their plan",
  resume: "Resumed their plan",
  cancel: "Cancelled their plan",
  reactivate: "Reactivated their plan",
} as const;
export type PlanAction = keyof typeof PLAN_ACTION_SUMMARY;

/**
 * Records the change to `before`'s plan made by `by` (inside the change's transaction, after its writes):
 * the plan is read again for the after state.
 */
export async function auditPlanChange(
  tx: Tx,
  by: PlanActor,
  before: User & PlanState,
  action: PlanAction,
): Promise<void> {
  const [row] = await tx.select().from(users).where(eq(users.id, before.id));
  const after = row ? { ...row, ...(await readState(tx, before.id)) } : undefined;
  // The holder, their partner, or an operator acting for them from the member page.
  const who =
    by.id === before.id
      ? ""
      : by.id === before.partnerId
        ? " (by their partner)"
        : " (for them, by the team)";
  await recordAudit(tx, {
    actor: actorOf(by),
    entity: "subscription",
    entityId: before.id,
    action,
    summary: `${PLAN_ACTION_SUMMARY[action]}${who}`,
    before: planOnRecord(before),
    after: after ? planOnRecord(after) : null,
    subjectUserId: before.id,
  });
}
