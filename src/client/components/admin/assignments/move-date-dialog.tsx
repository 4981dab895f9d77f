import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import {
  type AdminAssignment,
  ASSIGNMENT_MSG,
  dateToLondonLocal,
  scheduledDateField,
} from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { overrideReasonSchema } from "../../../../shared/admin/rulebook.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import type { BodyOf } from "../../../../shared/contract/endpoint.ts";
import { callIfMatch, queryOf } from "../../../lib/api.ts";
import { errorRules, errorStatus, toastCallError } from "../../../lib/queryClient.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog.tsx";
import { focusField, SummaryForm } from "../../ui/error-summary.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { dateWhen, refreshAfterDateChange, toastWithUndo, UNLESS_UNDONE } from "../undo/undo-toast.ts";
import { type VenueChoice, VenuePicker } from "../venues/venue-picker.tsx";
import { BrokenRules } from "./broken-rules.tsx";

type MoveBody = BodyOf<typeof adminAssignmentsApi.move>;

/** The idea select: "auto" keeps the date's idea (same venue) or lets the rulebook pick; "none": the venue itself. */
type IdeaValue = "auto" | "none" | `${number}`;

interface Choice {
  when: string;
  venue: VenueChoice | null;
  idea: IdeaValue;
}

const initial = (a: AdminAssignment): Choice => ({
  when: dateToLondonLocal(new Date(a.scheduledDate)),
  venue: a.venue ? { id: a.venue.id, name: a.venue.name, city: a.venue.city, type: a.venue.type } : null,
  idea: "auto",
});

/** The move's body, or the first thing wrong with the choice (in the shared schema's words). */
function moveBody(a: AdminAssignment, c: Choice): { body: MoveBody } | { error: string } {
  const at = scheduledDateField.safeParse(c.when);
  if (!at.success) return { error: at.error.issues[0]?.message ?? ASSIGNMENT_MSG.dateInvalid };
  if (at.data.getTime() <= Date.now()) return { error: ASSIGNMENT_MSG.dateInPast };
  if (!c.venue) return { error: ASSIGNMENT_MSG.venueRequired };
  return {
    body: {
      scheduledDate: c.when,
      ...(c.venue.id !== a.venueId ? { venueId: c.venue.id } : {}),
      ...(c.idea === "none" ? { dateIdeaId: null } : c.idea === "auto" ? {} : { dateIdeaId: Number(c.idea) }),
    },
  };
}

/**
 * Move date: a new London date and time, the venue (the same search as Assign's) and, optionally, an idea at
 * it, as one action (adminAssignmentsApi.move). When the move breaks hard rules the server names
 * them (422): they are listed beside the form in the rulebook's words and the move goes ahead only with an
 * override reason ("Move anyway"), as Assign does. The toast offers Undo while the couple's e-mail waits.
 */
