import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CirclePause, CircleX } from "lucide-react";
import { useId, useState } from "react";
import type { AdminUser } from "../../../../shared/admin/members.ts";
import { CANCELLATION_REASONS } from "../../../../shared/constants.ts";
import { adminMemberWorkspaceApi as api } from "../../../../shared/contract/admin-member-workspace.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { call, invalidate, queryOf } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { formatLongDate } from "../../settings/format.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../ui/dialog.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { refreshHistory } from "../audit/stale-edit.tsx";

/** After a change of plan: the member, their couple, billing and history read again. */
function useRefreshMember(userId: number) {
  const queryClient = useQueryClient();
  return () => {
    void invalidate(queryClient, adminMembersApi.get, { userId: String(userId) });
    refreshHistory(queryClient);
  };
}

type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** The preview's answer or why there is none (the member's own rule, in their words). */
function PreviewError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-lg border border-border bg-muted/60 p-3 text-sm">
      {errorMessage(error)}
    </p>
  );
}

/**
 * "Take a month off" for the member: the preview they would see (the dates inside the month off, the payment
 * skipped), their choice to keep or cancel those dates, then the pause under their own rules.
 */
function PauseForMember({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [keep, setKeep] = useState<boolean | null>(null);
  const refresh = useRefreshMember(user.id);
  const preview = useQuery({
    ...queryOf(api.pausePreview, { params: { userId: String(user.id) } }),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const pause = useSingleFlightMutation({
    mutationFn: (keepDates: boolean | null) =>
      call(api.pause, {
        params: { userId: String(user.id) },
        body: keepDates === null ? {} : { keepDates },
      }),
    onSuccess: (r) => {
      setOpen(false);
      refresh();
      toast({ title: "Plan paused for them", description: r.message, variant: "success" });
    },
    onError: (e) => toast({ title: "Not paused", description: errorMessage(e), variant: "destructive" }),
  });
  const p = preview.data;
  const needsChoice = !!p && p.dates.length > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setKeep(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <CirclePause aria-hidden />
          Pause for them
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Take a month off for {user.firstName ?? "them"}</DialogTitle>
          <DialogDescription>
            What the member would see before pausing, under the same rules.
          </DialogDescription>
        </DialogHeader>
        {preview.isError ? (
          <PreviewError error={preview.error} />
        ) : !p ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading what a month off would do...
          </p>
        ) : (
          <div className="grid gap-4 text-sm">
            <ul
              className="grid gap-2 rounded-xl border border-border bg-muted/60 p-4"
              aria-label="What pausing means"
            >
              <li>
                The payment due on {formatLongDate(p.skippedPaymentDate)} is not taken; payments start again
                on {formatLongDate(p.nextPaymentDate)}.
              </li>
              <li>
                The month off runs from {formatLongDate(p.cancel.from)} until {formatLongDate(p.cancel.until)}
                {p.keep
                  ? ` (or ${formatLongDate(p.keep.from)} to ${formatLongDate(p.keep.until)} if they keep their dates)`
                  : ""}
                .
              </li>
            </ul>
            {needsChoice && (
              <fieldset className="grid gap-2">
                <legend className="mb-1 font-medium">
                  {p.dates.length === 1 ? "One date is" : `${p.dates.length} dates are`} booked in the month
                  off
                </legend>
                <ul className="grid gap-1 text-muted-foreground">
                  {p.dates.map((d) => (
                    <li key={d.id}>
                      {d.day}, {d.time}
                      {d.venue ? ` at ${d.venue}` : ""}
                    </li>
                  ))}
                </ul>
                {(
                  [
                    [true, "Keep them: the month off starts after the last one"],
                    [false, "Cancel them: each goes back into its month's allowance"],
                  ] as const
                ).map(([value, text]) => (
                  <label key={String(value)} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="keep-dates"
                      className="size-4 accent-[var(--color-brand)]"
                      checked={keep === value}
                      onChange={() => setKeep(value)}
                    />
                    {text}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button
            disabled={!p || pause.isPending || (needsChoice && keep === null)}
            onClick={() => pause.mutate(needsChoice ? keep : null)}
          >
            {pause.isPending ? "Pausing..." : "Pause the plan"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Cancel for the member: what cancelling would do for them (refund or end of cycle), their reason, then confirm. */
function CancelForMember({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const refresh = useRefreshMember(user.id);
  const preview = useQuery({
    ...queryOf(api.cancelPreview, { params: { userId: String(user.id) } }),
    enabled: open,
    staleTime: 0,
  });
  const cancel = useSingleFlightMutation({
    mutationFn: (chosen: CancellationReason) =>
      call(api.cancel, {
        params: { userId: String(user.id) },
        body: { reason: chosen, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) },
      }),
    onSuccess: (r) => {
      setOpen(false);
      refresh();
      toast({ title: "Plan cancelled for them", description: r.message, variant: "success" });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const p = preview.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setReason(null);
        setFeedback("");
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-destructive-text">
          <CircleX aria-hidden />
          Cancel for them
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Cancel {user.firstName ?? "their"}'s plan</DialogTitle>
          <DialogDescription>
            What the member would be told, under the same rules as their own.
          </DialogDescription>
        </DialogHeader>
        {preview.isError ? (
          <PreviewError error={preview.error} />
        ) : !p ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading what cancelling would do...
          </p>
        ) : (
          <form
            id={`${ids}-form`}
            noValidate
            className="grid gap-4 text-sm"
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason) return setError("Please choose the member's reason");
              cancel.mutate(reason);
            }}
          >
            <p className="rounded-xl border border-border bg-muted/60 p-4" data-testid="cancel-preview">
              {p.summary}
            </p>
            {p.cancellable && (
              <>
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-reason`}>Their reason</Label>
                  <Select
                    value={reason ?? ""}
                    onValueChange={(v) => {
                      setReason(CANCELLATION_REASONS.find((r) => r === v) ?? null);
                      setError(null);
                    }}
                  >
                    <SelectTrigger id={`${ids}-reason`} aria-invalid={error ? true : undefined}>
                      <SelectValue placeholder="Choose a reason" />
                    </SelectTrigger>
                    <SelectContent>
                      {CANCELLATION_REASONS.map((r) => (
                        <SelectItem key={r} value={r}>
                          {r}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-feedback`}>What they said (optional)</Label>
                  <Textarea
                    id={`${ids}-feedback`}
                    value={feedback}
                    maxLength={2000}
                    onChange={(e) => setFeedback(e.target.value)}
                  />
                </div>
              </>
            )}
            {error && (
              <p role="alert" className="text-destructive-text">
                {error}
              </p>
            )}
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          {p?.cancellable && (
            <Button type="submit" form={`${ids}-form`} variant="destructive" pending={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel the plan"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The member page's plan actions, shown to whoever holds a live plan (a covered partner's is the holder's). */
export function MemberPlanActions({ user }: { user: AdminUser }) {
  const live = ["active", "past_due", "paused"].includes(user.subscriptionStatus ?? "");
  if (!live) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {user.subscriptionStatus === "active" && <PauseForMember user={user} />}
      <CancelForMember user={user} />
    </div>
  );
}
