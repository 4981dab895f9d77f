import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  ATTENTION_MSG,
  type AttentionAction,
  type AttentionItem,
} from "../../../../shared/admin/attention.ts";
import { adminApi } from "../../../../shared/contract/admin.ts";
import { adminAttentionApi } from "../../../../shared/contract/admin-attention.ts";
import { invalidate } from "../../../lib/api.ts";
import { apiRequest, errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";

/** The longest reason or reply the dialog accepts when the action names no limit of its own (`reasonMax`). */
const TEXT_MAX = 2000;

/**
 * One of an item's actions: sends its request (asking for words first, or "are you sure?", when the action
 * says so), tells the operator, and reads the queue again, where the resolved item is gone.
 */
export function AttentionActionButton({
  item,
  action,
  onResolved,
}: {
  item: AttentionItem;
  action: AttentionAction;
  /** Done: the queue is read again next, and the item's card (with the focus in it) usually goes. */
  onResolved?: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: async (words: string | null) => {
      const body: Record<string, unknown> = { ...(action.body ?? {}) };
      if (words !== null) body[action.reasonField ?? "reason"] = words;
      // The server gives the action's method and address with the item (not a declared endpoint): its answer
      // is read as nothing in particular.
      const res = await apiRequest(action.method, action.path, body);
      const answer: unknown = res.status === 204 ? null : await res.json();
      return answer;
    },
    onSuccess: async () => {
      setOpen(false);
      toast({ title: `${action.label}: done`, description: ATTENTION_MSG.resolved });
      onResolved?.();
      await Promise.all([
        invalidate(queryClient, adminAttentionApi.queue),
        invalidate(queryClient, adminApi.stats),
      ]);
    },
    onError: (e) => {
      // With the dialog open, the refusal stays beside the words it is about; the toast repeats it.
      if (action.needsReason) setError(errorMessage(e));
      toastCallError(`${action.label} failed`, e);
    },
  });
  const variant = action.primary ? "primary" : "outline";
  const label = `${action.label}: ${item.title}`;

  if (action.needsReason) {
    const max = action.reasonMax ?? TEXT_MAX;
    const submit = (e: FormEvent) => {
      e.preventDefault();
      const words = text.trim();
      if (!words && !action.reasonOptional) return setError(ATTENTION_MSG.reasonRequired);
      if (!run.isPending) run.mutate(words || null);
    };
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (run.isPending) return;
          setOpen(next);
          if (next) {
            setText("");
            setError(undefined);
          }
        }}
      >
        <Button size="sm" variant={variant} aria-label={label} onClick={() => setOpen(true)}>
          {action.label}
        </Button>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{action.label}</DialogTitle>
            <DialogDescription>{item.title}</DialogDescription>
          </DialogHeader>
          <form noValidate className="mt-6 grid gap-4" onSubmit={submit}>
            <TextareaField
              label={action.reasonLabel ?? "Reason"}
              value={text}
              maxLength={max}
              hint={`Up to ${max.toLocaleString("en-GB")} characters.`}
              rows={4}
              error={error}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
            <FormDialogFooter
              pending={run.isPending}
              onCancel={() => setOpen(false)}
              lockCancel
              label={action.label}
              busyLabel="Sending..."
            />
          </form>
        </DialogContent>
      </Dialog>
    );
  }

  if (action.confirm) {
    return (
      <>
        <Button size="sm" variant={variant} aria-label={label} onClick={() => setOpen(true)}>
          {action.label}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          pending={run.isPending}
          title={action.confirm}
          description={item.title}
          confirmLabel={action.label}
          pendingLabel="Working..."
          onConfirm={() => run.mutate(null)}
        />
      </>
    );
  }

  return (
    <Button
      size="sm"
      variant={variant}
      aria-label={label}
      pending={run.isPending}
      onClick={() => run.mutate(null)}
    >
      {run.isPending ? "Working..." : action.label}
    </Button>
  );
}
