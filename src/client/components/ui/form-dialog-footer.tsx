import { Button } from "./button.tsx";
import { DialogFooter } from "./dialog.tsx";

/**
 * A form dialog's foot: Cancel, then the submit button, which reads `busyLabel` and ignores presses while the
 * form's call runs (so a second click sends nothing), keeping its focus (Escape still closes the dialog).
 */
export function FormDialogFooter({
  pending,
  onCancel,
  label,
  busyLabel = "Saving...",
  cancelVariant = "outline",
  lockCancel = false,
  submitDisabled = false,
  className,
}: {
  pending: boolean;
  onCancel: () => void;
  label: string;
  busyLabel?: string;
  cancelVariant?: "outline" | "ghost";
  /** Cancel is disabled too while the call runs (the dialog cannot be left half-saved). */
  lockCancel?: boolean;
  /** A reason of the form's own to refuse the submit (nothing changed yet). */
  submitDisabled?: boolean;
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <Button variant={cancelVariant} onClick={onCancel} disabled={lockCancel && pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitDisabled} pending={pending}>
        {pending ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
