import { CalendarX2 } from "lucide-react";
import { useState } from "react";
import { NO_SHOW_NOTE_MAX } from "../../../shared/admin/assignment-evening.ts";
import type { MemberDate } from "../../../shared/member-api.ts";
import { useOneFieldErrors } from "../../lib/use-error-summary.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { SummaryForm } from "../ui/error-summary.tsx";
import { TextareaField } from "../ui/textarea-field.tsx";
import { useReportNoShow } from "./use-date-actions.ts";

/** A date that did not happen (status no_show): said plainly, with the note, and no rating asked. */
export function NoShowCard({ date }: { date: MemberDate }) {
  const n = date.noShow;
  return (
    <Card data-testid="no-show-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarX2 aria-hidden className="size-5 text-muted-foreground" />
          This date didn't happen
        </CardTitle>
        <CardDescription>
          {n?.by === "venue"
            ? "The venue let us know nobody made it on the evening."
            : "We've noted that you couldn't make it."}{" "}
          There's nothing to rate. If something went wrong, our team is here to help.
        </CardDescription>
      </CardHeader>
      {n?.note && n.by === "couple" && (
        <CardContent>
          <p className="text-sm text-muted-foreground">Your note: “{n.note}”</p>
        </CardContent>
      )}
    </Card>
  );
}

/**
 * "We couldn't go": under the rating card of a date that has started, while it can still be rated and before
 * either partner has rated it. Asks for an optional note, then marks the date as a no-show by the couple.
 */
export function CouldntGo({ date }: { date: MemberDate }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const report = useReportNoShow(date.id);
  const errors = useOneFieldErrors();
  if (!date.actions.noShow.allowed) return null;
  if (!open)
    return (
      <p className="text-sm text-muted-foreground">
        Didn't make it?{" "}
        <Button variant="link" className="text-sm" onClick={() => setOpen(true)}>
          Tell us you couldn't go
        </Button>
      </p>
    );
  return (
    <SummaryForm
      summary={errors.summary}
      className="grid gap-3 rounded-xl border border-border p-4"
      aria-label="Tell us you couldn't go"
      onSubmit={(e) => {
        e.preventDefault();
        errors.clear();
        // A refusal is said at the top of the form (focused); the toast repeats it.
        report.mutate(note.trim(), { onError: errors.refused });
      }}
    >
      <TextareaField
        id={errors.fieldId}
        error={errors.error}
        label="What happened? (optional)"
        value={note}
        rows={3}
        maxLength={NO_SHOW_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={report.isPending}>
          {report.isPending ? "Sending..." : "We couldn't go"}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={report.isPending}>
          Cancel
        </Button>
      </div>
    </SummaryForm>
  );
}
