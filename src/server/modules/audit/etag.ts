/**
 * Edits that never overwrite each other (decision 0070). A back-office record's read and every save answer an
 * ETag worked out from the record as the API shows it; a change that sends If-Match with an older one gets
 * 412 "Changed by {who} at {time}: reload to see their change" and changes nothing. A request without
 * If-Match keeps the specification's behaviour (last write wins), so other clients still work.
 */
import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type AuditEntity, SOMEONE_ELSE, STALE_EDIT_MSG } from "../../../shared/admin/audit.ts";
import { londonFormat } from "../../../shared/london-time.ts";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { HttpError } from "../../http-error.ts";
import { type Actor, actorOf } from "./record.ts";

/** A strong ETag of a record's API representation. */
export function etagOf(value: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27)}"`;
}

/** The request's If-Match header (null when absent). */
export function ifMatchOf(req: FastifyRequest): string | null {
  const h = req.headers["if-match"];
  const v = Array.isArray(h) ? h.join(",") : h;
  return v?.trim() ? v.trim() : null;
}

/** Who makes a back-office change and the version they saw: what a guarded save or delete takes. */
export function guardedChangeOf(req: FastifyRequest): { actor: Actor; ifMatch: string | null } {
  return { actor: actorOf(req.user!), ifMatch: ifMatchOf(req) };
}

/** Sends `value` with its ETag. */
export function sendTagged<T>(reply: FastifyReply, value: T): T {
  reply.header("ETag", etagOf(value));
  return value;
}

function matches(ifMatch: string, current: string): boolean {
  if (ifMatch === "*") return true;
  return ifMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .includes(current);
}

const TIME = londonFormat({ hour: "2-digit", minute: "2-digit", hour12: false });
const DAY = londonFormat({ day: "numeric", month: "short" });

/** "19:55 on 28 Nov", London time. */
export function staleTime(at: Date): string {
  return `${TIME.format(at)} on ${DAY.format(at)}`;
}

/**
 * Refuses a stale edit: when `ifMatch` is given and is not the ETag of `current` (the record as the API shows
 * it now, read inside the change's transaction, its row locked), throws 412 naming who changed it last and when.
 */
export async function assertFresh(
  db: Db | Tx,
  guard: { entity: AuditEntity; entityId: string | number; ifMatch: string | null; current: unknown },
): Promise<void> {
  if (guard.ifMatch === null) return;
  const tag = etagOf(guard.current);
  if (matches(guard.ifMatch, tag)) return;
  const [last] = await db
    .select({ at: auditLog.at, actorName: auditLog.actorName })
    .from(auditLog)
    .where(and(eq(auditLog.entity, guard.entity), eq(auditLog.entityId, String(guard.entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const err = new HttpError(
    412,
    STALE_EDIT_MSG(last?.actorName ?? SOMEONE_ELSE, staleTime(last?.at ?? new Date())),
    { ETag: tag },
  );
  throw err;
}
