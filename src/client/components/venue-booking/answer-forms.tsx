import { ArrowLeft, CalendarClock, Check, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { londonLocalToDate } from "../../../shared/admin/assignments.ts";
import { venueBookingsApi } from "../../../shared/contract/venue-bookings.ts";
import { londonIsoDay } from "../../../shared/london-time.ts";
import {
  VENUE_BOOKING_MSG,
  type VenueBookingView,
  venueConfirmSchema,
  venueDeclineSchema,
  venueProposeSchema,
} from "../../../shared/venue-bookings.ts";
import { call } from "../../lib/api.ts";
import { useFocusOnChange } from "../../lib/focus-on-change.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { ErrorSummary } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { useVenueAnswer } from "./use-venue-answer.ts";

type Mode = "confirm" | "decline" | "propose";

/** The venue's summary keeps its own words: it is about an answer, not a form of ours. */
const VENUE_SUMMARY_TITLE = "We couldn't record your answer";

const TITLE: Record<Mode, string> = {
  confirm: "Can you take this booking?",
  decline: "Can't take it",
  propose: "Offer another time",
};

interface AnswerProps {
  token: string;
  view: VenueBookingView;
  onAnswered: (view: VenueBookingView) => void;
  onClosed: (message: string) => void;
}

/**
 * The venue's answer: confirming comes first (the usual answer); declining with a reason and offering
 * another time are one tap away, each in place of it, with a way back.
 */
export function AnswerForms(props: AnswerProps) {
  const [mode, setMode] = useState<Mode>("confirm");
  const heading = useFocusOnChange<HTMLHeadingElement>(mode);
  return (
    <Card className="p-5 sm:p-7" data-testid="venue-answer">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Your answer</p>
      <h2 ref={heading} tabIndex={-1} className="mt-2 text-2xl leading-tight font-medium outline-none">
        {TITLE[mode]}
      </h2>
      {mode === "confirm" && (
        <>
          <ConfirmForm {...props} />
          <div className="mt-6 flex items-center gap-3 text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">
            <span aria-hidden className="h-px flex-1 bg-border" />
            Or
            <span aria-hidden className="h-px flex-1 bg-border" />
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("decline")}>
              <X aria-hidden />
              Can't take it
            </Button>
            <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("propose")}>
              <CalendarClock aria-hidden />
              Offer another time
            </Button>
          </div>
        </>
      )}
      {mode === "decline" && <DeclineForm {...props} onBack={() => setMode("confirm")} />}
      {mode === "propose" && <ProposeForm {...props} onBack={() => setMode("confirm")} />}
    </Card>
  );
}

