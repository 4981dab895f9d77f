import { and, desc, eq, notExists, sql } from "drizzle-orm";
import type { AdminDateIdea, DateIdeaInput, DateIdeaUpdate } from "../../../../../shared/admin/venues.ts";
import { DATE_IDEA_MSG } from "../../../../../shared/admin/venues.ts";
import { dateIdeas, dateReservations, venues } from "../../../../db/schema.ts";
import type { Deps } from "../../../../deps.ts";
import { badRequest, conflict, notFound } from "../../../../http-error.ts";

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

const select = (db: Deps["db"]) =>
  db
    .select({ idea: dateIdeas, venueName: venues.name })
    .from(dateIdeas)
    .leftJoin(venues, eq(venues.id, dateIdeas.venueId));

/** Every date idea, newest first. */
export async function listDateIdeas(deps: Pick<Deps, "db">): Promise<AdminDateIdea[]> {
  const rows = await select(deps.db).orderBy(desc(dateIdeas.createdAt), desc(dateIdeas.id));
  return rows.map((r) => toAdminDateIdea(r.idea, r.venueName));
}

async function getDateIdea(deps: Pick<Deps, "db">, id: number): Promise<AdminDateIdea> {
  const [row] = await select(deps.db).where(eq(dateIdeas.id, id));
  if (!row) throw notFound(DATE_IDEA_MSG.notFound);
  return toAdminDateIdea(row.idea, row.venueName);
}

async function checkVenue(deps: Pick<Deps, "db">, venueId: number | null | undefined): Promise<void> {
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

export async function createDateIdea(deps: Pick<Deps, "db">, input: DateIdeaInput): Promise<AdminDateIdea> {
  await checkVenue(deps, input.venueId);
  const [row] = await deps.db
    .insert(dateIdeas)
    .values({
      ...input,
      description: input.description ?? null,
      dressCode: input.dressCode ?? null,
      venueId: input.venueId ?? null,
      requirements: input.requirements ?? [],
      tags: input.tags ?? [],
    })
    .returning({ id: dateIdeas.id })
    .catch(venueGone);
  return getDateIdea(deps, row.id);
}

export async function updateDateIdea(
  deps: Pick<Deps, "db">,
  id: number,
  input: DateIdeaUpdate,
): Promise<AdminDateIdea> {
  await checkVenue(deps, input.venueId);
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) {
    const done = await deps.db
      .update(dateIdeas)
      .set(set)
      .where(eq(dateIdeas.id, id))
      .returning({ id: dateIdeas.id })
      .catch(venueGone);
    if (done.length === 0) throw notFound(DATE_IDEA_MSG.notFound);
  }
  return getDateIdea(deps, id);
}

/**
 * An idea that dates were planned from stays (deleting it would strip those dates of their title, category
 * and dress code); the admin makes it inactive instead. The check and the delete are one statement.
 */
export async function deleteDateIdea(deps: Pick<Deps, "db">, id: number): Promise<void> {
  const done = await deps.db
    .delete(dateIdeas)
    .where(
      and(
        eq(dateIdeas.id, id),
        notExists(
          deps.db.select({ one: sql`1` }).from(dateReservations).where(eq(dateReservations.dateIdeaId, id)),
        ),
      ),
    )
    .returning({ id: dateIdeas.id });
  if (done.length > 0) return;
  const [exists] = await deps.db.select({ id: dateIdeas.id }).from(dateIdeas).where(eq(dateIdeas.id, id));
  throw exists ? conflict(DATE_IDEA_MSG.inUse) : notFound(DATE_IDEA_MSG.notFound);
}
