import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { BRAND } from "../../../shared/brand.ts";
import { POLICY } from "../../../shared/constants.ts";
import { londonDayTime, londonIsoDay, londonMonthKey } from "../../../shared/london-time.ts";
import type { DashboardStats, MemberDate } from "../../../shared/member-api.ts";
import { pendingFirstDatePromise } from "../../../shared/planning-schedule.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import {
  dateClues,
  dateIdeas,
  dateRatings,
  dateReservations,
  subscriptionEvents,
  supportTickets,
  type User,
  type UserWithSubscription,
  users,
  venues,
} from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, notFound } from "../../http-error.ts";
import type { ReadCache } from "../auth/read-cache/read-cache.ts";
import { readCouple } from "../couples/couple.ts";
import { render } from "../email/templates.ts";
import { planAccountOf } from "../plan-account/load.ts";
import { paymentProblemOf } from "../plan-account/payment-problem.ts";
import { icsSequence, renderIcs } from "./ics.ts";
import { datesJson, encodeDates } from "./list-cache.ts";
import { couplePaymentHeld } from "./payment-hold.ts";
import { confirmAction, DATE_MSG, type DateRow, rateAction, rescheduleAction, toMemberDate } from "./view.ts";

/**
 * The member and, when linked, their partner: a couple shares its dates. The link counts only when both
 * rows point at each other.
 */
export async function coupleIds(
  deps: Pick<Deps, "db">,
  user: Pick<User, "id" | "partnerId">,
): Promise<number[]> {
  if (!user.partnerId) return [user.id];
  const [partner] = await deps.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(eq(users.id, user.partnerId));
  return partner?.partnerId === user.id ? [user.id, user.partnerId] : [user.id];
}

/** The date's ratings (each partner's own) as one JSON array, in the same query as the date. */
const ratingsColumn = sql<RatingJson[]>`(select coalesce(json_agg(json_build_object(
    'userId', ${dateRatings.userId}, 'firstName', ${users.firstName}, 'rating', ${dateRatings.rating},
    'feedback', ${dateRatings.feedback}, 'ratedAt', ${dateRatings.ratedAt}) order by ${dateRatings.userId}), '[]'::json)
  from ${dateRatings} join ${users} on ${users.id} = ${dateRatings.userId}
  where ${dateRatings.reservationId} = ${dateReservations.id})`;
interface RatingJson {
  userId: number;
  firstName: string | null;
  rating: number;
  feedback: string | null;
  ratedAt: string;
}

/** The team's edits to the date's clues, in the same query as the date. */
const clueEditsColumn = sql<ClueEditJson[]>`(select coalesce(json_agg(json_build_object(
    'slot', ${dateClues.slot}, 'text', ${dateClues.text}, 'hoursBefore', ${dateClues.hoursBefore},
    'hidden', ${dateClues.hidden}, 'updatedBy', ${dateClues.updatedBy}, 'updatedAt', ${dateClues.updatedAt})
    order by ${dateClues.slot}), '[]'::json)
  from ${dateClues} where ${dateClues.reservationId} = ${dateReservations.id})`;
interface ClueEditJson {
  slot: string;
  text: string;
  hoursBefore: number;
  hidden: boolean;
  updatedBy: number | null;
  updatedAt: string;
}

const rowColumns = {
  id: dateReservations.id,
  userId: dateReservations.userId,
  scheduledDate: dateReservations.scheduledDate,
  status: dateReservations.status,
  venueStatus: dateReservations.venueStatus,
  confirmedAt: dateReservations.confirmedAt,
  rescheduledAt: dateReservations.rescheduledAt,
  ratings: ratingsColumn,
  clueEdits: clueEditsColumn,
  dressCode: dateReservations.dressCode,
  ideaId: dateIdeas.id,
  ideaTitle: dateIdeas.title,
  ideaDescription: dateIdeas.description,
  ideaCategory: dateIdeas.category,
  ideaDuration: dateIdeas.duration,
  ideaDressCode: dateIdeas.dressCode,
  ideaRequirements: dateIdeas.requirements,
  venueId: venues.id,
  venueName: venues.name,
  venueAddress: venues.address,
  venueCity: venues.city,
  venuePostcode: venues.postcode,
  venueType: venues.type,
  venueLat: venues.latitude,
  venueLng: venues.longitude,
  venueContact: venues.contactInfo,
  noShowBy: dateReservations.noShowBy,
  noShowNote: dateReservations.noShowNote,
  noShowAt: dateReservations.noShowAt,
};

