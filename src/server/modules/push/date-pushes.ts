/**
 * What the date pushes say (pure, so the spoiler tests can read every one). Lock screens show pushes to
 * anyone nearby, so only the on-the-day push names the venue, and none is sent before the reveal.
 *  - the reveal (48 hours before): "Your date is revealed", to the date page;
 *  - the confirmation reminder (CONFIRM_REMINDER_HOURS before the confirmation deadline, while unconfirmed);
 *  - on the day (TONIGHT_PUSH_HOURS_BEFORE hours before): "Tonight: {venue}, {time}", to directions.
 */
import { POLICY } from "../../../shared/constants.ts";
import { londonDayTime, londonHour, londonTime } from "../../../shared/london-time.ts";
import type { DateForMail } from "../email/date-mails.ts";
import type { PushMessage } from "./send.ts";

const HOUR = 3_600_000;

/** The reminder to confirm goes this many hours before the confirmation deadline (24 hours before the date). */
export const CONFIRM_REMINDER_HOURS = 6;
/** The on-the-day push goes this many hours before the date (always on the date's own day). */
export const TONIGHT_PUSH_HOURS_BEFORE = 4;
/** From this London hour the date is "tonight"; before it, "today". */
const EVENING_FROM_HOUR = 17;

/** outbound_messages.kind of each date push. */
export const DATE_PUSH_KINDS = {
  reveal: "push_reveal",
  confirm: "push_confirm",
  tonight: "push_tonight",
} as const;

/** The confirmation deadline of a date. */
export const confirmDeadline = (scheduledDate: Date) =>
  new Date(scheduledDate.getTime() - POLICY.confirmHoursBefore * HOUR);

/** A Google Maps directions link to the venue's address. */
export function directionsTo(v: NonNullable<DateForMail["venue"]>): string {
  const destination = [v.name, v.address, v.postcode ?? v.city].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

const tag = (id: number) => `date-${id}`;

export function revealPush(d: Pick<DateForMail, "id" | "scheduledDate" | "status">): PushMessage {
  return {
    title: "Your date is revealed",
    body:
      d.status === "confirmed"
        ? `See where you're going on ${londonDayTime(d.scheduledDate)}.`
        : `See where you're going on ${londonDayTime(d.scheduledDate)}, and confirm by ${londonDayTime(confirmDeadline(d.scheduledDate))}.`,
    url: `/dates/${d.id}`,
    tag: tag(d.id),
  };
}

export function confirmPush(d: Pick<DateForMail, "id" | "scheduledDate">): PushMessage {
  return {
    title: "Please confirm your date",
    body: `Confirm by ${londonDayTime(confirmDeadline(d.scheduledDate))} to keep your date on ${londonDayTime(d.scheduledDate)}.`,
    url: `/dates/${d.id}`,
    tag: tag(d.id),
  };
}

export function tonightPush(d: Pick<DateForMail, "id" | "scheduledDate" | "venue">): PushMessage {
  const when = londonHour(d.scheduledDate) >= EVENING_FROM_HOUR ? "Tonight" : "Today";
  const at = londonTime(d.scheduledDate);
  const v = d.venue;
  return {
    title: v ? `${when}: ${v.name}, ${at}` : `${when}: your date, ${at}`,
    body: v?.address ? `${v.address}. Tap for directions.` : "Tap to see your date.",
    url: v?.address ? directionsTo(v) : `/dates/${d.id}`,
    tag: tag(d.id),
  };
}

/** The round segment of a date message's key, as dates/mail-keys.ts makes it. */
const seg = (round: number) => (round > 0 ? `:r${round}` : "");

/** Once-only keys of the date pushes per date, recipient and mail round (the day's names its time). */
export const datePushKeys = {
  reveal: (dateId: number, userId: number, round = 0) => `push-reveal:${dateId}:${userId}${seg(round)}`,
  confirm: (dateId: number, userId: number, round = 0) => `push-confirm:${dateId}:${userId}${seg(round)}`,
  tonight: (dateId: number, userId: number, at: Date, round = 0) =>
    `push-tonight:${dateId}:${userId}${seg(round)}:${at.toISOString()}`,
};
