import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type KeyboardEvent, useRef } from "react";
import { cn } from "../../lib/cn.ts";
import { type ReturnFocusProps, useReturnFocus } from "../../lib/return-focus.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClass =
  "fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in";
export const dialogPanelClass = cn(
  "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col",
  "overflow-y-auto overscroll-contain rounded-2xl border border-border bg-surface text-surface-foreground shadow-2xl outline-none",
  "data-[state=open]:animate-fade-in",
);

/**
 * A centred modal panel with a close button; pass `description` (or aria-describedby) for screen readers.
 * Closing returns focus to the control that opened it (see useReturnFocus), or to `fallbackFocus`.
 */
export function DialogContent({
  className,
  children,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  fallbackFocus,
  onKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & ReturnFocusProps & { hideClose?: boolean }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, fallbackFocus });
  const close = useRef<HTMLButtonElement>(null);
  /**
   * Escape closes the dialog even when a toast opened after it (a save's "Reply sent") is the top layer:
   * Radix then gives Escape to the toast alone, and the dialog stayed open. A dialog that handled Escape
   * itself, or refused it (its onEscapeKeyDown), has marked the event, so nothing more happens here.
   */
  function escapeUnderToast(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    close.current?.click();
  }
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={cn(dialogPanelClass, "p-6 sm:p-8", className)}
        onKeyDown={escapeUnderToast}
        {...props}
        {...returnFocus}
      >
        {children}
        {hideClose ? (
          <DialogPrimitive.Close ref={close} hidden tabIndex={-1} aria-hidden />
        ) : (
          <DialogPrimitive.Close
            ref={close}
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-8", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("font-display text-2xl leading-tight font-medium", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}
