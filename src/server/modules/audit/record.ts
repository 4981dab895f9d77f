/**
 * The audit log's writer: every back-office change, a member's own plan changes and their account deletion
 * add a row (when, who, what, each changed field before and after), in the same transaction as the change.
 */

import type { AuditChange, AuditEntity } from "../../../shared/admin/audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog, type User } from "../../db/schema.ts";

/** Who made a change: an operator or member (id and name), or null for the system (a job). */
export interface Actor {
  id: number;
  name: string;
}

/** The actor of a request's user (the signed-in operator or member). */
export function actorOf(user: Pick<User, "id" | "firstName" | "lastName" | "email">): Actor {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return { id: user.id, name: name || user.email };
}

export interface AuditInput {
  actor: Actor | null;
  entity: AuditEntity;
  entityId: string | number;
  action: string;
  summary: string;
  /** Field by field before and after; give `before` and `after` instead to have it worked out. */
  changes?: AuditChange[];
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Fields left out of a worked-out diff (timestamps, secrets). */
  ignore?: readonly string[];
  /** The member the change is about: their account deletion scrubs the row. */
  subjectUserId?: number | null;
}

const ALWAYS_IGNORED = ["updatedAt", "createdAt", "password", "passwordHash", "tokenHash"];

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields that differ between two versions of a record (a field only one side has counts too). */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  ignore: readonly string[] = [],
): AuditChange[] {
  const skip = new Set([...ALWAYS_IGNORED, ...ignore]);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of keys) {
    if (skip.has(field)) continue;
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (!same(b, a)) changes.push({ field, before: plain(b), after: plain(a) });
  }
  return changes;
}

/** Dates as ISO strings, so a row reads the same from the database as it was written. */
function plain(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

/** Adds one audit row (inside the caller's transaction when given one). */
export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  const changes = input.changes ?? diffFields(input.before, input.after, input.ignore);
  await db.insert(auditLog).values({
    actorId: input.actor?.id ?? null,
    actorName: input.actor?.name ?? "System",
    entity: input.entity,
    entityId: String(input.entityId),
    action: input.action,
    summary: input.summary.slice(0, 500),
    changes,
    subjectUserId: input.subjectUserId ?? null,
  });
}