type Flat = Awaited<ReturnType<typeof baseQuery>>[number];

export function toRow(f: Flat): DateRow {
  return {
    id: f.id,
    userId: f.userId,
    scheduledDate: f.scheduledDate,
    status: f.status,
    venueConfirmed: f.venueStatus === "confirmed",
    confirmedAt: f.confirmedAt,
    rescheduledAt: f.rescheduledAt,
    ratings: f.ratings.map((r) => ({ ...r, ratedAt: new Date(r.ratedAt) })),
    clueEdits: f.clueEdits.map((c) => ({ ...c, updatedAt: new Date(c.updatedAt) })),
    dressCode: f.dressCode,
    noShowBy: f.noShowBy,
    noShowNote: f.noShowNote,
    noShowAt: f.noShowAt,
    idea:
      f.ideaId === null
        ? null
        : {
            title: f.ideaTitle!,
            description: f.ideaDescription,
            category: f.ideaCategory!,
            duration: f.ideaDuration!,
            dressCode: f.ideaDressCode,
            requirements: f.ideaRequirements ?? [],
          },
    venue:
      f.venueId === null
        ? null
        : {
            name: f.venueName!,
            address: f.venueAddress,
            city: f.venueCity!,
            postcode: f.venuePostcode,
            type: f.venueType!,
            latitude: f.venueLat,
            longitude: f.venueLng,
            contactInfo: f.venueContact,
          },
  };
}

/** The member view's columns of dates, with their idea and venue (also read by the clue sweep). */
export function baseQuery(deps: Pick<Deps, "db">) {
  return deps.db
    .select(rowColumns)
    .from(dateReservations)
    .leftJoin(dateIdeas, eq(dateIdeas.id, dateReservations.dateIdeaId))
    .leftJoin(venues, eq(venues.id, dateReservations.venueId));
}

/** Whether the couple has already had its free reschedule in this London month. */
async function rescheduleUsed(
  deps: Deps,
  ids: number[],
  now: Date,
  db: Pick<Deps["db"], "select"> = deps.db,
): Promise<boolean> {
  const rows = await db
    .select({ at: dateReservations.rescheduledAt })
    .from(dateReservations)
    .where(
      and(
        inArray(dateReservations.userId, ids),
        isNotNull(dateReservations.rescheduledAt),
        gt(dateReservations.rescheduledAt, new Date(now.getTime() - 32 * 86_400_000)),
      ),
    );
  return (
    reschedulesThisMonth(
      rows.map((r) => ({ rescheduledAt: r.at })),
      now,
    ) >= POLICY.freeReschedulesPerMonth
  );
}

/** How many of these dates were rescheduled in the current London month (the query's 32-day bound too). */
function reschedulesThisMonth(rows: Array<Pick<DateRow, "rescheduledAt">>, now: Date): number {
  const since = now.getTime() - 32 * 86_400_000;
  const recent = rows.filter((r) => r.rescheduledAt && r.rescheduledAt.getTime() > since);
  if (recent.length === 0) return 0;
  const month = londonMonthKey(now);
  return recent.filter((r) => r.rescheduledAt && londonMonthKey(r.rescheduledAt) === month).length;
}

/**
 * The couple's dates in one query: the partner's count only when the link is mutual (as coupleIds), and the
 * month's reschedule is read from the same rows (every date of the couple is among them).
 */
export async function listDates(
  deps: Deps,
  user: UserWithSubscription,
  cache: Pick<ReadCache, "generation" | "coupleDates" | "putCoupleDates"> | null = null,
): Promise<MemberDate[]> {
  const now = deps.now();
  return memberDates(user, await coupleRows(deps, user, cache), now);
}

/**
 * listDates as the JSON text GET /api/dates/user sends. With the session cache, the text made from the cached
 * rows is reused until the rows change or the clock reaches an instant that turns any date's answer
 * (list-cache.ts); what is revealed is still worked out from the clock, only not again for the same answer.
 */