export function MoveDateDialog({
  assignment: a,
  open,
  onOpenChange,
  onMoved,
}: {
  assignment: AdminAssignment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved?: (moved: AdminAssignment) => void;
}) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(() => initial(a));
  const [fieldError, setFieldError] = useState<{ when?: string; venue?: string }>({});
  // The server's refusal at the top of the form, focused (the rules it names have their own panel).
  const refusal = useRefusalSummary();
  const ids = { when: useId(), venue: useId(), reason: useId() };
  // The rules the server said the current choice breaks (null: not asked yet, or the choice changed since).
  const [broken, setBroken] = useState<string[] | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const ideas = useQuery({ ...queryOf(adminVenuesApi.dateIdeas), enabled: open, staleTime: 60_000 });
  const who = a.user ? memberName(a.user) : `Member ${a.userId}`;

  const reset = () => {
    setChoice(initial(a));
    setFieldError({});
    refusal.clear();
    setBroken(null);
    setReason("");
    setReasonError(undefined);
  };
  const update = (next: Partial<Choice>) => {
    setChoice((c) => ({ ...c, ...next }));
    // The rules were for the earlier choice: the next Move asks again.
    setBroken(null);
    refusal.clear();
    setFieldError({});
  };

  // The date as its own read answers it: the move sends its ETag as If-Match (412 when someone changed it).
  const params = { assignmentId: a.id };
  const tagged = useTaggedEndpoint(adminAssignmentsApi.one, { params }, open, () => {});
  const move = useSingleFlightMutation({
    mutationFn: async (body: MoveBody) =>
      (await callIfMatch(adminAssignmentsApi.move, { params, body }, tagged.etag)).data,
    onSuccess: (moved) => {
      toastWithUndo(queryClient, {
        title: "Date moved",
        description: `${who}'s date is now on ${dateWhen(moved.scheduledDate)} at ${moved.venue?.name ?? "the venue"}.${moved.override && broken ? " The override is on the record." : ""}`,
        assignmentId: moved.id,
      });
      refreshAfterDateChange(queryClient);
      onMoved?.(moved);
      onOpenChange(false);
      reset();
    },
    onError: (error) => {
      if (tagged.staleFrom(error)) return;
      const rules = errorRules(error);
      if (rules && rules.length > 0) {
        setBroken(rules);
        return;
      }
      refusal.showCallError(error);
      if (errorStatus(error) !== 409 && errorStatus(error) !== 422)
        toastCallError("Couldn't move the date", error);
    },
  });

  const sameVenue = choice.venue?.id === a.venueId;
  const atVenue = (ideas.data ?? []).filter(
    (i) => i.venueId === choice.venue?.id && i.isActive && !(sameVenue && i.id === a.dateIdeaId),
  );
  const autoLabel =
    sameVenue && a.dateIdea
      ? `Keep “${a.dateIdea.title}”`
      : "The best fit at the venue (the rulebook's pick)";
  const needsOverride = broken !== null && broken.length > 0;

  const submit = () => {
    refusal.clear();
    const parsed = moveBody(a, choice);
    if ("error" in parsed) {
      // One field wrong: its message beside it, and focus on it.
      const venue = parsed.error === ASSIGNMENT_MSG.venueRequired;
      setFieldError(venue ? { venue: parsed.error } : { when: parsed.error });
      focusField(venue ? ids.venue : ids.when);
      return;
    }
    if (needsOverride) {
      const r = overrideReasonSchema.safeParse(reason);
      if (!r.success) {
        setReasonError(r.error.issues[0]?.message);
        focusField(ids.reason);
        return;
      }
      move.mutate({ ...parsed.body, overrideReason: r.data });
      return;
    }
    move.mutate(parsed.body);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (move.isPending) return;
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Move date</DialogTitle>
          <DialogDescription>
            {who}'s date, now on {dateWhen(a.scheduledDate)}
            {a.venue ? ` at ${a.venue.name}` : ""}. It keeps its place in the couple's calendar.
          </DialogDescription>
        </DialogHeader>
        <SummaryForm
          summary={refusal.summary}
          summaryClassName="lg:col-span-2"
          className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-x-8"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid content-start gap-5">
            <FormField
              id={ids.when}
              label="New date and time (London time)"
              type="datetime-local"
              min={dateToLondonLocal(new Date())}
              value={choice.when}
              error={fieldError.when}
              onChange={(e) => update({ when: e.target.value })}
            />
            <VenuePicker
              value={choice.venue}
              error={fieldError.venue}
              inputId={ids.venue}
              onChange={(v) => update({ venue: v, idea: "auto" })}
            />
            <div className="grid content-start gap-2">
              <Label htmlFor={`move-idea-${a.id}`}>Date idea (optional)</Label>
              <Select
                value={choice.idea}
                onValueChange={(v) => update({ idea: v as IdeaValue })}
                disabled={!choice.venue}
              >
                <SelectTrigger id={`move-idea-${a.id}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="auto">{autoLabel}</SelectItem>
                  {atVenue.map((i) => (
                    <SelectItem key={i.id} value={String(i.id)}>
                      {i.title}
                    </SelectItem>
                  ))}
                  <SelectItem value="none">The venue itself (no date idea)</SelectItem>
                </SelectContent>
              </Select>
            </div>
            {tagged.stale && (
              <StaleEditAlert
                message={tagged.stale}
                onReload={() => void tagged.reload()}
                reloading={tagged.loading}
              />
            )}
          </div>
          <div className="grid content-start gap-3">
            {needsOverride ? (
              <BrokenRules
                rules={broken}
                reason={reason}
                reasonError={reasonError}
                reasonId={ids.reason}
                onReason={(text) => {
                  setReason(text);
                  if (reasonError) setReasonError(undefined);
                }}
              />
            ) : (
              <div
                className="grid gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground"
                data-testid="move-rulebook-note"
              >
                <p className="flex items-center gap-2 font-medium text-foreground">
                  <ShieldCheck aria-hidden className="size-4 shrink-0 text-accent-text" />
                  The rulebook checks the move
                </p>
                <p>
                  Their needs, days and times, the venue's hours and capacity, and their allowance for the new
                  month. Any rule it breaks is listed here before anything changes.
                </p>
              </div>
            )}
            <p className="text-sm text-muted-foreground" data-testid="move-mail-notice">
              {who} will be e-mailed the updated calendar entry {UNLESS_UNDONE}. The venue is then asked to
              confirm; the plan stays hidden from the couple until it does.
            </p>
          </div>
          <DialogFooter className="mt-2 lg:col-span-2">
            <Button
              variant="outline"
              disabled={move.isPending}
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              variant={needsOverride ? "destructive" : undefined}
              pending={move.isPending}
            >
              <CalendarClock aria-hidden />
              {move.isPending ? "Moving..." : needsOverride ? "Move anyway" : "Move date"}
            </Button>
          </DialogFooter>
        </SummaryForm>
      </DialogContent>
    </Dialog>
  );
}
