import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, CalendarX2, Lock } from "lucide-react";
import { useState } from "react";
import { LoadErrorCard } from "../../../../client/components/load-error-card.tsx";
import { toastThenReload } from "../../../../client/components/settings/api.ts";
import { type Choice, ChoiceList } from "../../../../client/components/settings/choice-list.tsx";
import { formatLongDate } from "../../../../client/components/settings/format.ts";
import { Button } from "../../../../client/components/ui/button.tsx";
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../../client/components/ui/dialog.tsx";
import { Spinner } from "../../../../client/components/ui/spinner.tsx";
import { call, queryOf } from "../../../../client/lib/api.ts";
import { errorMessage, toastCallError } from "../../../../client/lib/queryClient.ts";
import { useSingleFlightMutation } from "../../../../client/lib/use-single-flight.ts";
import { TOAST } from "../../../../shared/messages.ts";
import { PAUSE_MSG, type PauseDate } from "../../../../shared/pause.ts";
import { subscriptionApi } from "../../contract.ts";
import { onPlanActionError } from "./plan-actions.ts";

type Keep = "keep" | "cancel";

/** "Friday 18 December at 19:30", and the venue once it is revealed (never before). */
function DateLine({ date }: { date: PauseDate }) {
  return (
    <li className="flex items-start gap-3" data-testid={`pause-date-${date.id}`}>
      <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
      <span>
        <span className="font-medium">
          {date.day} at {date.time}
        </span>
        <span className="block text-muted-foreground">
          {date.venue ? (
            date.venue
          ) : (
            <span className="inline-flex items-center gap-1">
              <Lock aria-hidden className="size-3" /> Still a surprise
            </span>
          )}
        </span>
      </span>
    </li>
  );
}

const dayText = (iso: string) => formatLongDate(iso);

/**
 * The month off, worked out before anything changes: when it runs, the couple's dates inside it by name, and
 * the choice to keep them (the month off starts after the last) or cancel them. Then one POST.
 */
export function PauseStep({
  onBack,
  onDone,
  backLabel = "Back",
}: {
  onBack: () => void;
  onDone: () => void;
  /** "Back" inside the cancel dialog's offers; "Not now" where the month off is the dialog's only step. */
  backLabel?: string;
}) {
  const preview = useQuery({ ...queryOf(subscriptionApi.pausePreview), staleTime: 0 });
  const [choice, setChoice] = useState<Keep | null>(null);
  const pause = useSingleFlightMutation({
    mutationFn: (keepDates: boolean | undefined) =>
      call(subscriptionApi.pause, { body: keepDates === undefined ? {} : { keepDates } }),
    onSuccess: (result) => {
      onDone();
      toastThenReload({ title: "Subscription Paused", description: result.message });
    },
    onError: (error) => {
      // Dates were booked since the preview was read: show them and ask again, instead of closing.
      if (errorMessage(error) === PAUSE_MSG.datesToChoose) {
        setChoice(null);
        void preview.refetch();
        toastCallError(TOAST.errorTitle, error);
        return;
      }
      onPlanActionError(error, onDone);
    },
  });
  const busy = pause.isPending || pause.isSuccess;
  const p = preview.data;

  if (preview.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Working out your month off" />
      </div>
    );
  if (!p)
    return (
      <LoadErrorCard
        title="We couldn't work out your month off"
        error={preview.error}
        onRetry={() => void preview.refetch()}
        className="mt-4"
      />
    );

  const hasDates = p.dates.length > 0;
  const chosen = hasDates ? (choice === "keep" ? p.keep : choice === "cancel" ? p.cancel : null) : p.cancel;
  const choices: Choice<Keep>[] = p.keep
    ? [
        {
          value: "keep",
          label: p.dates.length === 1 ? "Keep this date" : "Keep these dates",
          description: `Your month off starts after ${p.dates.length === 1 ? "it" : "them"}: paused from ${dayText(p.keep.from)} until ${dayText(p.keep.until)}.${p.keep.cancels.length ? ` ${p.keep.cancels.length === 1 ? "One later date falls" : `${p.keep.cancels.length} later dates fall`} inside that month and ${p.keep.cancels.length === 1 ? "is" : "are"} cancelled.` : ""}`,
          icon: <CalendarCheck />,
        },
        {
          value: "cancel",
          label: p.dates.length === 1 ? "Cancel it" : "Cancel them",
          description: `Paused from ${dayText(p.cancel.from)} until ${dayText(p.cancel.until)}. ${p.dates.length === 1 ? "The date goes" : "The dates go"} back into ${p.dates.length === 1 ? "its month's" : "their months'"} allowance.`,
          icon: <CalendarX2 />,
        },
      ]
    : [];

  return (
    <>
      <DialogHeader className="mt-2">
        <DialogTitle>Take a month off</DialogTitle>
        <DialogDescription>
          No dates and no payment for one month. The payment due on {dayText(p.skippedPaymentDate)} is not
          taken; payments start again on {dayText(p.nextPaymentDate)}.
        </DialogDescription>
      </DialogHeader>
      {hasDates ? (
        <div className="mt-5 grid gap-4" data-testid="pause-dates">
          <div className="rounded-xl border border-border bg-muted/60 p-4 text-sm">
            <p className="font-medium">
              {p.dates.length === 1
                ? "You have a date booked in that month:"
                : `You have ${p.dates.length} dates booked in that month:`}
            </p>
            <ul className="mt-3 grid gap-3">
              {p.dates.map((d) => (
                <DateLine key={d.id} date={d} />
              ))}
            </ul>
          </div>
          <ChoiceList label="Your booked dates" choices={choices} value={choice} onChange={setChoice} />
        </div>
      ) : (
        <p
          className="mt-5 rounded-xl border border-border bg-muted/60 p-4 text-sm"
          data-testid="pause-period"
        >
          Paused from {dayText(p.cancel.from)} until {dayText(p.cancel.until)}. You have no dates booked in
          that month.
        </p>
      )}
      <DialogFooter className="sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {backLabel}
        </Button>
        <Button
          disabled={busy || !chosen}
          onClick={() => pause.mutate(hasDates ? choice === "keep" : undefined)}
          data-testid="pause-confirm"
        >
          {busy
            ? "Pausing..."
            : chosen
              ? `Pause until ${dayText(chosen.until)}`
              : "Choose what happens to your dates"}
        </Button>
      </DialogFooter>
    </>
  );
}