export async function listDatesJson(
  deps: Deps,
  user: UserWithSubscription,
  cache: Pick<ReadCache, "active" | "generation" | "coupleDates" | "putCoupleDates"> | null = null,
): Promise<string> {
  const now = deps.now();
  const rows = await coupleRows(deps, user, cache);
  if (!cache?.active) return encodeDates(memberDates(user, rows, now));
  const viewer = `${user.partnerId}:${user.subscriptionStatus !== "cancelled"}:${rescheduleSpent(rows, now)}`;
  return datesJson(user.id, rows, viewer, now, () => memberDates(user, rows, now));
}

const rescheduleSpent = (rows: DateRow[], now: Date) =>
  reschedulesThisMonth(rows, now) >= POLICY.freeReschedulesPerMonth;

function memberDates(user: UserWithSubscription, rows: DateRow[], now: Date): MemberDate[] {
  const used = rescheduleSpent(rows, now);
  return rows.map((r) =>
    toMemberDate(r, user.id, now, used, user.partnerId, user.subscriptionStatus !== "cancelled"),
  );
}

/** The couple's date rows: from the session cache when it holds them, else read (and cached). */
async function coupleRows(
  deps: Deps,
  user: UserWithSubscription,
  cache: Pick<ReadCache, "generation" | "coupleDates" | "putCoupleDates"> | null,
): Promise<DateRow[]> {
  const cached = cache?.coupleDates<DateRow[]>(user.id, user.partnerId);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  let query = coupleDatesQueries.get(deps.db);
  if (!query) {
    query = buildCoupleDatesQuery(deps);
    coupleDatesQueries.set(deps.db, query);
  }
  // The couple's payment hold is cached with the rows: a change of either partner's plan (users row)
  // forgets both partners' cached dates.
  const [found, paymentHeld] = await Promise.all([
    query.execute({ id: user.id, partnerId: user.partnerId }),
    couplePaymentHeld(deps.db, user.id),
  ]);
  const rows = found.map((f) => ({ ...toRow(f), paymentHeld }));
  cache?.putCoupleDates(user.id, user.partnerId, generation, rows);
  return rows;
}

/** A named prepared statement, built once per database, since members' pages load it constantly. */
const coupleDatesQueries = new WeakMap<Deps["db"], ReturnType<typeof buildCoupleDatesQuery>>();
function buildCoupleDatesQuery(deps: Deps) {
  const id = sql.placeholder("id");
  // A member without a partner binds null: "user_id = null" matches no row.
  const partnerId = sql.placeholder("partnerId");
  return baseQuery(deps)
    .where(
      sql`(${dateReservations.userId} = ${id} or (${dateReservations.userId} = ${partnerId} and exists (
        select 1 from ${users} where ${users.id} = ${partnerId} and ${users.partnerId} = ${id})))`,
    )
    .orderBy(asc(dateReservations.scheduledDate), asc(dateReservations.id))
    .prepare("couple_dates");
}

/** One of the couple's dates; any other id (missing or someone else's) is the same 404. */
export async function findRow(deps: Deps, ids: number[], id: number): Promise<DateRow> {
  const [row] = await baseQuery(deps)
    .where(and(eq(dateReservations.id, id), inArray(dateReservations.userId, ids)))
    .limit(1);
  if (!row) throw notFound(MEMBER_MSG.dateNotFound);
  return { ...toRow(row), paymentHeld: await couplePaymentHeld(deps.db, row.userId) };
}

export async function getDate(deps: Deps, user: UserWithSubscription, id: number): Promise<MemberDate> {
  const now = deps.now();
  const ids = await coupleIds(deps, user);
  const [row, used] = await Promise.all([findRow(deps, ids, id), rescheduleUsed(deps, ids, now)]);
  return toMemberDate(row, user.id, now, used, user.partnerId, user.subscriptionStatus !== "cancelled");
}

