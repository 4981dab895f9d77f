import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  SYNC_MSG,
  VENUE_SYNC,
  type VenueSyncPreview,
  type VenueSyncResult,
} from "../../../../../shared/admin/venue-sync.ts";
import type { Deps } from "../../../../deps.ts";
import { faultPoint } from "../../../../fault-point.ts";
import { conflict, HttpError } from "../../../../http-error.ts";
import type { Logger } from "../../../../logger.ts";
import type { Actor } from "../../../audit/record.ts";
import { recheckVenueDates } from "../../../rulebook/recheck.ts";
import { applyPlan, placeVenues, storedVenues } from "./apply.ts";
import { auditSync } from "./audit.ts";
import { withSyncLock } from "./lock.ts";
import { planSync, type SyncPlan } from "./plan.ts";
import { readInWorker, type Sheet } from "./read-in-worker.ts";

/**
 * Sheets read recently, by the file's digest and name: the apply re-sends the file the preview read, and
 * reading a 10,000-row workbook is the slowest step. Only a speed-up: the same bytes always read the same,
 * and another instance (or an expired entry) simply reads the file again.
 */
const recent = new Map<string, { sheet: Sheet; at: number }>();
const RECENT_MAX = 4;
const RECENT_MS = 10 * 60_000;

async function readSheet(file: Buffer, fileName?: string): Promise<Sheet> {
  const key = `${createHash("sha256").update(file).digest("hex")}:${fileName ?? ""}`;
  const now = Date.now();
  for (const [k, v] of recent) if (now - v.at > RECENT_MS) recent.delete(k);
  const hit = recent.get(key);
  if (hit) return hit.sheet;
  const sheet = await readInWorker(file, fileName);
  recent.set(key, { sheet, at: now });
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return sheet;
}

/** What the file would change; nothing is written. */
export function previewSync(
  deps: Pick<Deps, "db">,
  file: Buffer,
  fileName?: string,
  removeMissing = true,
): Promise<VenueSyncPreview> {
  return withSyncLock(deps.db, () => previewLocked(deps, file, fileName, removeMissing));
}

async function previewLocked(
  deps: Pick<Deps, "db">,
  file: Buffer,
  fileName: string | undefined,
  removeMissing: boolean,
): Promise<VenueSyncPreview> {
  const { rows, columns } = await readSheet(file, fileName);
  const stored = await storedVenues(deps.db);
  const plan = planSync(rows, columns, stored, { removeMissing });
  const limit = VENUE_SYNC.listLimit;
  return {
    planId: plan.planId,
    fileName: fileName ?? "",
    rows: rows.length,
    removeMissing,
    venueCount: stored.length,
    counts: {
      new: plan.inserts.length,
      updated: plan.updates.length,
      removed: plan.removals.length,
      unchanged: plan.unchanged,
      problems: plan.problems.length,
      kept: plan.kept,
      dateIdeasUnlinked: plan.dateIdeasUnlinked,
    },
    added: plan.inserts
      .slice(0, limit)
      .map((i) => ({ row: i.line, name: i.values.name, city: i.values.city })),
    updated: plan.updates
      .slice(0, limit)
      .map((u) => ({ row: u.line, id: u.id, name: u.values.name, city: u.values.city, changes: u.changes })),
    removed: plan.removals.slice(0, limit),
    problems: plan.problems.slice(0, VENUE_SYNC.problemLimit),
  };
}

/**
 * Applies the file in one transaction, if the plan is still the one the admin saw (same file, same venues).
 * The venues table is locked against writes meanwhile (reads go on), so no date or edit can slip
 * between the check and the changes; any failure rolls everything back. Each venue added, changed or removed
 * gets an audit row by `actor`, and the sync one with its counts (sync/audit.ts).
 */
export function applySync(
  deps: Pick<Deps, "db" | "config">,
  file: Buffer,
  fileName: string | undefined,
  planId: string,
  removeMissing = true,
  log: Pick<Logger, "warn"> = console,
  actor: Actor | null = null,
): Promise<VenueSyncResult> {
  return withSyncLock(deps.db, () => applyLocked(deps, file, fileName, planId, removeMissing, log, actor));
}

async function applyLocked(
  deps: Pick<Deps, "db" | "config">,
  file: Buffer,
  fileName: string | undefined,
  planId: string,
  removeMissing: boolean,
  log: Pick<Logger, "warn">,
  actor: Actor | null,
): Promise<VenueSyncResult> {
  const { rows, columns } = await readSheet(file, fileName);
  let plan: SyncPlan;
  try {
    plan = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`lock table venues in exclusive mode`);
      const stored = await storedVenues(tx);
      const p = planSync(rows, columns, stored, { removeMissing });
      if (p.planId !== planId) throw conflict(SYNC_MSG.planChanged);
      const insertedIds = await applyPlan(tx, p);
      await auditSync(tx, { actor, fileName, plan: p, stored, insertedIds });
      // Crash tests stop the process here: every change written, nothing committed.
      await faultPoint("venue-sync-apply");
      return p;
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The cause goes to the log (routes.ts); the admin learns that nothing changed.
    throw Object.assign(new HttpError(500, SYNC_MSG.applyFailed), { cause: err });
  }
  // After the commit and best effort: venues with a postcode and no coordinates get the postcode's location.
  if (plan.inserts.length + plan.updates.length > 0) {
    await placeVenues(deps).catch((err) => log.warn({ err }, "placing synced venues failed"));
  }
  // The changed venues' dates still ahead are asked of the rulebook again (rulebook/recheck.ts).
  if (plan.updates.length > 0 && "now" in deps) {
    await recheckVenueDates(
      deps as Deps,
      plan.updates.map((u) => u.id),
    ).catch((err) => log.warn({ err }, "re-checking synced venues' dates failed"));
  }
  return {
    created: plan.inserts.length,
    updated: plan.updates.length,
    removed: plan.removals.length,
    unchanged: plan.unchanged,
    skipped: plan.skipped,
    problems: plan.problems.slice(0, VENUE_SYNC.problemLimit),
  };
}
