import { Ban, CalendarClock, CircleCheck, CircleX, Info, type LucideIcon } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { BRAND } from "../../../shared/brand.ts";
import { VENUE_BOOKING_MSG, type VenueBookingView } from "../../../shared/venue-bookings.ts";
import { cn } from "../../lib/cn.ts";
import { Card } from "../ui/card.tsx";
import { bookingWhen } from "./format.ts";

interface Fact {
  term: string;
  value: ReactNode;
}

interface Shown {
  icon: LucideIcon;
  tone: string;
  title: string;
  /** Said just after answering: the server's thank-you. */
  thanks: string;
  /** Said on a later visit. */
  since: string;
  facts: Fact[];
  canChange: boolean;
}

function shown(view: VenueBookingView): Shown {
  const answered: Fact[] = view.answeredAt ? [{ term: "Answered", value: bookingWhen(view.answeredAt) }] : [];
  switch (view.status) {
    case "confirmed":
      return {
        icon: CircleCheck,
        tone: "bg-success-text/12 text-success-text",
        title: "Booking confirmed",
        thanks: VENUE_BOOKING_MSG.confirmed,
        since: "You confirmed this booking. We look forward to the evening.",
        facts: [
          {
            term: "Your reference",
            value: view.reference ? (
              <span className="font-mono text-base" data-testid="venue-recorded-reference">
                {view.reference}
              </span>
            ) : (
              <span className="text-muted-foreground">None given</span>
            ),
          },
          ...answered,
        ],
        canChange: true,
      };
    case "declined":
      return {
        icon: CircleX,
        tone: "bg-destructive/10 text-destructive-text",
        title: "Booking declined",
        thanks: VENUE_BOOKING_MSG.declined,
        since: "You told us you can't take this booking. We are planning the evening elsewhere.",
        facts: [
          { term: "Your reason", value: <span className="whitespace-pre-line">{view.declineReason}</span> },
          ...answered,
        ],
        canChange: true,
      };
    case "proposed": {
      const note: Fact[] = view.proposedNote
        ? [{ term: "Your note", value: <span className="whitespace-pre-line">{view.proposedNote}</span> }]
        : [];
      return {
        icon: CalendarClock,
        tone: "bg-accent/20 text-accent-text",
        title: "Another time offered",
        thanks: VENUE_BOOKING_MSG.proposed,
        since: "You offered another time. We will confirm it with you by e-mail.",
        facts: [
          {
            term: "Time offered",
            value: view.proposedDate ? (
              <span data-testid="venue-recorded-time">{bookingWhen(view.proposedDate)} (London time)</span>
            ) : null,
          },
          ...note,
          ...answered,
        ],
        canChange: true,
      };
    }
    case "cancelled":
      return {
        icon: Ban,
        tone: "bg-muted text-muted-foreground",
        title: "This booking was cancelled",
        thanks: "There is nothing to answer. If you were holding a table, you can release it.",
        since: "There is nothing to answer. If you were holding a table, you can release it.",
        facts: [],
        canChange: false,
      };
    default:
      return {
        icon: Info,
        tone: "bg-muted text-muted-foreground",
        title: "This link can no longer answer",
        thanks: VENUE_BOOKING_MSG.answered,
        since: VENUE_BOOKING_MSG.answered,
        facts: [],
        canChange: false,
      };
  }
}

/**
 * The answer the booking holds now: just given (with the server's thank-you) or given before (a second
 * visit), or the booking's cancellation. No actions: a change of mind goes through our e-mail.
 */
export function RecordedAnswer({
  view,
  justAnswered,
  headingRef,
}: {
  view: VenueBookingView;
  justAnswered: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const s = shown(view);
  const Icon = s.icon;
  return (
    <Card className="p-5 sm:p-7" data-testid="venue-recorded">
      <div className="flex items-start gap-4">
        <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-full", s.tone)}>
          <Icon aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 ref={headingRef} tabIndex={-1} className="text-2xl leading-tight font-medium outline-none">
            {s.title}
          </h2>
          <p className="mt-1.5 text-muted-foreground" data-testid="venue-recorded-message">
            {justAnswered ? s.thanks : s.since}
          </p>
        </div>
      </div>
      {s.facts.length > 0 && (
        <dl className="mt-5 grid gap-3 border-t border-border pt-5">
          {s.facts.map(({ term, value }) => (
            <div key={term} className="grid gap-0.5">
              <dt className="text-xs font-semibold tracking-[0.12em] text-muted-foreground uppercase">
                {term}
              </dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {s.canChange && (
        <p className="mt-5 text-sm text-muted-foreground">
          To change your answer, please reply to our e-mail or write to{" "}
          <a
            className="font-medium text-foreground underline underline-offset-4"
            href={`mailto:${BRAND.contactEmail}`}
          >
            {BRAND.contactEmail}
          </a>
          .
        </p>
      )}
    </Card>
  );
}