export async function dateStats(deps: Deps, user: UserWithSubscription): Promise<DashboardStats> {
  const ids = await coupleIds(deps, user);
  const now = deps.now();
  const [s] = await deps.db
    .select({
      // A future date the team marked completed is not upcoming (the dashboard's cards agree).
      upcoming: sql<number>`count(*) filter (where ${dateReservations.scheduledDate} > ${now} and ${dateReservations.status} not in ('cancelled', 'completed'))::int`,
      booked: sql<number>`count(*) filter (where ${dateReservations.status} <> 'cancelled')::int`,
      completed: sql<number>`count(*) filter (where (${dateReservations.scheduledDate} <= ${now} or ${dateReservations.status} = 'completed') and ${dateReservations.status} <> 'cancelled')::int`,
      // The member's own ratings only, whichever of the couple the date was booked for.
      average: sql<string | null>`(select round(avg(${dateRatings.rating}), 1) from ${dateRatings}
        where ${dateRatings.userId} = ${user.id})`,
    })
    .from(dateReservations)
    .where(inArray(dateReservations.userId, ids));
  return {
    upcoming: s.upcoming,
    completed: s.completed,
    averageRating: s.average === null ? null : Number(s.average),
    firstDateBookedBy: s.booked === 0 ? await firstDatePromise(deps, user.id, now) : null,
    paymentProblem: await paymentProblemOf(deps.db, user, now),
    nextPayment: await nextPaymentOf(deps, user, now),
  };
}

/** The couple's next collection from the plan account (no provider call: the dashboard asks on every load). */
async function nextPaymentOf(
  deps: Deps,
  user: UserWithSubscription,
  now: Date,
): Promise<DashboardStats["nextPayment"]> {
  const next = (await planAccountOf(deps.db, user, now)).nextCollection;
  return next && !next.retry ? { date: londonIsoDay(next.date), amountPence: next.amountPence } : null;
}

/**
 * The promise for a couple with no date booked: counted from the day the couple's plan holder set up the
 * plan now live (their latest "created" subscription event), while that day lies ahead.
 */
async function firstDatePromise(deps: Deps, userId: number, now: Date): Promise<string | null> {
  const couple = await readCouple(deps.db, userId);
  const holder = couple?.holder;
  if (holder?.subscriptionStatus !== "active") return null;
  const [created] = await deps.db
    .select({ at: subscriptionEvents.occurredAt })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, holder.id), eq(subscriptionEvents.eventType, "created")))
    .orderBy(desc(subscriptionEvents.occurredAt))
    .limit(1);
  return created ? (pendingFirstDatePromise(created.at, now)?.label ?? null) : null;
}

export async function confirmDate(deps: Deps, user: UserWithSubscription, id: number): Promise<MemberDate> {
  const now = deps.now();
  const row = await findRow(deps, await coupleIds(deps, user), id);
  // Confirming again (a double click, the partner too) answers the date as it is.
  if (row.status === "confirmed") return getDate(deps, user, id);
  const action = confirmAction(row, now);
  if (!action.allowed) throw badRequest(action.reason!);
  // The status check in the WHERE clause makes a confirmation racing a cancellation a no-op.
  await deps.db
    .update(dateReservations)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(dateReservations.id, id), inArray(dateReservations.status, ["scheduled", "revealed"])));
  return getDate(deps, user, id);
}

/**
 * A member's reschedule only asks (status reschedule_requested and a support ticket); the date's time is not
 * moved here, so the rulebook is not asked. The new time is booked by an operator through Assign
 * Date, which asks the rulebook like every other booking.
 */
