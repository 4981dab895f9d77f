import { RadioGroup } from "radix-ui";
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** A radio group drawn as selectable rows or cards: the whole row is the click target. */
export function ChoiceList<V extends string>({
  label,
  choices,
  value,
  onChange,
  invalid,
  describedBy,
  size = "md",
  className,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  invalid?: boolean;
  describedBy?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const base = useId();
  return (
    <RadioGroup.Root
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      value={value ?? ""}
      onValueChange={(v) => onChange(v as V)}
      className={cn("grid gap-2", className)}
    >
      {choices.map((choice, i) => {
        const selected = value === choice.value;
        return (
          <RadioGroup.Item
            key={choice.value}
            value={choice.value}
            aria-labelledby={`${base}-${i}-label`}
            aria-describedby={choice.description ? `${base}-${i}-desc` : undefined}
            className={cn(
              "flex w-full items-start gap-3 rounded-xl border bg-surface text-left transition-colors",
              size === "sm" ? "px-3.5 py-2.5" : "p-4",
              "hover:border-brand/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              selected ? "border-brand bg-brand/5 ring-1 ring-brand" : "border-border",
              invalid && !selected && "border-destructive-text/50",
            )}
          >
            <span
              aria-hidden
              className={cn(
                "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors",
                selected ? "border-primary" : "border-input",
              )}
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-primary" />
            </span>
            {choice.icon && (
              <span aria-hidden className="mt-0.5 shrink-0 text-accent-text [&_svg]:size-5">
                {choice.icon}
              </span>
            )}
            <span className="grid min-w-0 gap-0.5">
              <span id={`${base}-${i}-label`} className={cn("font-medium", size === "sm" && "text-sm")}>
                {choice.label}
              </span>
              {choice.description && (
                <span id={`${base}-${i}-desc`} className="text-sm text-muted-foreground">
                  {choice.description}
                </span>
              )}
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
