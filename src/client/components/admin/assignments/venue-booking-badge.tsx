import { Ban, CalendarClock, CircleCheck, CircleX, Send, TriangleAlert } from "lucide-react";
import type { ComponentType } from "react";
import type { AdminAssignment, AdminVenueBooking } from "../../../../shared/admin/assignments.ts";
import { VENUE_STATUS_LABEL, type VenueBookingStatus } from "../../../../shared/venue-bookings.ts";
import { cn } from "../../../lib/cn.ts";
import { Badge } from "../../ui/badge.tsx";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/** Each venue answer's badge colour and icon: asked is quiet, confirmed green, declined red, a proposal gold. */
export const VENUE_TONE: Record<
  VenueBookingStatus,
  { variant: "neutral" | "success" | "destructive" | "warning"; Icon: Icon }
> = {
  requested: { variant: "neutral", Icon: Send },
  confirmed: { variant: "success", Icon: CircleCheck },
  declined: { variant: "destructive", Icon: CircleX },
  proposed: { variant: "warning", Icon: CalendarClock },
  cancelled: { variant: "neutral", Icon: Ban },
};

/** The venue's side in words: "Venue asked", "Venue confirmed", ... (VENUE_STATUS_LABEL). */
export function VenueStatusBadge({ status, className }: { status: VenueBookingStatus; className?: string }) {
  const { variant, Icon } = VENUE_TONE[status];
  return (
    <Badge variant={variant} className={className} data-testid="venue-status">
      <Icon aria-hidden className="size-3.5" />
      {VENUE_STATUS_LABEL[status]}
    </Badge>
  );
}

/** "Needs attention": a date handed to the operators (unanswered, a proposal, a decline, close to the day). */
export function NeedsAttentionBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="venue-attention"
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-destructive px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-destructive-foreground",
        className,
      )}
    >
      <TriangleAlert aria-hidden className="size-3.5" />
      Needs attention
    </span>
  );
}

/**
 * Whether the list says anything about the venue: once it has been asked, or has answered. A date whose request
 * has not gone out yet (the undo window) or that was cancelled before it did has nothing to report; its
 * details say so.
 */
export function showsVenueBooking(a: Pick<AdminAssignment, "venueId" | "venueBooking">): boolean {
  if (a.venueId === null) return false;
  const b = a.venueBooking;
  return b.requestedAt !== null || (b.status !== "requested" && b.status !== "cancelled");
}

/**
 * The list's compact line about the venue's side: its status, the reference once confirmed, and "Needs
 * attention" when the date has been handed to the operators.
 */
export function VenueBookingBadge({
  booking,
  className,
}: {
  booking: AdminVenueBooking;
  className?: string;
}) {
  return (
    <span
      className={cn("flex flex-wrap items-center gap-1.5", className)}
      data-testid="venue-booking"
      data-status={booking.status}
      data-escalated={booking.escalated || undefined}
    >
      <VenueStatusBadge status={booking.status} />
      {booking.status === "confirmed" && booking.reference && (
        <span className="text-xs text-muted-foreground tabular-nums wrap-anywhere">
          Ref {booking.reference}
        </span>
      )}
      {booking.escalated && <NeedsAttentionBadge />}
    </span>
  );
}

/**
 * A booked date that breaks a rule since something it depends on changed (its venue's hours, closures,
 * capacity...): the list's badge, with the rules as its accessible description.
 */
export function RuleProblemsBadge({ rules, className }: { rules: readonly string[]; className?: string }) {
  if (rules.length === 0) return null;
  return (
    <span
      data-testid="rule-problems"
      title={rules.join("; ")}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-destructive/40 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-destructive-text",
        className,
      )}
    >
      <TriangleAlert aria-hidden className="size-3.5" />
      {rules.length === 1 ? "Breaks a rule now" : `Breaks ${rules.length} rules now`}
      <span className="sr-only">: {rules.join("; ")}</span>
    </span>
  );
}
