/**
 * The back office's actions on a gift (send again, move the delivery day, refund), each followed by its audit
 * row (entity "gift"). The actions keep their own steps (a refund asks the payment provider between two
 * writes), so the row is added once the action has succeeded: a refused or failed action leaves none.
 */

import type { Deps } from "../../../server/deps.ts";
import { type Actor, recordAudit } from "../../../server/modules/audit/record.ts";
import { GIFT_MSG } from "../shared/schemas.ts";
import { giftById } from "./admin.ts";
import { changeDelivery, type Gift, refundGift, resendGift } from "./manage.ts";

/** What the log keeps of a gift: its state, never the buyer's or the couple's details. */
function auditView(g: Gift) {
  return {
    status: g.status,
    deliverOn: g.deliverOn,
    deliveredAt: g.deliveredAt?.toISOString() ?? null,
    refundedAt: g.refundedAt?.toISOString() ?? null,
    resends: g.resends,
  };
}

async function audited(
  deps: Deps,
  actor: Actor,
  id: number,
  action: string,
  summary: string,
  run: (g: Gift) => Promise<void>,
): Promise<void> {
  const before = await giftById(deps, id);
  await run(before);
  const after = await giftById(deps, id);
  await recordAudit(deps.db, {
    actor,
    entity: "gift",
    entityId: id,
    action,
    summary: `GIFT-${id}: ${summary}`,
    before: auditView(before),
    after: auditView(after),
    subjectUserId: after.buyerUserId,
  });
}

/** POST /api/admin/gifts/:id/resend. */
export async function adminResendGift(deps: Deps, actor: Actor, id: number): Promise<{ message: string }> {
  await audited(deps, actor, id, "resend", "sent to the couple again", (g) => resendGift(deps, g));
  return { message: GIFT_MSG.resent };
}

/** POST /api/admin/gifts/:id/delivery. */
export async function adminChangeDelivery(
  deps: Deps,
  actor: Actor,
  id: number,
  day: string,
): Promise<{ message: string }> {
  await audited(deps, actor, id, "update", `delivery moved to ${day}`, (g) => changeDelivery(deps, g, day));
  return { message: GIFT_MSG.deliveryChanged };
}

/** POST /api/admin/gifts/:id/refund. */
export async function adminRefundGift(deps: Deps, actor: Actor, id: number): Promise<{ message: string }> {
  await audited(deps, actor, id, "refund", "refunded in full and its code retired", (g) =>
    refundGift(deps, g, "admin"),
  );
  return { message: GIFT_MSG.refunded };
}
