import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Ban, Mail, Shuffle, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import {
  BULK_BODY_MAX,
  BULK_SUBJECT_MAX,
  type BulkAction,
  type BulkRequestInput,
} from "../../../../shared/admin/assignment-list.ts";
import { UNDO_WINDOW_LABEL, UNDO_WINDOW_MS } from "../../../../shared/constants.ts";
import { adminAssignmentsApi as api } from "../../../../shared/contract/admin-assignments.ts";
import type { AnswerOf } from "../../../../shared/contract/endpoint.ts";
import { call } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { refreshAfterDateChange } from "../undo/undo-toast.ts";

type BulkPreview = AnswerOf<typeof api.bulkPreview>;

const TITLES: Record<BulkAction, string> = {
  cancel: "Cancel the selected dates",
  message: "E-mail the selected couples",
  replan: "Re-plan the selected dates",
};
const RUN_LABEL: Record<BulkAction, (n: number) => string> = {
  cancel: (n) => `Cancel ${n} date${n === 1 ? "" : "s"}`,
  message: (n) => `Send to ${n} couple${n === 1 ? "" : "s"}`,
  replan: (n) => `Re-plan ${n} date${n === 1 ? "" : "s"}`,
};

/** The bar over the list while dates are selected: how many, and the three bulk actions. */
export function BulkBar({
  ids,
  onClear,
  onAction,
}: {
  ids: number[];
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}) {
  if (ids.length === 0) return null;
  return (
    <section
      aria-label="Bulk actions"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-accent/50 bg-accent/10 p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="text-sm font-medium" aria-live="polite" data-testid="bulk-count">
        {ids.length} date{ids.length === 1 ? "" : "s"} selected
      </p>
      <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex sm:flex-wrap">
        <Button variant="outline" size="sm" onClick={() => onAction("cancel")}>
          <Ban aria-hidden />
          Cancel dates
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction("message")}>
          <Mail aria-hidden />
          Message couples
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction("replan")}>
          <Shuffle aria-hidden />
          Re-plan
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden />
          Clear selection
        </Button>
      </div>
    </section>
  );
}

/** The toast after a batch: its one Undo puts every date of it back (POST /bulk/undo). */
function toastBatchUndo(
  queryClient: ReturnType<typeof useQueryClient>,
  result: AnswerOf<typeof api.bulk>,
): void {
  if (result.undoIds.length === 0) {
    toast({ title: result.message, variant: "success" });
    return;
  }
  let pressed = false;
  const shown = toast({
    title: result.message,
    description: `E-mails go in ${UNDO_WINDOW_LABEL}.`,
    duration: UNDO_WINDOW_MS - 5_000,
    action: {
      label: "Undo",
      altText: `Undo the whole batch within ${UNDO_WINDOW_LABEL}`,
      onClick: () => {
        if (pressed) return;
        pressed = true;
        shown.dismiss();
        void call(api.bulkUndo, { body: { ids: result.undoIds } })
          .then((r) => toast({ title: r.message, description: "Nothing was e-mailed.", variant: "success" }))
          .catch((e) => toastCallError("Could not undo the batch", e))
          .finally(() => refreshAfterDateChange(queryClient));
      },
    },
  });
}

/**
 * A bulk action's dialog: a message's subject and words first; then the preview, which lists every date and
 * what will happen to it (or why it cannot), and the one button that runs it all in one transaction.
 */
