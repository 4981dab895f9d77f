import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** A multi-line text box with the same look as Input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-28 w-full rounded-lg border border-input bg-surface px-3.5 py-2.5 text-base text-foreground shadow-xs",
        "placeholder:text-muted-foreground transition-colors sm:text-sm",
        "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
        "aria-invalid:border-destructive-text disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