export async function requestReschedule(
  deps: Deps,
  user: UserWithSubscription,
  id: number,
  reason: string | undefined,
): Promise<MemberDate> {
  const now = deps.now();
  const ids = await coupleIds(deps, user);
  const row = await findRow(deps, ids, id);
  // Asking again for the same date answers the request already made.
  if (row.status === "reschedule_requested") return getDate(deps, user, id);
  const action = rescheduleAction(row, now, await rescheduleUsed(deps, ids, now));
  if (!action.allowed) throw badRequest(action.reason!);
  const when = londonDayTime(row.scheduledDate);
  await deps.db.transaction(async (tx) => {
    // The couple's rows are locked (in id order) and the monthly allowance read again, so two requests at
    // once (from either partner) cannot both use the one free reschedule.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for("update");
    if (await rescheduleUsed(deps, ids, now, tx)) throw badRequest(DATE_MSG.rescheduleUsed);
    const updated = await tx
      .update(dateReservations)
      .set({ status: "reschedule_requested", rescheduledAt: now })
      .where(
        and(
          eq(dateReservations.id, id),
          inArray(dateReservations.status, ["scheduled", "revealed", "confirmed"]),
        ),
      )
      .returning({ id: dateReservations.id });
    if (updated.length === 0) throw badRequest("This date can no longer be rescheduled.");
    // The request reaches the planners as a support ticket, so it is answered like any other message.
    await tx.insert(supportTickets).values({
      userId: user.id,
      reservationId: id,
      fromEmail: user.email,
      fromName: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
      subject: `Reschedule request for the date on ${when}`,
      body: reason?.trim() || "No reason given.",
      priority: "high",
      status: "new",
    });
  });
  const m = render(`Reschedule requested: date ${id}`, "A member asked to reschedule", [
    `${user.email} asked to move date ${id} (${when}).`,
    `Reason: ${reason?.trim() || "none given"}`,
  ]);
  void deps.mailer.send({
    to: deps.config.supportEmail,
    ...m,
    type: "support_notification",
    userId: user.id,
    reservationId: id,
  });
  return getDate(deps, user, id);
}

export async function rateDate(
  deps: Deps,
  user: UserWithSubscription,
  id: number,
  input: { rating: number; feedback?: string },
): Promise<MemberDate> {
  const now = deps.now();
  const row = await findRow(deps, await coupleIds(deps, user), id);
  // After a no-show there is nothing to rate (decision 0073): a conflict with the date's state, not bad input.
  if (row.status === "no_show") throw conflict(DATE_MSG.rateNoShow);
  const action = rateAction(row, now);
  if (!action.allowed) throw badRequest(action.reason!);
  // Each partner's own rating: rating again within the window replaces their own, never the other's.
  const values = { rating: input.rating, feedback: input.feedback?.trim() || null, ratedAt: now };
  await deps.db
    .insert(dateRatings)
    .values({ reservationId: id, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [dateRatings.reservationId, dateRatings.userId], set: values });
  return getDate(deps, user, id);
}

/** The .ics of one date: a time-only hold before the reveal, full details after; same UID throughout. */
export async function dateCalendar(deps: Deps, user: UserWithSubscription, id: number): Promise<string> {
  const now = deps.now();
  const row = await findRow(deps, await coupleIds(deps, user), id);
  const view = toMemberDate(row, user.id, now, false);
  const host = new URL(deps.config.appUrl).hostname;
  const revealAt = londonDayTime(new Date(view.revealAt));
  const url = `${deps.config.appUrl}/dates/${id}`;
  const cancelled = row.status === "cancelled";
  const details = cancelled
    ? {
        // The hold is withdrawn; the cancelled plan is not given away (toMemberDate never reveals it).
        summary: `Cancelled: mystery date (${BRAND.name})`,
        description: `This date has been cancelled.\n${url}`,
        location: null,
      }
    : view.revealed && view.venue
      ? {
          summary: `${BRAND.name} date: ${view.dateIdea?.title ?? "Your date"} at ${view.venue.name}`,
          description: [
            view.dateIdea?.description,
            view.dressCode ? `Dress code: ${view.dressCode}` : null,
            `Details: ${url}`,
          ]
            .filter(Boolean)
            .join("\n"),
          location: [view.venue.name, view.venue.address, view.venue.postcode ?? view.venue.city]
            .filter(Boolean)
            .join(", "),
        }
      : {
          summary: `Mystery date (${BRAND.name})`,
          description: `Keep this time free. Where you're going, what to wear and the plan are revealed on ${revealAt}.\n${url}`,
          location: null,
        };
  return renderIcs({
    uid: `date-${id}@${host}`,
    start: row.scheduledDate,
    durationHours: view.durationHours,
    ...details,
    url,
    // Always higher than any copy issued before, so a calendar replaces the hold with what is true now
    // (the reveal, a new time, a cancellation).
    sequence: icsSequence(now),
    cancelled,
    stamp: now,
    attendee: { email: user.email, name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null },
  });
}
