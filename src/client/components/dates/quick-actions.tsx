import {
  CalendarClock,
  CalendarPlus,
  CircleCheck,
  LifeBuoy,
  Navigation,
  Star,
  UserCheck,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { datesApi } from "../../../shared/contract/dates.ts";
import type { MemberDate } from "../../../shared/member-api.ts";
import { hrefOf } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { completedAhead, formatFullDay, formatShortDateTime } from "./date-time.ts";
import { RescheduleDialog } from "./reschedule-dialog.tsx";
import { useConfirmAttendance } from "./use-date-actions.ts";

// The support form (react-hook-form and zod, about 40 kB compressed) is not part of the date page's first
// code: it loads when the member shows intent (pointer over, focus, or a press) and opens if they pressed.
const ContactSupportDialog = lazy(() =>
  import("./contact-support-dialog.tsx").then((m) => ({ default: m.ContactSupportDialog })),
);

function SupportAction({ date }: { date: MemberDate }) {
  const [load, setLoad] = useState(false);
  const [open, setOpen] = useState(false);
  const start = () => setLoad(true);
  return (
    <>
      <Button
        variant="outline"
        className={ACTION}
        aria-haspopup="dialog"
        onPointerEnter={start}
        onFocus={start}
        onClick={() => {
          start();
          setOpen(true);
        }}
      >
        <LifeBuoy aria-hidden />
        Contact support
      </Button>
      {load && (
        <Suspense fallback={null}>
          <ContactSupportDialog
            reservationId={date.id}
            defaultSubject={`Our date on ${formatFullDay(date.scheduledDate)}`}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}

const ACTION = "w-full justify-start";

/** One action and the line under it that says when it is possible, or why not. */
function ActionRow({
  hint,
  children,
  testId,
}: {
  hint?: ReactNode;
  children: (hintId: string | undefined) => ReactNode;
  testId: string;
}) {
  const hintId = useId();
  return (
    <li className="grid gap-1.5" data-testid={testId}>
      {children(hint ? hintId : undefined)}
      {hint && (
        <p id={hintId} className="px-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </li>
  );
}

/** A line saying something is already done, in place of its button. */
/**
 * An action already taken. `takeFocus`: it has just replaced the control (and the dialog) that did it, so
 * focus, lost with them, comes here rather than to the top of the page.
 */
function Done({ children, takeFocus = false }: { children: ReactNode; takeFocus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (takeFocus && (!active || active === document.body)) ref.current?.focus();
  }, [takeFocus]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className="flex items-center gap-2 rounded-full bg-muted px-5 py-2.5 text-sm font-medium outline-ring focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <CircleCheck aria-hidden className="size-4 shrink-0 text-success-text" />
      {children}
    </p>
  );
}

export function QuickActions({ date, onRate }: { date: MemberDate; onRate: () => void }) {
  const confirm = useConfirmAttendance(date.id);
  const upcoming = !date.isPast && date.status !== "cancelled";
  // Cancelled, or marked completed before its reveal: no venue to go to and no time to hold.
  const neverRevealed = date.status === "cancelled" || (date.isPast && !date.revealed);
  const { actions } = date;
  // The status this page first showed: a reschedule asked for since replaces its button with a note.
  const [shownStatus] = useState(date.status);

  return (
    <Card data-testid="quick-actions">
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle className="text-xl">Quick actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {upcoming && (
            <ActionRow
              testId="action-confirm"
              hint={
                date.status === "confirmed"
                  ? undefined
                  : actions.confirm.allowed
                    ? actions.confirm.until &&
                      `Please confirm by ${formatShortDateTime(actions.confirm.until)}.`
                    : date.finalTouches || date.paymentHold
                      ? "You can confirm as soon as your plan appears."
                      : actions.confirm.reason
              }
            >
              {(hintId) =>
                date.status === "confirmed" ? (
                  <Done>
                    Attendance confirmed
                    {date.confirmedAt ? ` on ${formatShortDateTime(date.confirmedAt)}` : ""}
                  </Done>
                ) : (
                  <Button
                    className={ACTION}
                    variant={actions.confirm.allowed ? "primary" : "outline"}
                    disabled={!actions.confirm.allowed || confirm.isPending}
                    aria-describedby={hintId}
                    onClick={() => confirm.mutate(undefined)}
                  >
                    <UserCheck aria-hidden />
                    {confirm.isPending ? "Confirming..." : "Confirm attendance"}
                  </Button>
                )
              }
            </ActionRow>
          )}

          {!neverRevealed && (
            <ActionRow
              testId="action-directions"
              hint={
                date.directionsUrl
                  ? undefined
                  : date.finalTouches || date.paymentHold
                    ? "Directions appear with your plan."
                    : `Directions appear with the venue on ${formatShortDateTime(date.revealAt)}.`
              }
            >
              {(hintId) =>
                date.directionsUrl ? (
                  <Button asChild variant="outline" className={ACTION}>
                    <a href={date.directionsUrl} target="_blank" rel="noopener noreferrer">
                      <Navigation aria-hidden />
                      Get directions
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </Button>
                ) : (
                  <Button variant="outline" className={ACTION} disabled aria-describedby={hintId}>
                    <Navigation aria-hidden />
                    Get directions
                  </Button>
                )
              }
            </ActionRow>
          )}

          {!neverRevealed && (
            <ActionRow
              testId="action-calendar"
              hint={
                date.revealed
                  ? undefined
                  : "Holds the time now; download it again after the reveal for the full details."
              }
            >
              {(hintId) => (
                <Button asChild variant="outline" className={ACTION}>
                  <a
                    href={hrefOf(datesApi.calendar, { params: { id: String(date.id) } })}
                    download={`unveil-date-${date.id}.ics`}
                    aria-describedby={hintId}
                  >
                    <CalendarPlus aria-hidden />
                    Add to calendar
                  </a>
                </Button>
              )}
            </ActionRow>
          )}

          {upcoming && (
            <ActionRow
              testId="action-reschedule"
              hint={
                date.status === "reschedule_requested"
                  ? undefined
                  : actions.reschedule.allowed
                    ? actions.reschedule.until &&
                      `Possible until ${formatShortDateTime(actions.reschedule.until)}.`
                    : actions.reschedule.reason
              }
            >
              {(hintId) =>
                date.status === "reschedule_requested" ? (
                  <Done takeFocus={shownStatus !== "reschedule_requested"}>
                    Reschedule requested
                    {date.rescheduleRequestedAt
                      ? ` on ${formatShortDateTime(date.rescheduleRequestedAt)}`
                      : ""}
                  </Done>
                ) : actions.reschedule.allowed ? (
                  <RescheduleDialog
                    dateId={date.id}
                    trigger={
                      <Button variant="outline" className={ACTION} aria-describedby={hintId}>
                        <CalendarClock aria-hidden />
                        Request a reschedule
                      </Button>
                    }
                  />
                ) : (
                  <Button variant="outline" className={ACTION} disabled aria-describedby={hintId}>
                    <CalendarClock aria-hidden />
                    Request a reschedule
                  </Button>
                )
              }
            </ActionRow>
          )}

          {date.isPast && !completedAhead(date) && date.status !== "no_show" && (
            <ActionRow
              testId="action-rate"
              hint={actions.rate.allowed ? undefined : (actions.rate.reason ?? undefined)}
            >
              {(hintId) => (
                <Button
                  variant="outline"
                  className={ACTION}
                  disabled={!actions.rate.allowed}
                  aria-describedby={hintId}
                  onClick={onRate}
                >
                  <Star aria-hidden />
                  {date.rating ? "Edit your rating" : "Rate experience"}
                </Button>
              )}
            </ActionRow>
          )}

          <ActionRow testId="action-support">{() => <SupportAction date={date} />}</ActionRow>
        </ul>
      </CardContent>
    </Card>
  );
}
