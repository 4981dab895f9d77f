/**
 * A member's users row as stored now, with what lives beside it in tables of its own: the payment links
 * (payment_links) and the chosen plan and plan offer (plan_choices); null fields without a row.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { readLinks } from "../../src/server/modules/payments/links.ts";
import { readChoices } from "../../src/server/modules/plan-account/choices.ts";

export async function storedMember(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return { ...row, ...(await readLinks(db, id)), ...(await readChoices(db, id)) };
}

export type StoredMember = Awaited<ReturnType<typeof storedMember>>;
