import { Check } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/**
 * Says politely how a save is going, beside the button that started it: "Saving..." while it runs (for
 * screen readers: the button shows it already), then "Saved" with a tick. The line is always in the page, so
 * a screen reader hears each change. `status` is the mutation's; pass "idle" once the form changes again.
 */
export function SaveStatus({
  status,
  saving = "Saving...",
  saved = "Saved",
  className,
}: {
  status: "idle" | "pending" | "success" | "error";
  saving?: string;
  saved?: string;
  className?: string;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      className={cn("text-sm text-success-text", status === "pending" && "sr-only", className)}
    >
      {status === "pending" ? (
        saving
      ) : status === "success" ? (
        <span className="inline-flex items-center gap-1.5 font-medium">
          <Check aria-hidden className="size-4" />
          {saved}
        </span>
      ) : null}
    </p>
  );
}
