/** A member's latest texts and what became of them, for the back office's member page. */
import { desc, eq } from "drizzle-orm";
import { ADMIN_RECENT_TEXTS, type AdminText } from "../../../shared/admin/members.ts";
import { smsMessages } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

export async function recentTexts(deps: Pick<Deps, "db">, userId: number): Promise<AdminText[]> {
  const rows = await deps.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(ADMIN_RECENT_TEXTS);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to,
    body: r.body,
    segments: r.segments,
    status: r.status,
    errorCode: r.errorCode,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
