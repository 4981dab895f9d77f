import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { useAnnouncedFieldError } from "./error-summary.tsx";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

type FormFieldProps = ComponentProps<"input"> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown at the right end of the label row, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
};

/** A labelled input whose error message sits under it and is tied to it for screen readers. */
export function FormField({ label, error, hint, labelAside, id, className, ...inputProps }: FormFieldProps) {
  const autoId = useId();
  const announce = useAnnouncedFieldError();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role={announce ? "alert" : undefined} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
