import { CalendarDays, Clock, Users } from "lucide-react";
import type { ReactNode } from "react";
import { londonFullDay, londonTime } from "../../../shared/london-time.ts";
import type { VenueBookingView } from "../../../shared/venue-bookings.ts";
import { Card } from "../ui/card.tsx";
import { aboutHours, partyOf } from "./format.ts";

/**
 * The booking as the venue needs it for its diary: when (London time), how long, how many, under which name,
 * the experience, both guests' dietary and access needs, and the team's notes. No contact details of the
 * couple: the page never has them.
 */
export function BookingSummary({ view }: { view: VenueBookingView }) {
  const at = new Date(view.scheduledDate);
  return (
    <Card className="overflow-hidden" data-testid="venue-booking-summary">
      <h2 className="sr-only">The booking</h2>
      {/* The ticket's stub: the day and time, large, as a diary entry. */}
      <div className="border-b border-dashed border-border bg-muted/60 px-5 py-5 sm:px-7 sm:py-6">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <span data-testid="venue-booking-day">{londonFullDay(at)}</span>
        </p>
        <p className="mt-1 font-display text-5xl leading-none font-medium tracking-tight tabular-nums">
          <span data-testid="venue-booking-time">{londonTime(at)}</span>
          <span className="ml-2 align-middle font-sans text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
            London time
          </span>
        </p>
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
          <li className="flex items-center gap-1.5">
            <Clock aria-hidden className="size-4 shrink-0 text-accent-text" />
            {aboutHours(view.durationHours)}
          </li>
          <li className="flex items-center gap-1.5">
            <Users aria-hidden className="size-4 shrink-0 text-accent-text" />
            {partyOf(view.partySize)}
          </li>
        </ul>
      </div>
      <dl className="grid gap-4 px-5 py-5 sm:grid-cols-[10rem_1fr] sm:gap-x-6 sm:px-7 sm:py-6">
        <Fact term="Booking name">
          <span className="text-lg font-medium" data-testid="venue-booking-name">
            {view.bookingName}
          </span>
        </Fact>
        <Fact term="Experience">{view.experience ?? <None>Not set</None>}</Fact>
        <Fact term="Dietary needs">
          <Needs items={view.dietary} />
        </Fact>
        <Fact term="Access needs">
          <Needs items={view.accessibility} />
        </Fact>
        <Fact term="Notes from our team">
          {view.notes ? <span className="whitespace-pre-line">{view.notes}</span> : <None>No notes</None>}
        </Fact>
      </dl>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid sm:items-baseline">
      <dt className="text-xs font-semibold tracking-[0.12em] text-muted-foreground uppercase">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function None({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

function Needs({ items }: { items: string[] }) {
  if (items.length === 0) return <None>None given</None>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full bg-accent/15 px-2.5 py-0.5 text-sm font-medium text-foreground ring-1 ring-accent/50 ring-inset"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}
