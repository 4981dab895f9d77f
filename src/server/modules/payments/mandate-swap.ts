import { and, eq, sql } from "drizzle-orm";
import { paymentCheckouts, paymentLinks } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { recordMandateClosed, recordMandateReplaced } from "../billing-history/mandates.ts";

/**
 * New bank details: the old mandate is cancelled only once the new one is active at the provider, so
 * the member is never left without a working Direct Debit. The schedule already collects from the new
 * mandate when its checkout completes; until the new one is active the old one simply stays in place.
 * A checkout waiting to retire its old mandate keeps it in providerState.replacesMandateId.
 */
export async function retireOldMandate(
  deps: Deps,
  checkoutId: number,
  newMandateId: string,
  oldMandateId: string | null,
): Promise<void> {
  if (!oldMandateId || oldMandateId === newMandateId) return;
  await recordMandateReplaced(deps, checkoutId, newMandateId, oldMandateId);
  await remember(deps, checkoutId, { replacesMandateId: oldMandateId });
  let active = false;
  try {
    active = (await deps.payments.getMandate(newMandateId))?.status === "active";
  } catch {
    // The provider is unreachable: its "mandate active" event retires the old one later.
  }
  if (active) await retire(deps, checkoutId, oldMandateId);
}

/** The provider says a mandate became active: the mandate it replaced (if any) is cancelled now. */
export async function retireReplacedMandates(deps: Deps, activeMandateId: string): Promise<void> {
  const waiting = await deps.db
    .select({ id: paymentCheckouts.id, state: paymentCheckouts.providerState })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.kind, "update_mandate"),
        eq(paymentCheckouts.status, "completed"),
        eq(paymentCheckouts.mandateId, activeMandateId),
        sql`${paymentCheckouts.providerState} ? 'replacesMandateId'`,
        sql`not ${paymentCheckouts.providerState} ? 'retiredMandateId'`,
      ),
    );
  for (const c of waiting) {
    const old = c.state.replacesMandateId;
    if (typeof old === "string") await retire(deps, c.id, old);
  }
}

async function retire(deps: Deps, checkoutId: number, oldMandateId: string): Promise<void> {
  // Never the mandate the member collects from now (a later change may have gone back to it).
  const [inUse] = await deps.db
    .select({ id: paymentLinks.userId })
    .from(paymentLinks)
    .where(eq(paymentLinks.paymentMandateId, oldMandateId))
    .limit(1);
  if (inUse) return;
  try {
    await deps.payments.cancelMandate(oldMandateId, `unveil-retire-${oldMandateId}`);
  } catch {
    return; // Kept waiting: the next "mandate active" event (or a retry) cancels it.
  }
  await remember(deps, checkoutId, { retiredMandateId: oldMandateId });
  await recordMandateClosed(deps, oldMandateId);
}

async function remember(deps: Deps, checkoutId: number, patch: Record<string, string>): Promise<void> {
  await deps.db
    .update(paymentCheckouts)
    .set({ providerState: sql`${paymentCheckouts.providerState} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(paymentCheckouts.id, checkoutId));
}
