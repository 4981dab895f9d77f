import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { OVERRIDE_REASON_MAX } from "../../../../shared/admin/rulebook.ts";
import { Label } from "../../ui/label.tsx";
import { Textarea } from "../../ui/textarea.tsx";

/**
 * The hard rules a change breaks (the rulebook's own words, from the server's 422) and the operator's override
 * reason, kept with the date: the same look and wording as the Assign dialog's live check.
 */
export function BrokenRules({
  rules,
  what = "This move",
  reason,
  onReason,
  reasonError,
  reasonId,
}: {
  rules: readonly string[];
  /** What breaks them: "This move", "The new time". */
  what?: string;
  reason: string;
  onReason: (text: string) => void;
  reasonError?: string;
  /** The reason box's id, to move focus to it when it is missing. */
  reasonId?: string;
}) {
  const id = useId();
  const reasonBox = reasonId ?? `${id}-reason`;
  const count = `${rules.length} rule${rules.length === 1 ? "" : "s"}`;
  return (
    <div className="grid gap-3">
      <div
        role="alert"
        data-testid="broken-rules"
        className="grid gap-2 rounded-lg border border-accent/50 bg-accent/10 p-3.5 text-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert aria-hidden className="size-4 shrink-0 text-accent-text" />
          {what} breaks {count}
        </p>
        <ul className="grid list-disc gap-1 pl-6">
          {rules.map((r) => (
            <li key={r} className="wrap-anywhere">
              {r}
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={reasonBox}>Override reason</Label>
        <Textarea
          id={reasonBox}
          value={reason}
          maxLength={OVERRIDE_REASON_MAX}
          onChange={(e) => onReason(e.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${id}-hint`}
          placeholder="Why it should go ahead anyway (kept with the date)"
          className="min-h-20"
        />
        <p id={`${id}-hint`} className="flex justify-between gap-3 text-xs text-muted-foreground">
          <span className={reasonError ? "text-destructive-text" : undefined}>
            {reasonError ?? "Kept with the date, with your name and the time."}
          </span>
          <span className="tabular-nums">
            {reason.length}/{OVERRIDE_REASON_MAX}
          </span>
        </p>
      </div>
    </div>
  );
}
