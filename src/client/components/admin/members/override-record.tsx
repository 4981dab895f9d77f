import { ShieldAlert } from "lucide-react";
import type { AssignmentOverride } from "../../../../shared/admin/assignments.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDateTimeGB } from "../common.tsx";

/**
 * An operator's override on a date: the rules it broke, the reason, who and when. Shown in the
 * assignment's details and on the member page, so nobody later mistakes the date for the engine's choice.
 */
export function OverrideRecord({
  override,
  compact,
  className,
}: {
  override: AssignmentOverride;
  /** The member page's date list: a tighter block. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-label="Override"
      data-testid="override-record"
      className={cn(
        "grid gap-2 rounded-lg border border-accent/50 bg-accent/10 text-sm",
        compact ? "p-2.5" : "p-3.5",
        className,
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium">
        <ShieldAlert aria-hidden className="size-4 shrink-0 text-accent-text" />
        Booked against {override.rules.length} rule{override.rules.length === 1 ? "" : "s"}
        <span className="font-normal text-muted-foreground">
          by {override.by} · {formatDateTimeGB(override.at)}
        </span>
      </p>
      <ul className="grid list-disc gap-0.5 pl-6">
        {override.rules.map((r) => (
          <li key={r} className="wrap-anywhere">
            {r}
          </li>
        ))}
      </ul>
      <p className="wrap-anywhere">
        <span className="text-muted-foreground">Reason: </span>“{override.reason}”
      </p>
    </section>
  );
}
