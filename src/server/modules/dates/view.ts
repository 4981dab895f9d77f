/**
 * The one place a stored date becomes what a member may see. Venue, address, contact, dress code and the
 * date idea are copied only once the date is inside the reveal window (or past); before that those fields
 * are null in the answer itself, so nothing can be read from the network.
 */
import { POLICY, REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { DateAction, DateRating, MemberDate, MemberDateStatus } from "../../../shared/member-api.ts";
import { memberClues, type StoredClue } from "../clues/view.ts";

export interface DateRow {
  id: number;
  userId: number;
  scheduledDate: Date;
  status: string;
  /** The venue has confirmed (date_reservations.venue_status): only then is the date revealed. */
  venueConfirmed: boolean;
  confirmedAt: Date | null;
  rescheduledAt: Date | null;
  /** Every rating of the date, by whoever of the couple wrote it. */
  ratings: RatingRow[];
  /** The couple's plan is behind on a payment: the reveal waits for it (payment-hold.ts). Set per request. */
  paymentHeld?: boolean;
  /** The team's edits to the date's teaser clues (date_clues). */
  clueEdits: StoredClue[];
  /** Nobody came (status no_show): who says so, their note, when. */
  noShowBy?: string | null;
  noShowNote?: string | null;
  noShowAt?: Date | null;
  dressCode: string | null;
  idea: {
    title: string;
    description: string | null;
    category: string;
    duration: number;
    dressCode: string | null;
    requirements: string[];
  } | null;
  venue: {
    name: string;
    address: string | null;
    city: string;
    postcode: string | null;
    type: string;
    latitude: string | null;
    longitude: string | null;
    contactInfo: { phone?: string; website?: string } | null;
  } | null;
}

export interface RatingRow {
  userId: number;
  firstName: string | null;
  rating: number;
  feedback: string | null;
  ratedAt: Date;
}

const HOUR = 3_600_000;
export const RATING_WINDOW_DAYS = 14;
const DEFAULT_DURATION_HOURS = 2;

export const DATE_MSG = {
  cancelled: "This date was cancelled.",
  passed: "This date has already happened.",
  notYetRevealed: `You can confirm once the date is revealed, ${REVEAL_WINDOW_HOURS} hours before.`,
  alreadyConfirmed: "You have confirmed this date.",
  confirmClosed: `Confirmation closed ${POLICY.confirmHoursBefore} hours before the date.`,
  rescheduleRequested: "A reschedule has been requested for this date; we'll be in touch.",
  rescheduleNotice: `Reschedules need at least ${POLICY.rescheduleNoticeHours} hours' notice. Please contact support if something has come up.`,
  rescheduleUsed:
    "You have already used this month's free reschedule (one a month). Please contact support if you need another.",
  rateNotYet: "You can rate this date once it has happened.",
  rateClosed: `Ratings close ${RATING_WINDOW_DAYS} days after the date.`,
  /** Decision 0073: no rating is asked after a no-show. */
  rateNoShow: "No rating after a no-show: this date did not take place.",
  noShowNotYet: "You can tell us you couldn't go once the date has started.",
  noShowClosed: `This can be reported up to ${RATING_WINDOW_DAYS} days after the date.`,
  noShowAlready: "You told us this date did not happen.",
  noShowRated: "You have rated this date, so it took place.",
} as const;

/** Inside the reveal window (48 hours before), or past. */
export function inRevealWindow(scheduled: Date, now: Date): boolean {
  return scheduled.getTime() - now.getTime() <= REVEAL_WINDOW_HOURS * HOUR;
}

/**
 * Whether the couple may see the plan: inside the reveal window and its venue has confirmed (an unconfirmed
 * date is held: "final touches are being made"), or the date is past.
 */
export function isRevealed(scheduled: Date, now: Date, venueConfirmed = true, paymentHeld = false): boolean {
  if (scheduled.getTime() <= now.getTime()) return true;
  return venueConfirmed && !paymentHeld && inRevealWindow(scheduled, now);
}

/** A payment hold applies to a date not yet revealed (one already revealed stays so). */
export function heldForPayment(row: Pick<DateRow, "status" | "paymentHeld">): boolean {
  return !!row.paymentHeld && row.status === "scheduled";
}

/** The reveal would be due now but waits for the couple's payment: the date page says so. */
export function isPaymentHeld(
  row: Pick<DateRow, "status" | "scheduledDate" | "paymentHeld">,
  now: Date,
): boolean {
  return heldForPayment(row) && row.scheduledDate > now && inRevealWindow(row.scheduledDate, now);
}

/** Inside the reveal window, ahead, not cancelled, but held: the venue has not confirmed yet. */
export function isHeld(
  row: Pick<DateRow, "status" | "scheduledDate" | "venueConfirmed">,
  now: Date,
): boolean {
  return (
    row.status !== "cancelled" &&
    row.scheduledDate.getTime() > now.getTime() &&
    inRevealWindow(row.scheduledDate, now) &&
    !row.venueConfirmed
  );
}

const allow = (until: Date | null): DateAction => ({
  allowed: true,
  reason: null,
  until: until?.toISOString() ?? null,
});
const deny = (reason: string, until: Date | null = null): DateAction => ({
  allowed: false,
  reason,
  until: until?.toISOString() ?? null,
});

export function shownStatus(
  row: Pick<DateRow, "status" | "scheduledDate"> & { venueConfirmed?: boolean; paymentHeld?: boolean },
  now: Date,
): MemberDateStatus {
  // The reveal job records "revealed"; until it has run, a scheduled date inside the window is shown as revealed.
  if (
    row.status === "scheduled" &&
    isRevealed(row.scheduledDate, now, row.venueConfirmed ?? true, heldForPayment(row)) &&
    row.scheduledDate > now
  )
    return "revealed";
  return row.status as MemberDateStatus;
}

export function confirmAction(row: DateRow, now: Date): DateAction {
  const deadline = new Date(row.scheduledDate.getTime() - POLICY.confirmHoursBefore * HOUR);
  if (row.status === "cancelled") return deny(DATE_MSG.cancelled);
  if (row.status === "completed" || row.scheduledDate <= now) return deny(DATE_MSG.passed);
  if (row.status === "confirmed") return deny(DATE_MSG.alreadyConfirmed);
  if (row.status === "reschedule_requested") return deny(DATE_MSG.rescheduleRequested);
  if (!isRevealed(row.scheduledDate, now, row.venueConfirmed, heldForPayment(row)))
    return deny(DATE_MSG.notYetRevealed, deadline);
  if (now >= deadline) return deny(DATE_MSG.confirmClosed);
  return allow(deadline);
}

/** `usedThisMonth`: the couple has already had its free reschedule in the current London month. */
export function rescheduleAction(row: DateRow, now: Date, usedThisMonth: boolean): DateAction {
  const deadline = new Date(row.scheduledDate.getTime() - POLICY.rescheduleNoticeHours * HOUR);
  if (row.status === "cancelled") return deny(DATE_MSG.cancelled);
  if (row.status === "completed" || row.scheduledDate <= now) return deny(DATE_MSG.passed);
  if (row.status === "reschedule_requested") return deny(DATE_MSG.rescheduleRequested);
  if (now > deadline) return deny(DATE_MSG.rescheduleNotice);
  if (usedThisMonth) return deny(DATE_MSG.rescheduleUsed, deadline);
  return allow(deadline);
}

export function rateAction(row: DateRow, now: Date): DateAction {
  const closes = new Date(row.scheduledDate.getTime() + RATING_WINDOW_DAYS * 24 * HOUR);
  if (row.status === "cancelled") return deny(DATE_MSG.cancelled);
  if (row.status === "no_show") return deny(DATE_MSG.rateNoShow);
  // Not before its time, even when the team marked it completed early (the member screens say so too).
  if (row.scheduledDate > now) return deny(DATE_MSG.rateNotYet, closes);
  if (now > closes) return deny(DATE_MSG.rateClosed);
  return allow(closes);
}

/**
 * "We couldn't go": the couple may say the evening did not happen once it has started, while the date can still
 * be rated (14 days), unless it is cancelled, already a no-show, or rated by either of them.
 */
export function noShowAction(row: DateRow, now: Date): DateAction {
  const closes = new Date(row.scheduledDate.getTime() + RATING_WINDOW_DAYS * 24 * HOUR);
  if (row.status === "cancelled") return deny(DATE_MSG.cancelled);
  if (row.status === "no_show") return deny(DATE_MSG.noShowAlready);
  if (row.scheduledDate > now) return deny(DATE_MSG.noShowNotYet, closes);
  if (now > closes) return deny(DATE_MSG.noShowClosed);
  if (row.ratings.length > 0) return deny(DATE_MSG.noShowRated);
  return allow(closes);
}

/**
 * A maps search for the venue. Its name and postcode find it (a UK postcode is a handful of doors); the street
 * is added only without a postcode. Kept short, with "+" for spaces, because the reveal's plain-text e-mail
 * shows the link in full on a phone.
 */
export function directionsUrl(v: NonNullable<DateRow["venue"]>): string {
  const query = (v.postcode ? [v.name, v.postcode] : [v.name, v.address, v.city]).filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query).replace(/%20/g, "+")}`;
}

export function toMemberDate(
  row: DateRow,
  viewerId: number,
  now: Date,
  rescheduleUsed: boolean,
  partnerId: number | null = null,
  planLive = true,
): MemberDate {
  // A cancelled date is never revealed: the plan it held is not given away.
  const revealed =
    row.status !== "cancelled" && isRevealed(row.scheduledDate, now, row.venueConfirmed, heldForPayment(row));
  const v = revealed ? row.venue : null;
  const idea = revealed ? row.idea : null;
  const own = row.ratings.find((r) => r.userId === viewerId);
  const { clues, nextClueAt } = memberClues(row, row.clueEdits, now);
  return {
    id: row.id,
    scheduledDate: row.scheduledDate.toISOString(),
    durationHours: row.idea?.duration ?? DEFAULT_DURATION_HOURS,
    status: shownStatus(row, now),
    revealed,
    finalTouches: isHeld(row, now) && !isPaymentHeld(row, now),
    paymentHold: isPaymentHeld(row, now),
    revealAt: new Date(row.scheduledDate.getTime() - REVEAL_WINDOW_HOURS * HOUR).toISOString(),
    isPast: row.scheduledDate <= now || row.status === "completed",
    isPartnerDate: row.userId !== viewerId,
    venue: v
      ? {
          name: v.name,
          address: v.address,
          city: v.city,
          postcode: v.postcode,
          type: v.type,
          phone: v.contactInfo?.phone ?? null,
          website: v.contactInfo?.website ?? null,
          latitude: v.latitude === null ? null : Number(v.latitude),
          longitude: v.longitude === null ? null : Number(v.longitude),
        }
      : null,
    dateIdea: idea ? { title: idea.title, description: idea.description, category: idea.category } : null,
    dressCode: revealed ? (row.dressCode ?? row.idea?.dressCode ?? null) : null,
    directionsUrl: v ? directionsUrl(v) : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    rescheduleRequestedAt: row.rescheduledAt?.toISOString() ?? null,
    rating: own?.rating ?? null,
    feedback: own?.feedback ?? null,
    ratedAt: own?.ratedAt.toISOString() ?? null,
    ratings: memberRatings(row.ratings, viewerId, partnerId),
    // Every cancellation on a running plan gives the date back to its month; a plan refunded and ended does not.
    cancellation: row.status === "cancelled" ? { allowanceReturned: planLive } : null,
    noShow:
      row.status === "no_show" && row.noShowAt
        ? {
            by: row.noShowBy === "venue" ? "venue" : "couple",
            note: row.noShowNote ?? null,
            at: row.noShowAt.toISOString(),
          }
        : null,
    clues,
    nextClueAt,
    actions: {
      confirm: confirmAction(row, now),
      reschedule: rescheduleAction(row, now, rescheduleUsed),
      rate: rateAction(row, now),
      noShow: noShowAction(row, now),
    },
  };
}

/** The couple's ratings of one date as a member sees them: their own first, then their partner's. */
export function memberRatings(rows: RatingRow[], viewerId: number, partnerId: number | null): DateRating[] {
  return [...rows]
    .sort((a, b) => Number(b.userId === viewerId) - Number(a.userId === viewerId) || a.userId - b.userId)
    .map((r) => ({
      by: r.userId === viewerId ? "you" : r.userId === partnerId ? "partner" : "former",
      name: r.firstName,
      rating: r.rating,
      feedback: r.feedback,
      ratedAt: r.ratedAt.toISOString(),
    }));
}
