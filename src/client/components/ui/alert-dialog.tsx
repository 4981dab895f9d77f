import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps, KeyboardEvent } from "react";
import { cn } from "../../lib/cn.ts";
import { type ReturnFocusProps, useReturnFocus } from "../../lib/return-focus.ts";
import { buttonVariants } from "./button.tsx";
import { dialogPanelClass, overlayClass } from "./dialog.tsx";

/** A confirmation that must be answered: no close button, Escape or Cancel closes it. */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

/** Marks the Cancel button, which an Escape under a toast presses. */
const CANCEL_MARK = "data-alert-cancel";

/** Closing returns focus to the control that opened it (see useReturnFocus), or to `fallbackFocus`. */
export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  fallbackFocus,
  onKeyDown,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content> & ReturnFocusProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, fallbackFocus });
  /**
   * As DialogContent: Escape answers "Cancel" even when a toast that opened after the dialog (a refusal's) is
   * the top layer, which Radix gives Escape to alone. Handled or refused by the dialog (its
   * onEscapeKeyDown), the event is marked and nothing more happens; a disabled Cancel (busy) ignores it.
   */
  function escapeUnderToast(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLButtonElement>(`[${CANCEL_MARK}]`)?.click();
  }
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClass} />
      <AlertDialogPrimitive.Content
        className={cn(dialogPanelClass, "p-6 sm:p-8", className)}
        onKeyDown={escapeUnderToast}
        {...props}
        {...returnFocus}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-2", className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title
      className={cn("font-display text-2xl leading-tight font-medium", className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: "outline" }), className)}
      {...{ [CANCEL_MARK]: "" }}
      {...props}
    />
  );
}

/** The confirming button. It closes the dialog unless the click handler calls preventDefault. */
export function AlertDialogAction({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return (
    <AlertDialogPrimitive.Action
      className={cn(buttonVariants({ variant: "destructive" }), className)}
      {...props}
    />
  );
}
