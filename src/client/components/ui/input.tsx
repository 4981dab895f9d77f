import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-11 w-full rounded-lg border border-input bg-surface px-3.5 text-base text-foreground shadow-xs",
        "placeholder:text-muted-foreground transition-colors sm:text-sm",
        // :focus, not :focus-visible: the same for typed fields, and date and time fields (whose focus is
        // inside their segments) match only :focus.
        "focus:border-ring focus:outline-2 focus:outline-offset-1 focus:outline-ring",
        "aria-invalid:border-destructive-text disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
