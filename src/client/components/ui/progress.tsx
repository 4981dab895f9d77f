import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** A progress bar; `value` 0-100, or null for an activity whose length is not known. */
export function Progress({
  className,
  value,
  ...props
}: Omit<ComponentProps<typeof ProgressPrimitive.Root>, "value"> & { value: number | null }) {
  return (
    <ProgressPrimitive.Root
      value={value}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full bg-primary transition-[width] duration-200",
          value === null && "w-1/3 animate-pulse",
        )}
        style={value === null ? undefined : { width: `${Math.max(0, Math.min(100, value))}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
