import { CalendarDays, Clock, MapPin, Sparkles, UserRound } from "lucide-react";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import type { AdminDateRating } from "../../../../shared/admin/member-couple.ts";
import { londonFormat, londonTime } from "../../../../shared/london-time.ts";
import { statusText } from "../../../lib/labels.ts";
import { RatingStars } from "../../dates/rating-stars.tsx";
import { Badge } from "../../ui/badge.tsx";
import { RuleFix } from "../assignments/rule-fix.tsx";
import {
  RuleProblemsBadge,
  showsVenueBooking,
  VenueBookingBadge,
} from "../assignments/venue-booking-badge.tsx";
import { OverrideRecord } from "./override-record.tsx";

/** "Tue, 1 Dec 2026" */
const day = londonFormat({ weekday: "short", day: "numeric", month: "short", year: "numeric" });

/**
 * The member page's status badge (spec section 4): Cancelled, Completed or Revealed by status; otherwise
 * Scheduled if the date is still ahead; otherwise the raw status.
 */
export function memberPageStatus(a: Pick<AdminAssignment, "status" | "scheduledDate">, now: Date): string {
  if (a.status === "cancelled") return "Cancelled";
  if (a.status === "completed") return "Completed";
  if (a.status === "revealed") return "Revealed";
  if (new Date(a.scheduledDate) > now) return "Scheduled";
  return statusText(a.status);
}

const BADGE: Record<string, "destructive" | "success" | "gold" | "brand"> = {
  Cancelled: "destructive",
  Completed: "success",
  Revealed: "gold",
  Scheduled: "brand",
};

/** Each partner's rating of the date, labelled with who wrote it. */
function Ratings({ ratings }: { ratings: AdminDateRating[] }) {
  return (
    <div className="grid gap-2 rounded-lg bg-muted/50 px-3 py-2.5">
      {ratings.map((r) => (
        <div key={r.userId} className="grid gap-0.5" data-testid={`rating-${r.reservationId}-${r.userId}`}>
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <RatingStars rating={r.rating} />
            <span className="font-medium wrap-anywhere">{r.author}</span>
          </p>
          {r.feedback && <p className="text-sm wrap-anywhere text-muted-foreground italic">“{r.feedback}”</p>}
        </div>
      ))}
    </div>
  );
}

/**
 * One date on the member page: when, status, venue, idea, whose booking it is when it was booked for the
 * partner (a date belongs to the couple); past dates add each partner's rating.
 */
export function MemberDateEntry({
  date,
  now,
  past,
  ratings = [],
  bookedFor = null,
}: {
  date: AdminAssignment;
  now: Date;
  past: boolean;
  ratings?: AdminDateRating[];
  /** The partner's name when the date was booked for them. */
  bookedFor?: string | null;
}) {
  const status = memberPageStatus(date, now);
  const at = new Date(date.scheduledDate);
  return (
    <li
      className="grid gap-2 border-b border-border/70 py-4 first:pt-0 last:border-0 last:pb-0"
      data-testid={`member-date-${date.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
            {day.format(at)}
          </span>
          <span className="inline-flex items-center gap-1.5 tabular-nums">
            <Clock aria-hidden className="size-4 text-muted-foreground" />
            {londonTime(at)}
          </span>
        </p>
        <Badge variant={BADGE[status] ?? "neutral"}>{BADGE[status] ? status : statusText(status)}</Badge>
      </div>
      {bookedFor && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <UserRound aria-hidden className="size-3.5 shrink-0" />
          <span className="wrap-anywhere">Booked for {bookedFor}</span>
        </p>
      )}
      {date.venue ? (
        <p className="flex items-start gap-1.5 text-sm">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 wrap-anywhere">
            {date.venue.name}
            <span className="text-muted-foreground">
              {" "}
              · {date.venue.city} · {statusText(date.venue.type)}
            </span>
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No venue chosen</p>
      )}
      {(showsVenueBooking(date) || date.ruleProblems.length > 0) && (
        <div className="flex flex-wrap items-center gap-1.5">
          {showsVenueBooking(date) && <VenueBookingBadge booking={date.venueBooking} />}
          <RuleProblemsBadge rules={date.ruleProblems} />
        </div>
      )}
      <RuleFix assignment={date} compact />
      {date.dateIdea && (
        <p className="flex items-start gap-1.5 text-sm">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 wrap-anywhere">
            {date.dateIdea.title}
            <span className="text-muted-foreground"> · {statusText(date.dateIdea.category)}</span>
          </span>
        </p>
      )}
      {date.override && <OverrideRecord override={date.override} compact />}
      {past && ratings.length > 0 && <Ratings ratings={ratings} />}
    </li>
  );
}
