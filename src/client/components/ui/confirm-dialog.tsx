import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog.tsx";

/**
 * "Are you sure?" before something that cannot be undone. While `pending` the dialog stays open (showing
 * `pendingLabel`) and cannot be dismissed, so the answer is never lost behind a closed dialog; the caller
 * closes it when the answer arrives. `trigger` (optional) is the button that opens it, rendered inside the
 * dialog's root so focus returns to it on closing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  extra,
  cancelLabel = "Cancel",
  confirmLabel,
  pendingLabel,
  onConfirm,
  trigger,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Shown under the description (a warning, say). */
  extra?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  trigger?: ReactNode;
  /** Runs as it closes, before focus goes back to the button that opened it (prevent that to send it elsewhere). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {extra}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {/* Not `disabled` while it runs: the pressed button keeps focus (aria-disabled, presses ignored). */}
          <AlertDialogAction
            aria-disabled={pending || undefined}
            onClick={(e) => {
              // Stay open, showing progress, until the answer arrives.
              e.preventDefault();
              if (!pending) onConfirm();
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
