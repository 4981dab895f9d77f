import { useQueryClient } from "@tanstack/react-query";
import { CalendarCheck, CalendarX2, PhoneCall, PhoneOff } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { overrideReasonSchema } from "../../../../shared/admin/rulebook.ts";
import { REVEAL_WINDOW_HOURS } from "../../../../shared/constants.ts";
import { venueBookingsApi } from "../../../../shared/contract/venue-bookings.ts";
import { venueConfirmSchema, venueDeclineSchema } from "../../../../shared/venue-bookings.ts";
import { call } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { errorRules, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorSummary } from "../../ui/error-summary.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { dateWhen, refreshAfterDateChange } from "../undo/undo-toast.ts";
import { BrokenRules } from "./broken-rules.tsx";
import { NeedsAttentionBadge, VenueStatusBadge } from "./venue-booking-badge.tsx";

type Action =
  | { kind: "confirm"; body: { reference: string | null } }
  | { kind: "decline"; body: { reason: string } }
  | { kind: "proposal"; body: { accept: boolean; overrideReason?: string } };

/** Records the operator's answer for the venue. */
function send(assignmentId: number, action: Action) {
  const params = { assignmentId };
  switch (action.kind) {
    case "confirm":
      return call(venueBookingsApi.operatorConfirm, { params, body: action.body });
    case "decline":
      return call(venueBookingsApi.operatorDecline, { params, body: action.body });
    case "proposal":
      return call(venueBookingsApi.proposal, { params, body: action.body });
  }
}

/** Whether the date can still change: not cancelled or completed, and still ahead. */
export function dateIsOpen(a: Pick<AdminAssignment, "status" | "scheduledDate">, now = Date.now()): boolean {
  return a.status !== "cancelled" && a.status !== "completed" && new Date(a.scheduledDate).getTime() > now;
}

/** What the venue's state means for the operator, in a sentence. */
function explain(a: AdminAssignment): string {
  const b = a.venueBooking;
  switch (b.status) {
    case "requested":
      return b.requestedAt
        ? `Waiting for the venue's answer. The couple's plan stays hidden, even inside the ${REVEAL_WINDOW_HOURS} hours, until it confirms.`
        : "The booking request has not gone out yet. The couple's plan stays hidden until the venue confirms.";
    case "confirmed":
      return `The venue has confirmed. The couple see the plan ${REVEAL_WINDOW_HOURS} hours before.`;
    case "declined":
      return "The venue can't take this booking. The date is re-planned at another venue the same evening; when nothing fits, it is handed to you. Move date chooses one yourself.";
    case "proposed":
      return "The venue offered another time. Accept it to move the date there, confirmed; refuse it to re-plan the date elsewhere.";
    case "cancelled":
      return "The venue has been told the date is cancelled.";
  }
}

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * The venue's side of a date in the details dialog: when it was asked and answered, the reference, a decline's
 * reason, a proposed time and its note; and what an operator can record for it: a confirmation or a decline
 * taken by phone, or the answer to a proposed time (accepting moves the date; the rules it breaks need an
 * override reason).
 */