export function BulkDialog({
  action,
  ids,
  onClose,
  onDone,
}: {
  action: BulkAction | null;
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  // A refusal (the preview's or the run's) at the top of the form, focused, linked to the field it is about.
  const refusal = useRefusalSummary();
  const fieldIds = { subject: useId(), body: useId() };
  const request = (): BulkRequestInput =>
    action === "message" ? { action, ids, subject, body } : { action: action ?? "cancel", ids };
  const ask = useMutation({
    mutationFn: () => call(api.bulkPreview, { body: request() }),
    onSuccess: setPreview,
    onError: (e) => refusal.showCallError(e, fieldIds),
  });
  const run = useMutation({
    mutationFn: () => call(api.bulk, { body: request() }),
    onSuccess: (result) => {
      refreshAfterDateChange(queryClient);
      toastBatchUndo(queryClient, result);
      close();
      onDone();
    },
    onError: (e) => refusal.showCallError(e, fieldIds),
  });
  const close = () => {
    setPreview(null);
    setSubject("");
    setBody("");
    ask.reset();
    run.reset();
    refusal.clear();
    onClose();
  };
  const open = action !== null;
  // Cancel and re-plan are previewed as the dialog opens; a message once it is written.
  const previewNow = open && action !== "message" && !preview && ask.isIdle;
  useEffect(() => {
    if (previewNow) ask.mutate();
  }, [previewNow, ask.mutate]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refusal.clear();
    if (!preview) ask.mutate();
    else if (preview.ready) run.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !run.isPending && close()}>
      <DialogContent className="max-w-2xl">
        {action && (
          <SummaryForm summary={refusal.summary} onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{TITLES[action]}</DialogTitle>
              <DialogDescription>
                {ids.length} date{ids.length === 1 ? "" : "s"} selected. Nothing changes until you confirm; it
                all happens together or not at all.
              </DialogDescription>
            </DialogHeader>
            {action === "message" && !preview && (
              <div className="grid gap-3">
                <FormField
                  id={fieldIds.subject}
                  error={refusal.fieldError(fieldIds.subject)}
                  label="Subject"
                  value={subject}
                  maxLength={BULK_SUBJECT_MAX}
                  onChange={(e) => setSubject(e.target.value)}
                  required
                />
                <TextareaField
                  id={fieldIds.body}
                  error={refusal.fieldError(fieldIds.body)}
                  label="Message"
                  value={body}
                  rows={6}
                  maxLength={BULK_BODY_MAX}
                  onChange={(e) => setBody(e.target.value)}
                  hint="Sent to each member and their partner. A blank line starts a new paragraph."
                  required
                />
              </div>
            )}
            {ask.isPending && <p className="text-sm text-muted-foreground">Working out what will happen…</p>}
            {preview && <PreviewList preview={preview} />}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close} disabled={run.isPending}>
                {preview && action !== "message" ? "Keep as they are" : "Cancel"}
              </Button>
              {action === "message" && preview && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setPreview(null)}
                  disabled={run.isPending}
                >
                  Edit message
                </Button>
              )}
              <Button
                type="submit"
                variant={action === "cancel" && preview ? "destructive" : "primary"}
                disabled={ask.isPending || run.isPending || (preview !== null && !preview.ready)}
              >
                {!preview ? "Preview" : run.isPending ? "Working…" : RUN_LABEL[action](preview.items.length)}
              </Button>
            </DialogFooter>
          </SummaryForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewList({ preview }: { preview: BulkPreview }) {
  return (
    <div className="grid gap-3" data-testid="bulk-preview">
      <p
        className={
          preview.ready
            ? "rounded-lg bg-muted/60 p-3 text-sm font-medium"
            : "flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive-text"
        }
        role={preview.ready ? "status" : "alert"}
      >
        {!preview.ready && <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />}
        {preview.summary}
      </p>
      <ScrollRegion label="The dates it would change" className="max-h-72 pr-1">
        <ul className="grid gap-2">
          {preview.items.map((i) => (
            <li key={i.id} className="rounded-lg border border-border p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-x-3 font-medium">
                <span className="wrap-anywhere">{i.member}</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatDateTimeGB(i.scheduledDate)}
                </span>
              </p>
              {i.venue && <p className="text-muted-foreground">{i.venue}</p>}
              <p className={i.problem ? "mt-1 text-destructive-text" : "mt-1"}>{i.problem ?? i.outcome}</p>
            </li>
          ))}
        </ul>
      </ScrollRegion>
    </div>
  );
}
