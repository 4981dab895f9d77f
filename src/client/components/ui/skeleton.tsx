import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** A placeholder block that pulses while content loads (still under reduced motion). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-lg bg-muted", className)} {...props} />;
}
