/**
 * What happened on the evening, in the date's details (decision 0073): mark a date that has started as a
 * no-show (for the couple or the venue, with a note) and record the venue's feedback; AssignmentHistory is the
 * date's audit history. The
 * date is read through its own GET (its ETag); each save sends If-Match, and a 412 keeps the input and says who
 * changed the date, with Reload.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, UserX } from "lucide-react";
import { useState } from "react";
import {
  EVENING_MSG,
  NO_SHOW_NOTE_MAX,
  type NoShowBy,
  VENUE_FEEDBACK_MAX,
} from "../../../../shared/admin/assignment-evening.ts";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { callIfMatch } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorSummary } from "../../ui/error-summary.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { RecordHistory } from "../audit/record-history.tsx";
import { StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { refreshAfterDateChange } from "../undo/undo-toast.ts";

const BY_WORDS: Record<NoShowBy, string> = {
  couple: "The couple says they couldn't go",
  venue: "The venue says nobody came",
};

export function EveningPanel({
  assignment,
  onChanged,
}: {
  assignment: AdminAssignment;
  onChanged?: (updated: AdminAssignment) => void;
}) {
  const queryClient = useQueryClient();
  const id = assignment.id;
  const [by, setBy] = useState<NoShowBy>("venue");
  const [note, setNote] = useState("");
  const [feedback, setFeedback] = useState(assignment.venueFeedback ?? "");
  const params = { assignmentId: id };
  const tagged = useTaggedEndpoint(adminAssignmentsApi.one, { params }, true, (a) =>
    setFeedback(a.venueFeedback ?? ""),
  );
  const a = tagged.record ?? assignment;
  const started = new Date(a.scheduledDate).getTime() <= Date.now();
  const done = (next: AdminAssignment, etag: string | null) => {
    tagged.saved(next, etag);
    refreshAfterDateChange(queryClient);
    onChanged?.(next);
  };
  const refusal = useRefusalSummary();
  const noShow = useMutation({
    mutationFn: () =>
      callIfMatch(
        adminAssignmentsApi.noShow,
        { params, body: { by, note: note.trim() || null } },
        tagged.etag,
      ),
    onSuccess: ({ data, etag }) => {
      done(data, etag);
      setNote("");
      toast({ title: EVENING_MSG.markedNoShow, description: "No rating will be asked.", variant: "success" });
    },
    onError: (e) => {
      // Another admin changed it: the stale alert says so. Anything else: the refusal, focused, above.
      if (!tagged.staleFrom(e)) refusal.showCallError(e);
    },
  });
  const saveFeedback = useMutation({
    mutationFn: () =>
      callIfMatch(adminAssignmentsApi.venueFeedback, { params, body: { feedback } }, tagged.etag),
    onSuccess: ({ data, etag }) => {
      done(data, etag);
      toast({ title: EVENING_MSG.feedbackSaved, variant: "success" });
    },
    onError: (e) => {
      // Another admin changed it: the stale alert says so. Anything else: the refusal, focused, above.
      if (!tagged.staleFrom(e)) refusal.showCallError(e);
    },
  });
  const canMark = started && a.status !== "cancelled" && a.status !== "no_show";
  const busy = noShow.isPending || saveFeedback.isPending || tagged.loading;

  return (
    <section className="grid gap-4" aria-labelledby={`evening-${id}`} data-testid="evening-panel">
      <h3
        id={`evening-${id}`}
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        The evening
      </h3>
      {tagged.stale && (
        <StaleEditAlert
          message={tagged.stale}
          onReload={() => void tagged.reload()}
          reloading={tagged.loading}
        />
      )}
      <ErrorSummary {...refusal.summary} />
      {a.noShow ? (
        <div
          className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          data-testid="no-show-record"
        >
          <UserX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive-text" />
          <div className="min-w-0">
            <p className="font-medium">No-show: {BY_WORDS[a.noShow.by].toLowerCase()}</p>
            {a.noShow.note && <p className="break-words">“{a.noShow.note}”</p>}
            <p className="text-xs text-muted-foreground">
              Recorded {formatDateTimeGB(a.noShow.at)}. No rating is asked.
            </p>
          </div>
        </div>
      ) : canMark ? (
        <form
          className="grid gap-3 rounded-lg border border-border p-3"
          onSubmit={(e) => {
            e.preventDefault();
            refusal.clear();
            if (!busy) noShow.mutate();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`no-show-by-${id}`}>Nobody came?</Label>
            <Select value={by} onValueChange={(v) => setBy(v as NoShowBy)}>
              <SelectTrigger id={`no-show-by-${id}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="venue">{BY_WORDS.venue}</SelectItem>
                <SelectItem value="couple">{BY_WORDS.couple}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <TextareaField
            label="Note (optional)"
            value={note}
            rows={2}
            maxLength={NO_SHOW_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            placeholder="What the venue or the couple told us"
          />
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              <UserX aria-hidden />
              {noShow.isPending ? "Saving..." : "Mark no-show"}
            </Button>
          </div>
        </form>
      ) : !started ? (
        <p className="text-sm text-muted-foreground">
          Once the date has started you can record a no-show and the venue's feedback here.
        </p>
      ) : null}
      {started && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            refusal.clear();
            if (!busy && feedback.trim()) saveFeedback.mutate();
          }}
        >
          <TextareaField
            label="Venue feedback"
            value={feedback}
            rows={3}
            maxLength={VENUE_FEEDBACK_MAX}
            onChange={(e) => setFeedback(e.target.value)}
            placeholder="What the venue said about the evening"
          />
          <div>
            <Button
              type="submit"
              variant="outline"
              disabled={busy || !feedback.trim() || feedback.trim() === (a.venueFeedback ?? "")}
            >
              {saveFeedback.isPending ? "Saving..." : "Save feedback"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The date's own audit history (entity "assignment"), folded away at the foot of its details. */
export function AssignmentHistory({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-lg border border-border text-sm"
      data-testid="assignment-history"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
        Who changed this date
      </summary>
      {open && (
        <div className="border-t border-border px-3 py-3">
          <RecordHistory entity="assignment" entityId={id} />
        </div>
      )}
    </details>
  );
}
