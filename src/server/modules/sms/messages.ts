/**
 * The wording of our texts: short, plain GSM characters (no curly quotes or emoji, which would make a text
 * UCS-2 and halve its room), within two segments. Names are cut first, never the time or the link.
 */
import { POLICY } from "../../../shared/constants.ts";
import { londonFormat } from "../../../shared/london-time.ts";
import { composeSms, shorten } from "../../../shared/sms-text.ts";
import type { DateForMail } from "../email/date-mails.ts";

/** Names longer than this are shortened even when they would fit: a text is read at a glance. */
const NAME_MAX = 40;

const HOUR = 3_600_000;

const dayTime = londonFormat({
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Fri 5 Dec, 19:30" on London's clock. */
export function smsDayTime(d: Date): string {
  const p = Object.fromEntries(dayTime.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute}`;
}

const cap = (s: string) => shorten(s, NAME_MAX);

/** The reveal: what, where, when, and (unless already confirmed) the link to confirm by the deadline. */
export function revealText(
  appUrl: string,
  date: Pick<DateForMail, "id" | "status" | "scheduledDate" | "idea" | "venue">,
): string {
  const deadline = new Date(date.scheduledDate.getTime() - POLICY.confirmHoursBefore * HOUR);
  const when = smsDayTime(date.scheduledDate);
  const tail =
    date.status === "confirmed"
      ? "You've confirmed it."
      : `Please confirm by ${smsDayTime(deadline)}: ${appUrl}/dates/${date.id}`;
  const title = cap(date.idea?.title ?? "Your date");
  if (!date.venue)
    return composeSms(([t]) => `Unveil: your date is revealed! ${t}, ${when}. ${tail}`, [title]);
  return composeSms(
    ([t, v]) => `Unveil: your date is revealed! ${t} at ${v}, ${when}. ${tail}`,
    [title, cap(date.venue.name)],
  );
}
