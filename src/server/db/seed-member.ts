/**
 * A demo couple for a first start, so the member area can be seen at once: a Gold member with a partner
 * and four dates (one past and rated, one inside the reveal window, two still mysteries).
 */
import { asc, eq, sql } from "drizzle-orm";
import { addMonths } from "../../shared/calendar-months.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
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
} from "./schema.ts";

const HOUR = 3_600_000;

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
  const ideas = await db
    .select({ id: dateIdeas.id, venueId: dateIdeas.venueId })
    .from(dateIdeas)
    // Evening ideas: the demo dates are at 19:30 (a Sunday brunch revealed for a Friday evening would jar).
    .where(sql`${dateIdeas.venueId} IS NOT NULL AND ${dateIdeas.timeOfDay} = 'evening'`)
    .orderBy(asc(dateIdeas.id))
    .limit(4);
  if (ideas.length < 4) return false;
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
      dateSpend: "££",
      dateTypePreferences: [
        { type: "restaurants", rank: 1 },
        { type: "culture", rank: 2 },
      ],
      schedulingPreferences: [
        { weekOfMonth: 1, dayOfWeek: "friday" },
        { weekOfMonth: 2, dayOfWeek: "saturday" },
        { weekOfMonth: 3, dayOfWeek: "friday" },
      ],
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
    // Evenings at 19:30 London time, a few days apart.
    const at = (daysFromNow: number) => {
      const d = new Date(now.getTime() + daysFromNow * 24 * HOUR);
      d.setUTCHours(19, 30, 0, 0);
      return d;
    };
    const plan: Array<{
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
    const booked = await tx
      .insert(dateReservations)
      .values(
        plan.map((p, i) => ({
          userId: member.id,
          dateIdeaId: ideas[i].id,
          venueId: ideas[i].venueId,
          scheduledDate: at(p.days),
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
            ].map((r) => ({ ...r, reservationId: booked[i].id, ratedAt: at(p.days + 1) }))
          : [],
      ),
    );
  });
  return true;
}
