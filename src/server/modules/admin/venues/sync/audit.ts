/**
 * The audit rows of an applied venue sync, written in its transaction: one per venue it added, changed or
 * removed (so a venue's history shows the sync's change, field by field), and one summary row with the
 * counts under the entity id "sync" (the Audit view finds every sync there).
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import type { auditLog } from "../../../../db/schema.ts";
import { type Actor, diffFields } from "../../../audit/record.ts";
import { present } from "../version.ts";
import type { StoredVenue, SyncPlan } from "./plan.ts";

/** Audit rows per statement: one JSON parameter, so 20,000 rows are a handful of round trips. */
const CHUNK = 2_500;

/** A stored venue as its audit row shows it (the venue's own fields). */
function fields(v: StoredVenue): Record<string, unknown> {
  const { booked: _booked, dateIdeas: _ideas, ...rest } = v;
  return rest;
}

/** The summary row's entity id: every applied sync is found under it. */
export const SYNC_AUDIT_ID = "sync";

/** Writes the sync's audit rows; `insertedIds` are the new venues' ids in the order of plan.inserts. */
export async function auditSync(
  tx: Tx,
  input: {
    actor: Actor | null;
    fileName?: string;
    plan: SyncPlan;
    stored: StoredVenue[];
    insertedIds: number[];
  },
): Promise<void> {
  const { actor, plan, stored, insertedIds } = input;
  const from = input.fileName ? ` from ${input.fileName}` : "";
  const byId = new Map(stored.map((v) => [v.id, v]));
  const base = { actorId: actor?.id ?? null, actorName: actor?.name ?? "System", entity: "venue" as const };
  const rows: Array<typeof auditLog.$inferInsert> = [];
  plan.inserts.forEach((ins, i) => {
    const id = insertedIds[i];
    if (id === undefined) return;
    rows.push({
      ...base,
      entityId: String(id),
      action: "create",
      summary: `Venue "${ins.values.name}" added by a sync${from}`.slice(0, 500),
      changes: diffFields(null, present({ id, ...ins.values })),
    });
  });
  for (const u of plan.updates) {
    const before = byId.get(u.id);
    rows.push({
      ...base,
      entityId: String(u.id),
      action: "update",
      summary: `Venue "${u.values.name}" changed by a sync${from}`.slice(0, 500),
      changes: diffFields(before ? fields(before) : null, { id: u.id, ...u.values }),
    });
  }
  for (const r of plan.removals) {
    const before = r.id !== undefined ? byId.get(r.id) : undefined;
    if (!before) continue;
    rows.push({
      ...base,
      entityId: String(before.id),
      action: "delete",
      summary: `Venue "${before.name}" removed by a sync${from}`.slice(0, 500),
      changes: diffFields(present(fields(before)), null),
    });
  }
  const counts = {
    created: plan.inserts.length,
    updated: plan.updates.length,
    removed: plan.removals.length,
  };
  rows.push({
    ...base,
    entityId: SYNC_AUDIT_ID,
    action: "sync",
    summary:
      `Venue sync${from}: ${counts.created} added, ${counts.updated} changed, ${counts.removed} removed`.slice(
        0,
        500,
      ),
    changes: Object.entries(counts).map(([field, after]) => ({ field, before: null, after })),
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(sql`
      insert into audit_log (actor_id, actor_name, entity, entity_id, action, summary, changes)
      select (e.doc ->> 'actorId')::int, e.doc ->> 'actorName', e.doc ->> 'entity', e.doc ->> 'entityId',
        e.doc ->> 'action', e.doc ->> 'summary', e.doc -> 'changes'
      from jsonb_array_elements(${json}::jsonb) with ordinality as e(doc, n)
      order by e.n`);
  }
}
