import { ArrowRight, Hourglass, WandSparkles } from "lucide-react";
import { Link } from "wouter";
import type { MemberDate } from "../../../shared/member-api.ts";
import { cn } from "../../lib/cn.ts";
import { CATEGORY_LABELS, DateArt } from "./date-art.tsx";
import {
  completedAhead,
  formatDayMonth,
  formatDuration,
  formatShortDay,
  formatTime,
  formatWeekday,
  revealsInText,
  startsText,
} from "./date-time.ts";
import { PaymentHoldLine } from "./payment-hold-note.tsx";
import { RatingStars } from "./rating-stars.tsx";
import { DateStatusBadge } from "./status-badge.tsx";

const CARD_LINK =
  "group flex h-full flex-col overflow-hidden rounded-2xl border transition-[transform,box-shadow] duration-200 hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:hover:translate-y-0";

/**
 * A date still to come. Before the reveal it is a mystery ticket: the day, the time and a countdown, and
 * nothing else (the API sends nothing else). Inside the reveal window while the plan is being finished
 * (`finalTouches`) the countdown gives way to "Final touches are being made". Once revealed it shows the venue
 * in gold.
 */
export function UpcomingDateCard({ date, now }: { date: MemberDate; now: number }) {
  return date.revealed && date.venue ? (
    <RevealedCard date={date} now={now} />
  ) : (
    <MysteryCard date={date} now={now} />
  );
}

function MysteryCard({ date, now }: { date: MemberDate; now: number }) {
  return (
    <Link
      href={`/dates/${date.id}`}
      data-testid={`date-card-${date.id}`}
      data-revealed="false"
      data-final-touches={date.finalTouches || undefined}
      className={cn(CARD_LINK, "ticket border-white/10 shadow-lg hover:shadow-xl")}
    >
      <div className="relative aspect-[2/1] border-b border-white/10 sm:aspect-[16/9]">
        <DateArt category={null} className="h-full w-full p-4" />
        <DateStatusBadge date={date} onStage className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-[0.7rem] font-semibold tracking-[0.2em] text-gold-soft uppercase">Mystery date</p>
        <h3 className="mt-2 font-display text-2xl leading-tight">{formatWeekday(date.scheduledDate)}</h3>
        <p className="mt-1 text-sm text-stage-muted">
          {formatDayMonth(date.scheduledDate)} · {formatTime(date.scheduledDate)} · about{" "}
          {formatDuration(date.durationHours)}
        </p>
        <dl aria-hidden className="mt-5 grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-stage-muted">Venue</dt>
            <dd className="veil h-3 w-32 rounded-full" />
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-stage-muted">Dress code</dt>
            <dd className="veil h-3 w-20 rounded-full" />
          </div>
        </dl>
        <div aria-hidden className="min-h-5 flex-1" />
        <div className="flex items-center justify-between gap-3 border-t border-dashed border-white/20 pt-4">
          {date.paymentHold ? (
            <PaymentHoldLine />
          ) : date.finalTouches ? (
            <span className="flex min-w-0 items-start gap-2 text-sm" data-testid="card-final-touches">
              <WandSparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-soft" />
              <span>
                <span className="block font-medium text-gold-soft">Final touches are being made</span>
                <span className="block text-stage-muted">Your plan will appear here shortly</span>
              </span>
            </span>
          ) : (
            <span className="flex items-center gap-2 text-sm font-medium text-gold-soft">
              <Hourglass aria-hidden className="size-4" />
              {revealsInText(date, now)}
            </span>
          )}
          <ArrowRight
            aria-hidden
            className="size-4 text-stage-muted transition-transform group-hover:translate-x-0.5"
          />
        </div>
      </div>
    </Link>
  );
}

function RevealedCard({ date, now }: { date: MemberDate; now: number }) {
  const category = date.dateIdea?.category ?? null;
  return (
    <Link
      href={`/dates/${date.id}`}
      data-testid={`date-card-${date.id}`}
      data-revealed="true"
      className={cn(
        CARD_LINK,
        "border-accent/60 bg-surface text-surface-foreground shadow-[0_1px_2px_rgb(0_0_0/0.04),0_8px_24px_-12px_rgb(40_10_40/0.25)] hover:shadow-xl",
      )}
    >
      <div className="relative aspect-[2/1] sm:aspect-[16/9]">
        <DateArt category={category} className="h-full w-full p-4" />
        <DateStatusBadge date={date} onStage className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-[0.7rem] font-semibold tracking-[0.2em] text-accent-text uppercase">
          {category ? (CATEGORY_LABELS[category] ?? "Your date") : "Your date"}
        </p>
        <h3 className="mt-2 font-display text-2xl leading-tight" data-testid="date-card-venue">
          {date.venue?.name}
        </h3>
        {date.dateIdea && <p className="mt-1 text-sm text-muted-foreground">{date.dateIdea.title}</p>}
        <p className="mt-3 text-sm font-medium">
          {formatShortDay(date.scheduledDate)} · {formatTime(date.scheduledDate)}
        </p>
        <div aria-hidden className="min-h-5 flex-1" />
        <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
          <span className="text-sm font-medium text-accent-text">{startsText(date, now)}</span>
          <ArrowRight
            aria-hidden
            className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          />
        </div>
      </div>
    </Link>
  );
}

/** A date that has happened (or been cancelled): where it was, when, and the couple's rating. */
export function PastDateCard({ date }: { date: MemberDate }) {
  const category = date.dateIdea?.category ?? null;
  const cancelled = date.status === "cancelled";
  return (
    <Link
      href={`/dates/${date.id}`}
      data-testid={`date-card-${date.id}`}
      className={cn(
        CARD_LINK,
        "flex-row border-border bg-surface text-surface-foreground shadow-sm hover:shadow-md sm:flex-col",
      )}
    >
      <div className={cn("relative w-28 shrink-0 sm:aspect-[2/1] sm:w-auto", cancelled && "grayscale")}>
        <DateArt category={category} className="h-full w-full p-2 sm:p-4" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <DateStatusBadge date={date} />
        </div>
        <h3 className="mt-2 truncate font-display text-xl leading-tight" data-testid="date-card-venue">
          {date.venue?.name ?? "Mystery date"}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          {formatShortDay(date.scheduledDate)} · {formatTime(date.scheduledDate)}
        </p>
        <div className="mt-3 text-sm">
          {cancelled ? (
            <span className="text-muted-foreground" data-testid="date-card-cancelled">
              Cancelled{date.cancellation?.allowanceReturned ? " · given back to that month's allowance" : ""}
            </span>
          ) : date.rating ? (
            <RatingStars rating={date.rating} />
          ) : date.actions.rate.allowed && !completedAhead(date) ? (
            <span className="inline-flex items-center gap-1 font-medium text-brand">
              Rate this date
              <ArrowRight aria-hidden className="size-3.5 transition-transform group-hover:translate-x-0.5" />
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
