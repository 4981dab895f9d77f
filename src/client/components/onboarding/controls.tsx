import { Check } from "lucide-react";
import { Checkbox } from "radix-ui";
import { type ComponentType, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { Label } from "../ui/label.tsx";
import { Switch } from "../ui/switch.tsx";

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** A labelled Radix checkbox; the whole row is the click target. */
export function CheckboxRow({
  label,
  checked,
  onCheckedChange,
  id,
  invalid,
  describedBy,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div
      className={cn(
        "flex min-h-11 items-center gap-3 rounded-lg border border-transparent px-2 py-1.5 transition-colors hover:bg-muted/70",
        className,
      )}
    >
      <Checkbox.Root
        id={boxId}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "flex size-5 shrink-0 items-center justify-center rounded-[5px] border-[1.5px] border-input bg-surface",
          "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
          "aria-invalid:border-destructive-text",
          focusRing,
        )}
      >
        <Checkbox.Indicator>
          <Check aria-hidden className="size-3.5" strokeWidth={3} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <Label htmlFor={boxId} className="flex-1 cursor-pointer py-1 font-normal leading-snug">
        {label}
      </Label>
    </div>
  );
}

/** A Radix checkbox drawn as a pill with its label inside: compact for lists of options on a phone. */
export function CheckboxPill({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      className={cn(
        "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm transition-colors",
        "border-input bg-surface text-foreground hover:border-brand hover:bg-muted",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        focusRing,
      )}
    >
      <Checkbox.Indicator forceMount className="hidden data-[state=checked]:inline-flex">
        <Check aria-hidden className="size-4" strokeWidth={2.5} />
      </Checkbox.Indicator>
      {label}
    </Checkbox.Root>
  );
}

/** A labelled Radix switch with an optional line of explanation. */
export function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          {label}
        </Label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      {/* The shared switch: off, its track is the full input colour (3:1 against the card). */}
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

/** A group whose answer is missing: marked invalid and described by the message shown under it. */
export interface InvalidProps {
  invalid?: boolean;
  errorId?: string;
}

export interface RankedOption<V extends string> {
  value: V;
  label: string;
  description: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}

/**
 * Toggle cards ranked in the order they are chosen: each chosen card shows its rank, and unchoosing one
 * moves the later ones up. Each card is a toggle button (aria-pressed) whose name includes its rank.
 */
export function RankedChoices<V extends string>({
  options,
  value,
  onChange,
  label,
  columns = "sm:grid-cols-2",
  invalid,
  errorId,
}: {
  options: readonly RankedOption<V>[];
  value: V[];
  onChange: (next: V[]) => void;
  label: string;
  columns?: string;
} & InvalidProps) {
  const idBase = useId();
  const toggle = (v: V) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset
      className={cn("grid min-w-0 gap-3", columns)}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const rank = value.indexOf(option.value) + 1;
        const chosen = rank > 0;
        const Icon = option.icon;
        const descriptionId = `${idBase}-${option.value}`;
        return (
          // The card is drawn around the button, whose ::after stretches over it (the whole card is the
          // target). Only the label is inside the button: the description is its aria-describedby and the
          // rank is in its name, so the name holds the visible label (WCAG 2.5.3 Label in Name).
          <div
            key={option.value}
            className={cn(
              "relative flex items-start gap-3.5 rounded-xl border bg-surface p-4 text-left transition-colors",
              "hover:border-brand/60",
              chosen ? "border-brand ring-1 ring-brand" : "border-border",
              "has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-ring",
            )}
          >
            <span
              aria-hidden
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-full transition-colors",
                chosen ? "bg-primary text-primary-foreground" : "bg-muted text-brand",
              )}
            >
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="grid flex-1 gap-0.5 pr-8">
              <button
                type="button"
                aria-pressed={chosen}
                aria-label={chosen ? `${option.label}, ranked ${rank}` : option.label}
                aria-describedby={descriptionId}
                onClick={() => toggle(option.value)}
                className="text-left font-medium outline-none after:absolute after:inset-0 after:rounded-xl"
              >
                {option.label}
              </button>
              <span id={descriptionId} className="text-sm text-muted-foreground">
                {option.description}
              </span>
            </span>
            <span
              aria-hidden
              className={cn(
                "pointer-events-none absolute top-3.5 right-3.5 flex size-7 items-center justify-center rounded-full font-display text-sm font-semibold",
                chosen
                  ? "bg-accent text-accent-foreground"
                  : "border border-dashed border-input text-transparent",
              )}
              data-testid={chosen ? "rank-badge" : undefined}
            >
              {chosen ? rank : ""}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A polite live line, e.g. "2 chosen", read out as choices change. */
export function LiveCount({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p aria-live="polite" className={cn("text-sm text-muted-foreground", className)}>
      {children}
    </p>
  );
}
