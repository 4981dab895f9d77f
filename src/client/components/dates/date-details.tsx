import { Clock, Hourglass, MapPin, Phone, Shirt, Sparkles, Store } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { MemberDate } from "../../../shared/member-api.ts";
import { PAYMENT_RECOVERY_MSG } from "../../../shared/payment-recovery.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { formatDuration, formatFullDay, formatShortDateTime, formatTime } from "./date-time.ts";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/** A dt/dd pair grouped by one div directly in the dl (the icon sits in the group's padding). */
function Detail({ Icon, label, children }: { Icon: Icon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-12">
      <span
        aria-hidden
        className="absolute top-0.5 left-0 flex size-9 items-center justify-center rounded-full bg-muted text-accent-text"
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <dt className="text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function VeiledDetail({ Icon, label, width }: { Icon: Icon; label: string; width: string }) {
  return (
    <div className="relative min-h-9 min-w-0 pl-12">
      <span
        aria-hidden
        className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-full bg-muted text-muted-foreground"
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <dt className="pt-0.5 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="mt-1.5">
        <span className="sr-only">Revealed {REVEAL_WINDOW_HOURS} hours before</span>
        <span aria-hidden className={`veil block h-3 rounded-full ${width}`} />
      </dd>
    </div>
  );
}

/** What the couple needs on the day, once revealed; before that, the shape of it under a veil. */
export function DateDetails({ date }: { date: MemberDate }) {
  const { venue, dateIdea } = date;
  if (!date.revealed || !venue)
    return (
      <Card data-testid="details-locked">
        <CardHeader>
          <CardTitle>
            {date.status === "cancelled"
              ? "Not revealed"
              : date.isPast
                ? "Never revealed"
                : date.paymentHold
                  ? "Waiting for your payment"
                  : date.finalTouches
                    ? "Almost ready"
                    : "Still under wraps"}
          </CardTitle>
          <CardDescription>
            {date.paymentHold ? (
              `${PAYMENT_RECOVERY_MSG.dateHeld} Just keep the time free.`
            ) : date.finalTouches && !date.isPast && date.status !== "cancelled" ? (
              "Everything below will appear here shortly. Just keep the time free."
            ) : date.status === "cancelled" ? (
              "It was cancelled before its reveal, so what was planned stays a surprise. Nothing here needs keeping free."
            ) : date.isPast ? (
              "This date was marked as completed before its reveal, so there is no time to keep free. If that looks wrong, contact support."
            ) : (
              <>
                Everything below unlocks on {formatShortDateTime(date.revealAt)}, {REVEAL_WINDOW_HOURS} hours
                before your date. Until then, just keep the time free.
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Detail Icon={Clock} label="When">
              {formatFullDay(date.scheduledDate)}, {formatTime(date.scheduledDate)}
            </Detail>
            <Detail Icon={Hourglass} label="Duration">
              About {formatDuration(date.durationHours)}
            </Detail>
            <VeiledDetail Icon={Store} label="Venue" width="w-40" />
            <VeiledDetail Icon={MapPin} label="Address" width="w-48" />
            <VeiledDetail Icon={Shirt} label="Dress code" width="w-28" />
            <VeiledDetail Icon={Sparkles} label="The plan" width="w-36" />
          </dl>
        </CardContent>
      </Card>
    );

  const address = [venue.address, venue.city, venue.postcode].filter(Boolean).join(", ");
  return (
    <Card data-testid="details-revealed" className="border-accent/50">
      <CardHeader>
        <CardTitle>The details</CardTitle>
        {dateIdea?.description && (
          <p className="text-muted-foreground" data-testid="date-description">
            {dateIdea.description}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5 sm:grid-cols-2">
          <Detail Icon={Store} label="Venue">
            <span className="font-medium" data-testid="detail-venue">
              {venue.name}
            </span>
          </Detail>
          <Detail Icon={MapPin} label="Address">
            <span data-testid="detail-address">{address}</span>
          </Detail>
          <Detail Icon={Clock} label="When">
            {formatFullDay(date.scheduledDate)}, {formatTime(date.scheduledDate)}
          </Detail>
          <Detail Icon={Hourglass} label="Duration">
            About {formatDuration(date.durationHours)}
          </Detail>
          <Detail Icon={Shirt} label="Dress code">
            <span data-testid="detail-dress-code">{date.dressCode ?? "Come as you are"}</span>
          </Detail>
          {venue.phone && (
            <Detail Icon={Phone} label="Venue phone">
              <a href={`tel:${venue.phone.replace(/\s/g, "")}`} className="text-brand hover:underline">
                {venue.phone}
              </a>
            </Detail>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
