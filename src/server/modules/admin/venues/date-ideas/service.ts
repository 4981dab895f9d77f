import { and, desc, eq, notExists, sql } from "drizzle-orm";
import type { AdminDateIdea, DateIdeaInput, DateIdeaUpdate } from "../../../../../shared/admin/venues.ts";
import { DATE_IDEA_MSG } from "../../../../../shared/admin/venues.ts";
import type { Db, Tx } from "../../../../db/client.ts";
import { dateIdeas, dateReservations, venues } from "../../../../db/schema.ts";
import type { Deps } from "../../../../deps.ts";
import { badRequest, conflict, notFound } from "../../../../http-error.ts";
import { diffFields, recordAudit } from "../../../audit/record.ts";
import { recheckIdeaDates } from "../../../rulebook/recheck.ts";
import type { ChangeBy } from "../service.ts";
import { assertDateIdeaFresh, present } from "../version.ts";

type IdeaRow = typeof dateIdeas.$inferSelect;

function toAdminDateIdea(d: IdeaRow, venueName: string | null): AdminDateIdea {
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    category: d.category as AdminDateIdea["category"],
    duration: d.duration,
    priceLevel: d.priceLevel as AdminDateIdea["priceLevel"],
    season: d.season as AdminDateIdea["season"],
    timeOfDay: d.timeOfDay as AdminDateIdea["timeOfDay"],
    dressCode: d.dressCode,
    venueId: d.venueId,
    venueName,
    requirements: d.requirements,
    tags: d.tags,
    isActive: d.isActive,
    createdAt: d.createdAt.toISOString(),
  };
}

const select = (db: Db | Tx) =>
  db
    .select({ idea: dateIdeas, venueName: venues.name })
    .from(dateIdeas)
    .leftJoin(venues, eq(venues.id, dateIdeas.venueId));

/** Every date idea, newest first. */
export async function listDateIdeas(deps: Pick<Deps, "db">): Promise<AdminDateIdea[]> {
  const rows = await select(deps.db).orderBy(desc(dateIdeas.createdAt), desc(dateIdeas.id));
  return rows.map((r) => toAdminDateIdea(r.idea, r.venueName));
}

/** One date idea as the list shows it (GET /api/admin/date-ideas/:id); 404 when there is none. */
export async function getDateIdea(deps: { db: Db | Tx }, id: number): Promise<AdminDateIdea> {
  const [row] = await select(deps.db).where(eq(dateIdeas.id, id));
  if (!row) throw notFound(DATE_IDEA_MSG.notFound);
  return toAdminDateIdea(row.idea, row.venueName);
}

/** The idea's row locked for the change (its transaction) and shown as the API shows it. */
async function lockDateIdea(tx: Tx, id: number): Promise<AdminDateIdea> {
  const [row] = await select(tx).where(eq(dateIdeas.id, id)).for("update", { of: dateIdeas });
  if (!row) throw notFound(DATE_IDEA_MSG.notFound);
  return toAdminDateIdea(row.idea, row.venueName);
}

const SYSTEM: ChangeBy = { actor: null, ifMatch: null };

/** The idea fields a date's rules read: a change to any of them re-checks the dates still ahead built on it. */
const RULE_FIELDS = ["season", "timeOfDay", "isActive"] as const;

async function checkVenue(deps: { db: Db | Tx }, venueId: number | null | undefined): Promise<void> {
  if (venueId === null || venueId === undefined) return;
  const [v] = await deps.db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!v) throw badRequest(DATE_IDEA_MSG.venueNotFound);
}

/** The venue was deleted between checkVenue and the write: its foreign key refuses the idea. */
function venueGone(err: unknown): never {
  const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (code === "23503") throw badRequest(DATE_IDEA_MSG.venueNotFound);
  throw err;
}

