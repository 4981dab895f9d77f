import { useQuery } from "@tanstack/react-query";
import { CircleAlert, Clock, Link2Off, type LucideIcon, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useParams } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { venueBookingsApi } from "../../shared/contract/venue-bookings.ts";
import {
  VENUE_BOOKING_MSG,
  type VenueBookingStatus,
  type VenueBookingView,
} from "../../shared/venue-bookings.ts";
import { Logo } from "../components/logo.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { AnswerForms } from "../components/venue-booking/answer-forms.tsx";
import { BookingSummary } from "../components/venue-booking/booking-summary.tsx";
import { RecordedAnswer } from "../components/venue-booking/recorded-answer.tsx";
import { invalidate, queryOf, storeAnswer } from "../lib/api.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorMessage, errorStatus, queryClient } from "../lib/queryClient.ts";

const STATUS_BADGE: Record<
  VenueBookingStatus,
  { label: string; variant: "warning" | "success" | "destructive" | "neutral" }
> = {
  requested: { label: "Awaiting your answer", variant: "warning" },
  confirmed: { label: "Confirmed", variant: "success" },
  declined: { label: "Declined", variant: "destructive" },
  proposed: { label: "New time offered", variant: "warning" },
  cancelled: { label: "Cancelled", variant: "neutral" },
};

/**
 * /venue-booking/:token: the page behind the link in a venue's booking e-mail (no account: the link is the
 * key). The booking, then the venue's answer (confirm, decline, offer another time), or the answer it holds.
 */
export default function VenueBookingPage() {
  useDocumentTitle("Booking request");
  const { token = "" } = useParams<{ token: string }>();
  const read = queryOf(venueBookingsApi.show, { params: { token } });
  const booking = useQuery(read);
  const [justAnswered, setJustAnswered] = useState(false);
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  const recordedHeading = useRef<HTMLHeadingElement>(null);

  const view = booking.data;
  const answerable = view?.canAnswer === true;
  // An answer just recorded (or a link found closed) replaces the form: focus goes to what took its place.
  useEffect(() => {
    if ((justAnswered || closedNotice) && view && !view.canAnswer) recordedHeading.current?.focus();
  }, [justAnswered, closedNotice, view]);

  return (
    <div className="flex flex-1 flex-col">
      <div className="border-b border-border/70">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo className="h-7 sm:h-8" />
          <p className="text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">
            For our venues
          </p>
        </div>
      </div>
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 pt-7 pb-20 sm:px-6 sm:pt-12">
        {booking.isError ? (
          <LinkRefused error={booking.error} onRetry={() => void booking.refetch()} />
        ) : !view ? (
          <Loading />
        ) : (
          <>
            <Intro view={view} />
            <div className="mt-7 grid items-start gap-5 lg:mt-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-8">
              {/* Once answered, the answer comes first on a phone; side by side, the booking stays on the left. */}
              <div className={answerable ? "" : "order-2 lg:order-none"}>
                <BookingSummary view={view} />
              </div>
              <div className="grid gap-4 lg:sticky lg:top-6">
                {closedNotice && (
                  <p
                    role="alert"
                    className="flex gap-2 rounded-xl border border-accent/60 bg-accent/12 p-4 text-sm"
                    data-testid="venue-closed-notice"
                  >
                    <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
                    {closedNotice}
                  </p>
                )}
                {answerable ? (
                  <AnswerForms
                    token={token}
                    view={view}
                    onAnswered={(answered) => {
                      storeAnswer(queryClient, read.queryKey, answered);
                      setJustAnswered(true);
                    }}
                    onClosed={(message) => {
                      setClosedNotice(message);
                      void invalidate(queryClient, venueBookingsApi.show, { token });
                    }}
                  />
                ) : (
                  <RecordedAnswer view={view} justAnswered={justAnswered} headingRef={recordedHeading} />
                )}
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Intro({ view }: { view: VenueBookingView }) {
  const badge = STATUS_BADGE[view.status];
  return (
    <div className="max-w-2xl">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">
        Booking request from {BRAND.name}
      </p>
      <h1 className="mt-3 text-4xl leading-tight font-normal break-words sm:text-5xl">
        {view.venueName || "Your booking"}
      </h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Badge variant={badge.variant} data-testid="venue-booking-status">
          {badge.label}
        </Badge>
      </div>
      {view.canAnswer && (
        <p className="mt-4 text-muted-foreground sm:text-lg">
          {BRAND.name} plans surprise evenings for couples in {BRAND.city}. We would like to book the evening
          below with you: please confirm it, tell us you can't take it, or offer another time.
        </p>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className="grid gap-5" role="status" aria-label="Loading the booking">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-5 w-36 rounded-full" />
      <div className="mt-4 grid gap-5 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

interface Refusal {
  icon: LucideIcon;
  title: string;
  message: string;
  retry: boolean;
}

/** The title for a refusal, and the message to show: the server's (`known`: one of the venue messages). */
function refusal(status: number | null, known: string | null, server: string): Refusal {
  switch (status) {
    case 404:
      return { icon: Link2Off, title: "We can't find this booking", message: server, retry: false };
    case 410:
      return { icon: Clock, title: "This link has expired", message: server, retry: false };
    case 400:
      // A link cut short gets the schema's own wording (a length): the venue is told what it means.
      return {
        icon: Link2Off,
        title: "This link is not complete",
        message: known ?? VENUE_BOOKING_MSG.invalid,
        retry: false,
      };
    case 429:
      return { icon: Clock, title: "Too many tries", message: server, retry: true };
    default:
      return { icon: CircleAlert, title: "We couldn't load this booking", message: server, retry: true };
  }
}

/** Why the link shows no booking: the server's own words, with a title and what to do next. */
function LinkRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = errorStatus(error);
  const server = errorMessage(error);
  const known = (Object.values(VENUE_BOOKING_MSG) as string[]).includes(server);
  const { icon: Icon, title, message, retry } = refusal(status, known ? server : null, server);
  return (
    <Card className="mx-auto max-w-xl p-6 sm:p-8" role="alert" data-testid="venue-booking-refused">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-accent-text">
        <Icon aria-hidden className="size-6" />
      </span>
      <h1 className="mt-4 text-3xl leading-tight font-normal">{title}</h1>
      <p className="mt-3 text-lg" data-testid="venue-booking-refused-message">
        {message}
      </p>
      <p className="mt-4 text-sm text-muted-foreground">
        Need a hand? Reply to our booking e-mail, or write to{" "}
        <a
          className="font-medium text-foreground underline underline-offset-4"
          href={`mailto:${BRAND.contactEmail}`}
        >
          {BRAND.contactEmail}
        </a>{" "}
        and we'll sort it out.
      </p>
      {retry && (
        <Button variant="outline" className="mt-6" onClick={onRetry}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      )}
    </Card>
  );
}
