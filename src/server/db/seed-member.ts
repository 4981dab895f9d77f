/**
 * A demo couple for a first start, so the member area can be seen at once: a Gold member with a partner
 * and four dates (one past and rated, one inside the reveal window, two still mysteries).
 */
import { asc, eq, sql } from "drizzle-orm";
import { addMonths } from "../../shared/calendar-months.ts";
import { TIERS } from "../../shared/constants.ts";
import { londonInstant, londonParts } from "../../shared/london-time.ts";
import { emptyHours, venueEveningProblem } from "../../shared/venue-hours.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
import { MIN_DAYS_BETWEEN_DATES, priceFits, WEEKDAY_NAMES, weekOfMonth } from "../modules/matching/rules.ts";
import type { DayOfWeek } from "../modules/matching/types.ts";
import { saveLinks } from "../modules/payments/links.ts";
import { saveState } from "../modules/plan-account/state.ts";
import type { Db } from "./client.ts";
import {
  dateIdeas,
  dateRatings,
  dateReservations,
  sandboxSubscriptions,
  subscriptionEvents,
  userPreferences,
  users,
  venues,
} from "./schema.ts";

const HOUR = 3_600_000;

/** What the demo couple spend on an evening: their venues and ideas are at that price. */
const DEMO_SPEND = "££";

/** The demo couple's dates: one rated, and three ahead (the first inside its reveal). */
const DEMO_DATES: Array<{
  days: number;
  status: "completed" | "scheduled";
  rating?: number;
  feedback?: string;
  partnerRating?: number;
  partnerFeedback?: string;
}> = [
  {
    days: -12,
    status: "completed",
    rating: 5,
    feedback: "The best evening in months.",
    partnerRating: 4,
    partnerFeedback: "Loved the food; the music was a little loud.",
  },
  { days: 1, status: "scheduled" },
  { days: 9, status: "scheduled" },
  { days: 23, status: "scheduled" },
];

/** The questionnaire's days ("2nd Saturday") that hold these evenings, and a 1st Friday besides. */
function chosenDays(evenings: Date[]): Array<{ weekOfMonth: number; dayOfWeek: DayOfWeek }> {
  const days = new Map<string, { weekOfMonth: number; dayOfWeek: DayOfWeek }>();
  for (const when of [...evenings]) {
    const p = londonParts(when);
    const week = weekOfMonth(p.day);
    if (week !== null)
      days.set(`${week}:${p.weekday}`, { weekOfMonth: week, dayOfWeek: WEEKDAY_NAMES[p.weekday] });
  }
  days.set("1:5", { weekOfMonth: 1, dayOfWeek: "friday" });
  return [...days.values()];
}

