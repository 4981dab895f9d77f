import { CalendarDays, Clock, MapPin, Sparkles, Star } from "lucide-react";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { cn } from "../../../lib/cn.ts";
import { statusText } from "../../../lib/labels.ts";
import { Badge } from "../../ui/badge.tsx";

const day = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const time = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
});

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

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(
            "size-4",
            n <= rating ? "fill-accent text-accent" : "fill-transparent text-muted-foreground/50",
          )}
        />
      ))}
    </span>
  );
}

/** One date on the member page: when, status, venue, idea; past dates add the rating and feedback. */
export function MemberDateEntry({ date, now, past }: { date: AdminAssignment; now: Date; past: boolean }) {
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
            {time.format(at)}
          </span>
        </p>
        <Badge variant={BADGE[status] ?? "neutral"}>{BADGE[status] ? status : statusText(status)}</Badge>
      </div>
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
      {date.dateIdea && (
        <p className="flex items-start gap-1.5 text-sm">
          <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 wrap-anywhere">
            {date.dateIdea.title}
            <span className="text-muted-foreground"> · {statusText(date.dateIdea.category)}</span>
          </span>
        </p>
      )}
      {past && (date.rating !== null || date.feedback) && (
        <div className="grid gap-1">
          {date.rating !== null && <Stars rating={date.rating} />}
          {date.feedback && (
            <p className="text-sm wrap-anywhere text-muted-foreground italic">“{date.feedback}”</p>
          )}
        </div>
      )}
    </li>
  );
}
