import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      variant: {
        neutral: "bg-muted text-foreground ring-1 ring-border ring-inset",
        gold: "bg-accent text-accent-foreground",
        brand: "bg-primary text-primary-foreground",
        success: "bg-success-text/12 text-success-text ring-1 ring-success-text/30 ring-inset",
        warning: "bg-accent/15 text-accent-text ring-1 ring-accent/50 ring-inset",
        destructive: "bg-destructive/10 text-destructive-text ring-1 ring-destructive-text/30 ring-inset",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
