/**
 * Internal notes on a member (member_notes): the team's own record ("called about the nut allergy, venue
 * told"), newest first, each with who wrote it and when. Admin-only; a member never sees them. Every change
 * is audited (entity "member_note", about the member, so their account deletion scrubs the rows along with
 * the notes themselves) and an edit or deletion sent with If-Match is refused with 412 when the note changed.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  type AdminMemberNote,
  type MemberNoteInput,
  NOTES_MSG,
} from "../../../../shared/admin/member-workspace.ts";
import { MEMBERS_MSG } from "../../../../shared/admin/members.ts";
import type { Tx } from "../../../db/client.ts";
import { memberNotes, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { notFound } from "../../../http-error.ts";
import { assertFresh, ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf, recordAudit } from "../../audit/record.ts";

type NoteRow = typeof memberNotes.$inferSelect;

/** A note as the API shows it (the representation its ETag is worked out from). */
export function toAdminNote(r: NoteRow): AdminMemberNote {
  return {
    id: r.id,
    body: r.body,
    authorId: r.authorId,
    authorName: r.authorName ?? "An operator",
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** "Note on Sam Member: called about the nut allergy…" (the audit row's summary, kept short). */
function summaryOf(verb: string, body: string): string {
  const first = body.replace(/\s+/g, " ").slice(0, 80);
  return `Note ${verb}: "${first}${body.length > 80 ? "…" : ""}"`;
}

/** 404 unless the member exists (not a deleted account). */
async function assertMember(db: Deps["db"] | Tx, userId: number): Promise<void> {
  const [m] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!m) throw notFound(MEMBERS_MSG.notFound);
}

/** GET /api/admin/users/:userId/notes: newest first. */
export async function listNotes(deps: Deps, userId: number): Promise<AdminMemberNote[]> {
  await assertMember(deps.db, userId);
  const rows = await deps.db
    .select()
    .from(memberNotes)
    .where(eq(memberNotes.userId, userId))
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id));
  return rows.map(toAdminNote);
}

/** POST /api/admin/users/:userId/notes: the new note, with its ETag. */
export async function addNote(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  input: MemberNoteInput,
): Promise<AdminMemberNote> {
  const actor = actorOf(req.user!);
  const note = await deps.db.transaction(async (tx) => {
    await assertMember(tx, userId);
    const now = deps.now();
    const [row] = await tx
      .insert(memberNotes)
      .values({
        userId,
        authorId: actor.id,
        authorName: actor.name,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const after = toAdminNote(row);
    await recordAudit(tx, {
      actor,
      entity: "member_note",
      entityId: row.id,
      action: "create",
      summary: summaryOf("added", row.body),
      after: { body: after.body },
      subjectUserId: userId,
    });
    return after;
  });
  reply.code(201);
  return sendTagged(reply, note);
}

/** The note, locked, as the API shows it; 404 when the member has no such note. */
async function lockedNote(tx: Tx, userId: number, noteId: number): Promise<NoteRow> {
  const [row] = await tx
    .select()
    .from(memberNotes)
    .where(and(eq(memberNotes.id, noteId), eq(memberNotes.userId, userId)))
    .for("update");
  if (!row) throw notFound(NOTES_MSG.notFound);
  return row;
}

/** GET /api/admin/users/:userId/notes/:noteId: one note, with its ETag. */
export async function getNote(deps: Deps, userId: number, noteId: number): Promise<AdminMemberNote> {
  const [row] = await deps.db
    .select()
    .from(memberNotes)
    .where(and(eq(memberNotes.id, noteId), eq(memberNotes.userId, userId)));
  if (!row) throw notFound(NOTES_MSG.notFound);
  return toAdminNote(row);
}

/** PUT /api/admin/users/:userId/notes/:noteId: the note's new text (If-Match honoured). */
export async function editNote(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  ids: { userId: number; noteId: number },
  input: MemberNoteInput,
): Promise<AdminMemberNote> {
  const actor = actorOf(req.user!);
  const ifMatch = ifMatchOf(req);
  const note = await deps.db.transaction(async (tx) => {
    const row = await lockedNote(tx, ids.userId, ids.noteId);
    const before = toAdminNote(row);
    await assertFresh(tx, { entity: "member_note", entityId: row.id, ifMatch, current: before });
    if (row.body === input.body) return before;
    const [updated] = await tx
      .update(memberNotes)
      .set({ body: input.body, updatedAt: deps.now() })
      .where(eq(memberNotes.id, row.id))
      .returning();
    const after = toAdminNote(updated);
    await recordAudit(tx, {
      actor,
      entity: "member_note",
      entityId: row.id,
      action: "update",
      summary: summaryOf("edited", updated.body),
      before: { body: before.body },
      after: { body: after.body },
      subjectUserId: ids.userId,
    });
    return after;
  });
  return sendTagged(reply, note);
}

/** DELETE /api/admin/users/:userId/notes/:noteId (If-Match honoured). */
export async function deleteNote(
  deps: Deps,
  req: FastifyRequest,
  ids: { userId: number; noteId: number },
): Promise<{ message: string }> {
  const actor = actorOf(req.user!);
  const ifMatch = ifMatchOf(req);
  await deps.db.transaction(async (tx) => {
    const row = await lockedNote(tx, ids.userId, ids.noteId);
    const before = toAdminNote(row);
    await assertFresh(tx, { entity: "member_note", entityId: row.id, ifMatch, current: before });
    await tx.delete(memberNotes).where(eq(memberNotes.id, row.id));
    await recordAudit(tx, {
      actor,
      entity: "member_note",
      entityId: row.id,
      action: "delete",
      summary: summaryOf("deleted", row.body),
      before: { body: before.body },
      subjectUserId: ids.userId,
    });
  });
  return { message: NOTES_MSG.deleted };
}
