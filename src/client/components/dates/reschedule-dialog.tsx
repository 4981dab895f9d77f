import { type ReactNode, useState } from "react";
import { POLICY } from "../../../shared/constants.ts";
import { useOneFieldErrors } from "../../lib/use-error-summary.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { useRequestReschedule } from "./use-date-actions.ts";

const REASON_MAX = 1000;

/** Asks for another day and time, with an optional reason, behind a small confirmation. */
export function RescheduleDialog({ dateId, trigger }: { dateId: number; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const reschedule = useRequestReschedule(dateId);
  const errors = useOneFieldErrors();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason("");
          errors.clear();
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <SummaryForm
          summary={errors.summary}
          aria-label="Request a reschedule"
          onSubmit={(event) => {
            event.preventDefault();
            errors.clear();
            // A refusal (no notice left, none free this month) at the top, focused; the toast repeats it.
            reschedule.mutate(reason.trim(), { onSuccess: () => setOpen(false), onError: errors.refused });
          }}
        >
          <DialogHeader>
            <DialogTitle>Request a reschedule</DialogTitle>
            <DialogDescription>
              You have {POLICY.freeReschedulesPerMonth} free reschedule a month, with at least{" "}
              {POLICY.rescheduleNoticeHours} hours' notice. We'll find another time that suits your
              preferences and e-mail you the new day and time.
            </DialogDescription>
          </DialogHeader>
          <TextareaField
            id={errors.fieldId}
            error={errors.error}
            className="mt-6"
            label="Anything we should know? (optional)"
            rows={3}
            maxLength={REASON_MAX}
            placeholder="e.g. We're away that weekend"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep this date</Button>
            </DialogClose>
            <Button type="submit" pending={reschedule.isPending}>
              {reschedule.isPending ? "Sending..." : "Request reschedule"}
            </Button>
          </DialogFooter>
        </SummaryForm>
      </DialogContent>
    </Dialog>
  );
}
