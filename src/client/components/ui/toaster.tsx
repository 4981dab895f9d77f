import { cva } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { TIMING } from "../../../shared/constants.ts";
import { cn } from "../../lib/cn.ts";
import { useToast } from "../../lib/toast.ts";

const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg",
    "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
    "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0",
    "data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-surface text-surface-foreground",
        success: "border-border bg-surface text-surface-foreground",
        destructive: "border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/**
 * Renders the toast store through Radix Toast: one at a time, 5 seconds each (spec section 9). A toast that
 * carries an error stays until it is closed: read slowly, or by a screen reader busy elsewhere, it must not
 * vanish (the error also sits on the page, beside its field or in the form's summary).
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={TIMING.toastDurationMs} swipeDirection="right" label="Notification">
      {toasts.map(({ id, title, description, variant, action, duration, open, onOpenChange }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration ?? (variant === "destructive" ? Number.POSITIVE_INFINITY : undefined)}
          onOpenChange={onOpenChange}
          type={variant === "destructive" ? "foreground" : "background"}
          className={toastVariants({ variant })}
        >
          {variant !== "destructive" && (
            <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" />
          )}
          <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>
            )}
            {action && (
              <Toast.Action
                altText={action.altText}
                onClick={action.onClick}
                className={cn(
                  "mt-1 inline-flex h-8 w-fit items-center rounded-md border border-border px-3 text-sm font-semibold",
                  "transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                )}
              >
                {action.label}
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className={cn(
              "absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100",
              "focus-visible:opacity-100",
            )}
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className={cn(
          "fixed top-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none",
          "sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-sm",
        )}
      />
    </Toast.Provider>
  );
}