export async function seedDemoCouple(
  db: Db,
  opts: { email: string; password: string; partnerEmail: string; now?: Date },
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const [exists] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${opts.email.toLowerCase()}`);
  if (exists) return false;
  const candidates = await db
    .select({
      id: dateIdeas.id,
      venueId: dateIdeas.venueId,
      duration: dateIdeas.duration,
      ideaPrice: dateIdeas.priceLevel,
      venuePrice: venues.priceLevel,
      openingHours: venues.openingHours,
      closures: venues.closures,
      opensOnHolidays: venues.opensOnHolidays,
    })
    .from(dateIdeas)
    .innerJoin(venues, eq(venues.id, dateIdeas.venueId))
    // Evening ideas: the demo dates are at 19:30 (a Sunday brunch revealed for a Friday evening would jar).
    .where(sql`${dateIdeas.timeOfDay} = 'evening' AND ${venues.status} = 'active'`)
    .orderBy(asc(dateIdeas.id));
  // Evenings at 19:30 London time, each on a day of the month's first four weeks (the questionnaire's days
  // are "the 2nd Saturday", never a 29th to 31st), days apart, and no more in a month than Gold allows.
  const perMonth = new Map<string, number>();
  let last = Number.NEGATIVE_INFINITY;
  const plan = DEMO_DATES.map((d) => {
    for (let k = 0; ; k++) {
      const p = londonParts(new Date(now.getTime() + (d.days + k) * 24 * HOUR));
      const month = `${p.year}-${p.month}`;
      const when = londonInstant(p.year, p.month, p.day, 19, 30);
      if (weekOfMonth(p.day) === null || (perMonth.get(month) ?? 0) >= TIERS.gold.datesPerMonth) continue;
      if (when.getTime() - last < MIN_DAYS_BETWEEN_DATES * 24 * HOUR) continue;
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      last = when.getTime();
      return { ...d, when };
    }
  });
  // Each date at a venue open that evening, so the demo's own dates break none of the rulebook's rules.
  const used = new Set<number>();
  const ideas = plan.map(({ when }) => {
    const idea = candidates.find(
      (c) =>
        !used.has(c.id) &&
        priceFits(DEMO_SPEND, false, c.venuePrice) &&
        priceFits(DEMO_SPEND, false, c.ideaPrice) &&
        venueEveningProblem(
          {
            openingHours: c.openingHours ? { ...emptyHours(), ...c.openingHours } : null,
            closures: c.closures ?? [],
            opensOnHolidays: c.opensOnHolidays,
          },
          when,
          c.duration,
        ) === null,
    );
    if (idea) used.add(idea.id);
    return idea;
  });
  if (ideas.some((i) => !i)) return false;
  const password = await hashPassword(opts.password);
  const joined = new Date(now.getTime() - 40 * 24 * HOUR);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(users)
      .values({
        email: opts.email,
        firstName: "Sam",
        lastName: "Demo",
        password,
        emailVerified: true,
        onboardingCompleted: true,
        termsAccepted: true,
        termsAcceptedAt: joined,
        // Joined when the plan started, so the back office's activity and charts tell one story.
        createdAt: joined,
        city: "London",
      })
      .returning();
    await saveState(tx, member.id, {
      subscriptionTier: "gold",
      subscriptionStatus: "active",
      currentPeriodEnd: addMonths(joined, 2),
    });
    // The sandbox provider's books: a mandate and a monthly subscription since joining.
    await saveLinks(tx, member.id, {
      paymentCustomerId: "SBCUDEMOCOUPLE01",
      paymentMandateId: "SBMDDEMOCOUPLE01",
      paymentSubscriptionId: "SBSUDEMOCOUPLE01",
    });
    const [partner] = await tx
      .insert(users)
      .values({
        email: opts.partnerEmail,
        firstName: "Riley",
        lastName: "Demo",
        password,
        emailVerified: true,
        createdAt: joined,
        partnerId: member.id,
      })
      .returning();
    await tx.update(users).set({ partnerId: partner.id }).where(eq(users.id, member.id));
    await tx.insert(userPreferences).values({
      userId: member.id,
      postcode: "SE1 9PX",
      travelRadius: 10,
      dateSpend: DEMO_SPEND,
      dateTypePreferences: [
        { type: "restaurants", rank: 1 },
        { type: "culture", rank: 2 },
      ],
      // The days they chose are those of their dates ahead (and a Friday evening besides).
      schedulingPreferences: chosenDays(plan.filter((p) => p.status === "scheduled").map((p) => p.when)),
      timePreferences: [{ time: "evenings", rank: 1 }],
    });
    await tx
      .insert(sandboxSubscriptions)
      .values({ id: "SBSUDEMOCOUPLE01", mandateId: "SBMDDEMOCOUPLE01", amountPence: 2000, startDate: joined })
      .onConflictDoNothing();
    await tx.insert(subscriptionEvents).values({
      userId: member.id,
      eventType: "created",
      toTier: "gold",
      toStatus: "active",
      monthlyAmount: 2000,
      occurredAt: joined,
    });
    const booked = await tx
      .insert(dateReservations)
      .values(
        plan.map((p, i) => ({
          userId: member.id,
          dateIdeaId: ideas[i]?.id,
          venueId: ideas[i]?.venueId,
          scheduledDate: p.when,
          status: p.status,
        })),
      )
      .returning({ id: dateReservations.id });
    // The past date rated by each of them, in their own words (each partner rates for themselves).
    await tx.insert(dateRatings).values(
      plan.flatMap((p, i) =>
        p.rating && p.partnerRating
          ? [
              { userId: member.id, rating: p.rating, feedback: p.feedback },
              { userId: partner.id, rating: p.partnerRating, feedback: p.partnerFeedback },
            ].map((r) => ({
              ...r,
              reservationId: booked[i].id,
              ratedAt: new Date(p.when.getTime() + 24 * HOUR),
            }))
          : [],
      ),
    );
  });
  return true;
}