export function VenueBookingPanel({
  assignment: a,
  onChanged,
}: {
  assignment: AdminAssignment;
  onChanged?: (updated: AdminAssignment) => void;
}) {
  const queryClient = useQueryClient();
  const b = a.venueBooking;
  const [mode, setMode] = useState<"confirm" | "decline" | "refuse" | null>(null);
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [broken, setBroken] = useState<string[] | null>(null);
  const [override, setOverride] = useState("");
  const [overrideError, setOverrideError] = useState<string | undefined>();
  // The server's refusal (not the rules, which have their own panel), focused, above the actions.
  const refusal = useRefusalSummary();
  // An inline form gives way to the panel when it closes: focus goes to the panel, not to the page's body.
  const box = useRef<HTMLDivElement>(null);
  const close = (refocus = false) => {
    setMode(null);
    setReference("");
    setReason("");
    setFieldError(undefined);
    refusal.clear();
    setBroken(null);
    setOverride("");
    setOverrideError(undefined);
    if (refocus) requestAnimationFrame(() => box.current?.focus({ preventScroll: true }));
  };

  const answer = useSingleFlightMutation({
    mutationFn: (action: Action) => send(a.id, action),
    onSuccess: (updated, action) => {
      close(true);
      const accepted = action.kind === "proposal" && action.body.accept;
      toast({
        title: accepted
          ? "New time accepted"
          : action.kind === "proposal"
            ? "Proposed time refused"
            : "Venue's answer recorded",
        description: accepted
          ? `The date is now on ${dateWhen(updated.scheduledDate)}, confirmed by the venue.`
          : action.kind === "proposal"
            ? "The date will be re-planned at another venue the same evening."
            : action.kind === "confirm"
              ? `Confirmed by phone${updated.venueBooking.reference ? `, reference ${updated.venueBooking.reference}` : ""}.`
              : "Declined by phone. The date will be re-planned.",
        variant: "success",
      });
      refreshAfterDateChange(queryClient);
      onChanged?.(updated);
    },
    onError: (error, action) => {
      const rules = errorRules(error);
      if (action.kind === "proposal" && rules && rules.length > 0) {
        setBroken(rules);
        return;
      }
      refusal.showCallError(error);
      toastCallError("Couldn't record the venue's answer", error);
    },
  });

  const open = dateIsOpen(a);
  const busy = answer.isPending;
  const canConfirm = open && b.status === "requested";
  const canDecline = open && (b.status === "requested" || b.status === "confirmed");
  const proposal = open && b.status === "proposed";

  const accept = () => {
    if (broken) {
      const r = overrideReasonSchema.safeParse(override);
      if (!r.success) {
        setOverrideError(r.error.issues[0]?.message);
        return;
      }
      answer.mutate({ kind: "proposal", body: { accept: true, overrideReason: r.data } });
      return;
    }
    refusal.clear();
    answer.mutate({ kind: "proposal", body: { accept: true } });
  };

  return (
    <section className="grid gap-3" aria-labelledby={`venue-booking-${a.id}`}>
      <h3
        id={`venue-booking-${a.id}`}
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Venue booking
      </h3>
      <div
        ref={box}
        tabIndex={-1}
        data-testid="venue-booking-panel"
        className={cn(
          "grid gap-4 rounded-xl border p-4 outline-none",
          b.escalated ? "border-destructive-text/50 bg-destructive/5" : "border-border bg-muted/30",
        )}
      >
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-2">
            <VenueStatusBadge status={b.status} />
            {b.escalated && <NeedsAttentionBadge />}
          </p>
          <p className="text-sm text-muted-foreground">{explain(a)}</p>
        </div>
        <dl className="grid gap-2.5">
          <Row term="Asked">{b.requestedAt ? formatDateTimeGB(b.requestedAt) : "Not yet"}</Row>
          <Row term="Answered">
            {b.answeredAt ? formatDateTimeGB(b.answeredAt) : b.status === "requested" ? "No answer yet" : "-"}
          </Row>
          {b.status === "confirmed" && (
            <Row term="Reference" testId="venue-reference">
              {b.reference ?? <span className="text-muted-foreground">None given</span>}
            </Row>
          )}
          {b.declineReason && (
            <Row term="Decline reason" testId="venue-decline-reason">
              “{b.declineReason}”
            </Row>
          )}
          {b.proposedDate && (
            <Row term="Proposed time" testId="venue-proposed-time">
              <span className="font-medium">{dateWhen(b.proposedDate)}</span>
              <span className="block text-muted-foreground">instead of {dateWhen(a.scheduledDate)}</span>
            </Row>
          )}
          {b.proposedNote && (
            <Row term="Venue's note" testId="venue-proposed-note">
              “{b.proposedNote}”
            </Row>
          )}
        </dl>

        {mode === "confirm" && (
          <form
            noValidate
            className="grid gap-3 border-t border-border pt-4"
            aria-label="Record phone confirmation"
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = venueConfirmSchema.safeParse({ reference });
              if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
              answer.mutate({ kind: "confirm", body: { reference: parsed.data.reference ?? null } });
            }}
          >
            <FormField
              label="Booking reference (optional)"
              value={reference}
              maxLength={80}
              autoFocus
              autoComplete="off"
              error={fieldError}
              hint="As the venue gave it on the phone."
              onChange={(e) => setReference(e.target.value)}
            />
            <InlineActions
              busy={busy}
              label="Record confirmation"
              busyLabel="Recording..."
              onCancel={() => close(true)}
            />
          </form>
        )}
        {mode === "decline" && (
          <form
            noValidate
            className="grid gap-3 border-t border-border pt-4"
            aria-label="Record decline"
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = venueDeclineSchema.safeParse({ reason });
              if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
              answer.mutate({ kind: "decline", body: { reason: parsed.data.reason } });
            }}
          >
            <TextareaField
              label="Why the venue can't take it"
              value={reason}
              maxLength={500}
              autoFocus
              error={fieldError}
              hint="Kept with the booking. The date is then re-planned at another venue."
              className="[&_textarea]:min-h-20"
              onChange={(e) => setReason(e.target.value)}
            />
            <InlineActions
              busy={busy}
              label="Record decline"
              busyLabel="Recording..."
              destructive
              onCancel={() => close(true)}
            />
          </form>
        )}
        {mode === "refuse" && (
          <div className="grid gap-3 border-t border-border pt-4" data-testid="refuse-proposal">
            <p className="text-sm">
              Refuse {b.proposedDate ? dateWhen(b.proposedDate) : "the proposed time"}? The date is then
              re-planned at another venue on the same evening.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" size="sm" disabled={busy} onClick={() => close(true)}>
                Keep it open
              </Button>
              <Button
                variant="destructive"
                size="sm"
                disabled={busy}
                onClick={() => answer.mutate({ kind: "proposal", body: { accept: false } })}
              >
                {busy ? "Refusing..." : "Refuse the time"}
              </Button>
            </div>
          </div>
        )}
        {proposal && broken && (
          <div className="grid gap-3 border-t border-border pt-4">
            <BrokenRules
              rules={broken}
              what="The new time"
              reason={override}
              reasonError={overrideError}
              onReason={(text) => {
                setOverride(text);
                if (overrideError) setOverrideError(undefined);
              }}
            />
          </div>
        )}
        <ErrorSummary {...refusal.summary} />

        {mode === null && (canConfirm || canDecline || proposal) && (
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            {proposal && (
              <>
                <Button
                  size="sm"
                  variant={broken ? "destructive" : "primary"}
                  disabled={busy}
                  onClick={accept}
                >
                  <CalendarCheck aria-hidden />
                  {busy ? "Accepting..." : broken ? "Accept anyway" : "Accept new time"}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => {
                    close();
                    setMode("refuse");
                  }}
                >
                  <CalendarX2 aria-hidden />
                  Refuse
                </Button>
              </>
            )}
            {canConfirm && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setMode("confirm")}>
                <PhoneCall aria-hidden />
                Record phone confirmation
              </Button>
            )}
            {canDecline && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setMode("decline")}>
                <PhoneOff aria-hidden />
                Record decline
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function InlineActions({
  busy,
  label,
  busyLabel,
  destructive,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="sm" variant={destructive ? "destructive" : "primary"} pending={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
