import { RadioGroup } from "radix-ui";
import { DATE_SPEND_BANDS } from "../../../shared/constants.ts";
import { cn } from "../../lib/cn.ts";
import { focusRing } from "./controls.tsx";
import type { DateSpend } from "./model.ts";

const SPENDS: { value: DateSpend; name: string; mood: string }[] = [
  { value: "£", name: "Relaxed", mood: "Neighbourhood gems and easy evenings" },
  { value: "££", name: "A proper treat", mood: "Somewhere you'd save for a special night" },
  { value: "£££", name: "Pull out the stops", mood: "Chef's tables, best seats, the works" },
];

/** Step 2: how much the couple spends per person on a date, as a single choice. */
export function BudgetStep({
  value,
  onChange,
  invalid,
  errorId,
}: {
  value: DateSpend | null;
  onChange: (value: DateSpend) => void;
  /** No budget chosen yet and Next pressed: the group is marked invalid and described by the message. */
  invalid?: boolean;
  errorId?: string;
}) {
  return (
    <RadioGroup.Root
      aria-label="Budget per person"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      value={value ?? ""}
      onValueChange={(v) => onChange(v as DateSpend)}
      className="grid gap-3"
    >
      {SPENDS.map((spend) => {
        const band = DATE_SPEND_BANDS[spend.value];
        const chosen = value === spend.value;
        return (
          <RadioGroup.Item
            key={spend.value}
            value={spend.value}
            aria-label={`${spend.value}, ${band}`}
            className={cn(
              "flex items-center gap-4 rounded-xl border bg-surface p-4 text-left transition-colors hover:border-brand/60 sm:p-5",
              chosen ? "border-brand ring-1 ring-brand" : "border-border",
              focusRing,
            )}
          >
            <span
              aria-hidden
              className={cn(
                "flex h-12 w-16 shrink-0 items-center justify-center rounded-lg font-display text-xl font-semibold tracking-wider transition-colors",
                chosen ? "bg-primary text-primary-foreground" : "bg-muted text-brand",
              )}
            >
              {spend.value}
            </span>
            <span className="grid flex-1 gap-0.5">
              <span className="font-medium">{band}</span>
              <span className="text-sm text-muted-foreground">
                {spend.name} · {spend.mood}
              </span>
            </span>
            <span
              aria-hidden
              className={cn(
                "flex size-5 shrink-0 items-center justify-center rounded-full border-2",
                chosen ? "border-primary" : "border-input",
              )}
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-primary" />
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
