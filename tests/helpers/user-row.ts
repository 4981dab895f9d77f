/** A member's users row as stored now, with their payment links (payment_links) beside it: null links without a row. */
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { readLinks } from "../../src/server/modules/payments/links.ts";

export async function userWithLinks(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return { ...row, ...(await readLinks(db, id)) };
}

export type UserWithLinksRow = Awaited<ReturnType<typeof userWithLinks>>;
