/**
 * A member's users row as stored now, with what lives beside it in tables of its own: the payment links
 * (payment_links), the chosen plan and plan offer (plan_choices) and the plan account's own state
 * (plan_accounts); null fields (and no credit months or retries) without a row.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { readLinks } from "../../src/server/modules/payments/links.ts";
import { readChoices } from "../../src/server/modules/plan-account/choices.ts";
import { readState } from "../../src/server/modules/plan-account/state.ts";

export async function storedMember(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return {
    ...row,
    ...(await readLinks(db, id)),
    ...(await readChoices(db, id)),
    ...(await readState(db, id)),
  };
}

export type StoredMember = Awaited<ReturnType<typeof storedMember>>;
