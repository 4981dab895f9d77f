/**
 * The plan a member chose before paying (and the offer code they validated) and the membership offered to them
 * when their partner, the plan holder, left live in their own table beside the users row, which keeps identity
 * only. A member with neither has no row: every field reads null. Reads go through `choiceColumns` (for a
 * query that left-joins the table with `choicesOf`) or `readChoices`, and every write through `saveChoices`.
 */
import { eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { planChoices } from "../../db/schema.ts";

export type PlanChoices = Omit<typeof planChoices.$inferSelect, "userId">;

export const NO_CHOICES: PlanChoices = {
  chosenTier: null,
  chosenOfferCode: null,
  planOfferExpiresAt: null,
  planOfferTier: null,
  planOfferPaidUntil: null,
};

const t = planChoices;

/** The fields as select fields, for a query that has `leftJoin(planChoices, choicesOf(users.id))`. */
export const choiceColumns = {
  chosenTier: t.chosenTier,
  chosenOfferCode: t.chosenOfferCode,
  planOfferExpiresAt: t.planOfferExpiresAt,
  planOfferTier: t.planOfferTier,
  planOfferPaidUntil: t.planOfferPaidUntil,
};

/** The join condition for `choiceColumns`: `leftJoin(planChoices, choicesOf(users.id))`. */
export const choicesOf = (userId: AnyPgColumn) => eq(t.userId, userId);

export async function readChoices(db: Db | Tx, userId: number): Promise<PlanChoices> {
  const [row] = await db.select(choiceColumns).from(t).where(eq(t.userId, userId));
  return row ?? { ...NO_CHOICES };
}

/** Saves the fields given (the others keep their stored value, or null). */
export async function saveChoices(db: Db | Tx, userId: number, changes: Partial<PlanChoices>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(t)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: t.userId, set: changes });
}

/** The choice made before paying is now the plan itself (a plan set up, or a gift redeemed as one). */
export async function clearChosenPlan(db: Db | Tx, userId: number): Promise<void> {
  await db.update(t).set({ chosenTier: null, chosenOfferCode: null }).where(eq(t.userId, userId));
}
