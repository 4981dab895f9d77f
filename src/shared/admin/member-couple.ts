/** The couple on the back office's member page and in the Assign Date dialog. */

import { z } from "zod";
import { DATE_TYPE_LABELS, TIME_LABELS } from "../constants.ts";
import { monthYearLabel } from "../london-time.ts";
import { trimmedAtLeast } from "../schemas/text.ts";
import { adminMemberRefSchema } from "./members.ts";

/** One of the two people: whether they have answered the questionnaire (a row of preferences) at all. */
export const adminCouplePersonSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    answered: z.boolean(),
  })
  .meta({ id: "AdminCouplePerson" });
export type AdminCouplePerson = z.infer<typeof adminCouplePersonSchema>;

/** One need (a dietary restriction or an access need) and whose it is. */
export const adminNeedSchema = z.object({ need: z.string(), userIds: z.array(z.number()) });
export type AdminNeed = z.infer<typeof adminNeedSchema>;

export const adminCoupleNeedsSchema = z
  .object({
    /** Whose questionnaire the shared answers (place, budget, date types, days, times) come from; null if nobody's. */
    sharedFromId: z.number().nullable(),
    postcode: z.string().nullable(),
    travelRadius: z.number().nullable(),
    dateSpend: z.string().nullable(),
    /** Date types in the couple's ranked order. */
    dateTypes: z.array(z.string()),
    /** Times of day in the couple's ranked order. */
    times: z.array(z.string()),
    scheduling: z.array(z.object({ weekOfMonth: z.number(), dayOfWeek: z.string() })),
    openToTrying: z.boolean().nullable(),
    /** Both partners' dietary restrictions merged (the engine honours them all), each with whose it is. */
    dietary: z.array(adminNeedSchema),
    accessibility: z.array(adminNeedSchema),
    /** Each partner who answered: whether alcohol is fine for them. A date avoids bars if either says no. */
    alcohol: z.array(z.object({ userId: z.number(), alcoholOk: z.boolean() })),
  })
  .meta({ id: "AdminCoupleNeeds" });
export type AdminCoupleNeeds = z.infer<typeof adminCoupleNeedsSchema>;

/** One partner's rating of one of the couple's dates. */
export const adminDateRatingSchema = z.object({
  reservationId: z.number(),
  userId: z.number(),
  /** Who wrote it, as the back office names them ("Deleted member" for a deleted account). */
  author: z.string(),
  rating: z.number(),
  feedback: z.string().nullable(),
  ratedAt: z.string(),
});
export type AdminDateRating = z.infer<typeof adminDateRatingSchema>;

export const adminCoupleAllowanceSchema = z
  .object({
    /** Whose monthly quota rows count the couple's dates. */
    ownerId: z.number(),
    tier: z.string().nullable(),
    year: z.number(),
    month: z.number(),
    allowed: z.number(),
    used: z.number(),
    remaining: z.number(),
  })
  .meta({ id: "AdminCoupleAllowance" });
export type AdminCoupleAllowance = z.infer<typeof adminCoupleAllowanceSchema>;

/** The plan the couple is on: the holder's; without one, the member's own (lapsed or none). */
export const adminCouplePlanSchema = z.object({
  holderId: z.number().nullable(),
  tier: z.string().nullable(),
  status: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  /** Where the month off starts (after dates the couple kept, or at the end of the paid cycle). */
  pausedFrom: z.string().nullable(),
  /** The plan account's next collection (a retry of a failed payment included), or null. */
  nextPayment: z.object({ date: z.string(), amountPence: z.number().int(), retry: z.boolean() }).nullable(),
  /** Gift months on the account not yet used. */
  creditMonths: z.number().int(),
  /** When the plan ends by itself (cancelled, or a gift with no Direct Debit). */
  endsAt: z.string().nullable(),
});

/** GET /api/admin/users/:userId/couple */
/** A venue one of the couple asked not to go to. */
export const adminExclusionSchema = z
  .object({
    userId: z.number(),
    venueId: z.number(),
    venueName: z.string(),
    reason: z.string(),
    excludedAt: z.string(),
  })
  .meta({ id: "AdminVenueExclusion" });
export type AdminExclusion = z.infer<typeof adminExclusionSchema>;

export const EXCLUSION_MSG = {
  reasonRequired: "Please give a reason for removing it",
  reasonMax: "The reason must be at most 500 characters",
  notFound: "This couple has no such venue exclusion",
  removed: "Exclusion removed",
} as const;

/** DELETE /api/admin/users/:userId/exclusions/:venueId: why the operator removes it (kept on record). */
export const removeExclusionSchema = z
  .object({
    reason: z
      .string({ error: EXCLUSION_MSG.reasonRequired })
      .regex(trimmedAtLeast(2), EXCLUSION_MSG.reasonRequired)
      .trim()
      .max(500, EXCLUSION_MSG.reasonMax),
  })
  .strict();

export const adminCoupleSchema = z
  .object({
    memberId: z.number(),
    partner: adminMemberRefSchema.nullable(),
    planHolderId: z.number().nullable(),
    plan: adminCouplePlanSchema,
    allowance: adminCoupleAllowanceSchema,
    /** The member first, then the partner. */
    people: z.array(adminCouplePersonSchema),
    needs: adminCoupleNeedsSchema,
    /** Every rating of the couple's dates, oldest date first, then by when it was written. */
    ratings: z.array(adminDateRatingSchema),
    /** Venues either partner asked not to go to (their own choices), newest first. */
    exclusions: z.array(adminExclusionSchema),
  })
  .meta({ id: "AdminCouple" });
export type AdminCouple = z.infer<typeof adminCoupleSchema>;

/** "December 2031". */
export const monthName = monthYearLabel;

/** "1 of 2 dates in December 2031". */
export function allowanceText(a: Pick<AdminCoupleAllowance, "used" | "allowed" | "year" | "month">): string {
  return `${a.used} of ${a.allowed} date${a.allowed === 1 ? "" : "s"} in ${monthName(a.year, a.month)}`;
}

const ORDINAL = ["", "1st", "2nd", "3rd", "4th"];
const DAY_ORDER = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Fridays (1st, 3rd) · Saturdays (every week)": the chosen days, each with its weeks of the month. */
export function schedulingText(list: AdminCoupleNeeds["scheduling"]): string {
  const byDay = new Map<string, number[]>();
  for (const s of list) byDay.set(s.dayOfWeek, [...(byDay.get(s.dayOfWeek) ?? []), s.weekOfMonth]);
  return [...byDay.entries()]
    .sort(([a], [b]) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b))
    .map(([day, weeks]) => {
      const w = [...new Set(weeks)].sort((a, b) => a - b);
      return `${cap(day)}s (${w.length >= 4 ? "every week" : w.map((n) => ORDINAL[n] ?? `${n}th`).join(", ")})`;
    })
    .join(" · ");
}

export const dateTypeLabel = (t: string): string =>
  Object.hasOwn(DATE_TYPE_LABELS, t) ? DATE_TYPE_LABELS[t as keyof typeof DATE_TYPE_LABELS] : t;

/** "Evenings" (the short form of the time label). */
export const timeLabel = (t: string): string =>
  Object.hasOwn(TIME_LABELS, t) ? TIME_LABELS[t as keyof typeof TIME_LABELS].replace(/ \(.*\)$/, "") : t;