export async function createDateIdea(
  deps: Pick<Deps, "db">,
  input: DateIdeaInput,
  by: ChangeBy = SYSTEM,
): Promise<AdminDateIdea> {
  await checkVenue(deps, input.venueId);
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(dateIdeas)
        .values({
          ...input,
          description: input.description ?? null,
          dressCode: input.dressCode ?? null,
          venueId: input.venueId ?? null,
          requirements: input.requirements ?? [],
          tags: input.tags ?? [],
        })
        .returning({ id: dateIdeas.id });
      const after = await getDateIdea({ db: tx }, row.id);
      await recordAudit(tx, {
        actor: by.actor,
        entity: "date_idea",
        entityId: after.id,
        action: "create",
        summary: `Date idea "${after.title}" added`,
        after: present(after),
        ignore: ["venueName"],
      });
      return after;
    })
    .catch(venueGone);
}

/** "switch_off" and "switch_on" for the active switch alone; otherwise "update". */
function actionOf(before: AdminDateIdea, after: AdminDateIdea): { action: string; summary: string } {
  if (before.isActive !== after.isActive)
    return after.isActive
      ? { action: "switch_on", summary: `Date idea "${after.title}" switched on` }
      : { action: "switch_off", summary: `Date idea "${after.title}" switched off` };
  return { action: "update", summary: `Date idea "${after.title}" saved` };
}

/**
 * Saves a date idea: its row locked, a stale If-Match refused (412, nothing changed), an audit row of the
 * fields that changed; after the commit, a change of season, time of day or the active switch re-checks the
 * dates still ahead built on it.
 */
export async function updateDateIdea(
  deps: Deps,
  id: number,
  input: DateIdeaUpdate,
  by: ChangeBy = SYSTEM,
): Promise<AdminDateIdea> {
  await checkVenue(deps, input.venueId);
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const { before, after } = await deps.db
    .transaction(async (tx) => {
      const before = await lockDateIdea(tx, id);
      await assertDateIdeaFresh(tx, id, by.ifMatch ?? null, before);
      if (Object.keys(set).length === 0) return { before, after: before };
      await tx.update(dateIdeas).set(set).where(eq(dateIdeas.id, id));
      const after = await getDateIdea({ db: tx }, id);
      // A save that changed nothing is no change to record.
      if (diffFields(before, after, ["venueName"]).length === 0) return { before, after };
      await recordAudit(tx, {
        actor: by.actor,
        entity: "date_idea",
        entityId: id,
        ...actionOf(before, after),
        before,
        after,
        ignore: ["venueName"],
      });
      return { before, after };
    })
    .catch(venueGone);
  if (RULE_FIELDS.some((f) => before[f] !== after[f])) await recheckIdeaDates(deps, [id]);
  return after;
}

/**
 * An idea that dates were planned from stays (deleting it would strip those dates of their title, category
 * and dress code); the admin makes it inactive instead. The check and the delete are one statement.
 */
export async function deleteDateIdea(
  deps: Pick<Deps, "db">,
  id: number,
  by: ChangeBy = SYSTEM,
): Promise<void> {
  const inUse = (err: unknown): never => {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    // A date planned from it between the check and the delete: the foreign key refuses the delete.
    throw code === "23503" ? conflict(DATE_IDEA_MSG.inUse) : err;
  };
  await deps.db
    .transaction(async (tx) => {
      const before = await lockDateIdea(tx, id);
      await assertDateIdeaFresh(tx, id, by.ifMatch ?? null, before);
      const done = await tx
        .delete(dateIdeas)
        .where(
          and(
            eq(dateIdeas.id, id),
            notExists(
              tx.select({ one: sql`1` }).from(dateReservations).where(eq(dateReservations.dateIdeaId, id)),
            ),
          ),
        )
        .returning({ id: dateIdeas.id });
      if (done.length === 0) throw conflict(DATE_IDEA_MSG.inUse);
      await recordAudit(tx, {
        actor: by.actor,
        entity: "date_idea",
        entityId: id,
        action: "delete",
        summary: `Date idea "${before.title}" deleted`,
        before: present(before),
        ignore: ["venueName"],
      });
    })
    .catch(inUse);
}
