import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Card } from "../ui/card.tsx";

/** One card of a settings tab: a heading, a line about it, then its content. */
export function SettingsSection({
  title,
  description,
  children,
  className,
  tone = "default",
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: "default" | "danger";
  /** Shown at the right of the heading, e.g. a status badge. */
  aside?: ReactNode;
}) {
  return (
    <Card
      className={cn("p-5 sm:p-7", tone === "danger" && "border-destructive-text/40", className)}
      aria-label={title}
      role="region"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <h2
            className={cn(
              "font-display text-xl leading-tight font-medium sm:text-2xl",
              tone === "danger" && "text-destructive-text",
            )}
          >
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {aside}
      </div>
      <div className="mt-5 sm:mt-6">{children}</div>
    </Card>
  );
}

/** A quiet coloured box for a notice inside a section. */
export function Notice({
  tone,
  icon,
  title,
  children,
  role,
  className,
  testId,
}: {
  tone: "info" | "gold" | "danger" | "success";
  icon?: ReactNode;
  title?: string;
  children: ReactNode;
  role?: "status" | "alert";
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className={cn(
        "flex gap-3 rounded-xl border p-3.5 text-sm sm:p-4",
        tone === "info" && "border-border bg-muted/70",
        tone === "gold" && "border-accent/60 bg-accent/10",
        tone === "danger" && "border-destructive-text/40 bg-destructive/10",
        tone === "success" && "border-success-text/30 bg-success-text/8",
        className,
      )}
    >
      {icon && (
        <span
          aria-hidden
          className={cn(
            "mt-0.5 shrink-0 [&_svg]:size-4.5",
            tone === "danger"
              ? "text-destructive-text"
              : tone === "success"
                ? "text-success-text"
                : "text-accent-text",
          )}
        >
          {icon}
        </span>
      )}
      <div className="grid min-w-0 gap-0.5">
        {title && (
          <p className={cn("font-semibold", tone === "danger" && "text-destructive-text")}>{title}</p>
        )}
        <div className={cn(tone === "danger" ? "text-foreground" : "text-muted-foreground")}>{children}</div>
      </div>
    </div>
  );
}