function ConfirmForm({ token, onAnswered, onClosed }: AnswerProps) {
  const [reference, setReference] = useState("");
  const answer = useVenueAnswer({
    send: (body) => call(venueBookingsApi.confirm, { params: { token }, body }),
    schema: venueConfirmSchema,
    fieldIds: { reference: "venue-reference" },
    onAnswered,
    onClosed,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    answer.submit({ reference });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-5" aria-label="Confirm the booking">
      <ErrorSummary items={answer.summary} title={VENUE_SUMMARY_TITLE} testId="venue-error-summary" />
      <FormField
        id="venue-reference"
        label="Your booking reference (optional)"
        hint="If your booking system gives one, we'll quote it if we need to reach you."
        autoComplete="off"
        value={reference}
        error={answer.fieldErrors.reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={answer.pending}
      >
        <Check aria-hidden />
        {answer.pending ? "Confirming..." : "Confirm the booking"}
      </Button>
    </form>
  );
}

function DeclineForm({ token, onAnswered, onClosed, onBack }: AnswerProps & { onBack: () => void }) {
  const [reason, setReason] = useState("");
  const answer = useVenueAnswer({
    send: (body) => call(venueBookingsApi.decline, { params: { token }, body }),
    schema: venueDeclineSchema,
    fieldIds: { reason: "venue-reason" },
    onAnswered,
    onClosed,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    answer.submit({ reason });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 grid gap-5" aria-label="Decline the booking">
      <p className="text-muted-foreground">
        Tell us why, and we will plan the couple's evening elsewhere. They never see your answer.
      </p>
      <ErrorSummary items={answer.summary} title={VENUE_SUMMARY_TITLE} testId="venue-error-summary" />
      <TextareaField
        id="venue-reason"
        label="Why can't you take it?"
        hint="For example: fully booked that evening, or closed for a private event."
        required
        aria-required
        value={reason}
        error={answer.fieldErrors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormButtons
        pending={answer.pending}
        label="Decline the booking"
        pendingLabel="Sending..."
        onBack={onBack}
      />
    </form>
  );
}

function ProposeForm({ token, view, onAnswered, onClosed, onBack }: AnswerProps & { onBack: () => void }) {
  const [day, setDay] = useState(() => londonIsoDay(new Date(view.scheduledDate)));
  const [time, setTime] = useState("");
  const [note, setNote] = useState("");
  const answer = useVenueAnswer({
    send: (body) => call(venueBookingsApi.propose, { params: { token }, body }),
    schema: venueProposeSchema,
    fieldIds: { time: "venue-day", note: "venue-note" },
    onAnswered,
    onClosed,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The London wall-clock time the venue typed, as an instant (an hour the clocks skip is no time at all).
    const at = day && time ? londonLocalToDate(`${day}T${time}`) : null;
    answer.submit({ time: at ? at.toISOString() : "", note }, () => {
      if (at && at.getTime() <= Date.now()) return { time: VENUE_BOOKING_MSG.timePast };
      if (at && at.getTime() === new Date(view.scheduledDate).getTime())
        return { time: VENUE_BOOKING_MSG.timeSame };
      return {};
    });
  };
  const timeError = answer.fieldErrors.time;
  const describedBy = timeError ? "venue-when-hint venue-when-error" : "venue-when-hint";
  return (
    <form noValidate onSubmit={submit} className="mt-3 grid gap-5" aria-label="Offer another time">
      <p className="text-muted-foreground">
        Our team will check the time with the couple's plans and confirm it with you by e-mail.
      </p>
      <ErrorSummary items={answer.summary} title={VENUE_SUMMARY_TITLE} testId="venue-error-summary" />
      <fieldset className="grid gap-2">
        <legend className="mb-0.5 text-sm font-medium">The time you can offer</legend>
        <p id="venue-when-hint" className="text-xs text-muted-foreground">
          London time, for a party of {view.partySize}.
        </p>
        {/* Side by side from 352 px; on the smallest phones the date field needs the whole width. */}
        <div className="grid gap-3 min-[22rem]:grid-cols-[1.4fr_1fr]">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="venue-day" className="text-xs text-muted-foreground">
              Date
            </Label>
            <Input
              id="venue-day"
              type="date"
              className="min-w-0"
              required
              min={londonIsoDay(new Date())}
              value={day}
              aria-invalid={timeError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="venue-time" className="text-xs text-muted-foreground">
              Time
            </Label>
            <Input
              id="venue-time"
              type="time"
              className="min-w-0"
              required
              step={300}
              value={time}
              aria-invalid={timeError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setTime(e.target.value)}
            />
          </div>
        </div>
        {timeError && (
          <p id="venue-when-error" role="alert" className="text-sm text-destructive-text">
            {timeError}
          </p>
        )}
      </fieldset>
      <TextareaField
        id="venue-note"
        label="A note for our team (optional)"
        hint="For example: the table is free from 20:30, or we can seat you at the bar at 19:00."
        className="[&_textarea]:min-h-20"
        value={note}
        error={answer.fieldErrors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormButtons
        pending={answer.pending}
        label="Offer this time"
        pendingLabel="Sending..."
        onBack={onBack}
      />
    </form>
  );
}

function FormButtons({
  pending,
  label,
  pendingLabel,
  onBack,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      <Button variant="ghost" size="lg" className="w-full sm:w-auto" onClick={onBack} disabled={pending}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
