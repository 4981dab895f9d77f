import { type ComponentProps, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { useAnnouncedFieldError } from "./error-summary.tsx";
import { Label } from "./label.tsx";
import { Textarea } from "./textarea.tsx";

/** A labelled text box whose error sits under it and is tied to it for screen readers. */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  ...props
}: ComponentProps<"textarea"> & { label: string; error?: string; hint?: string }) {
  const autoId = useId();
  const announce = useAnnouncedFieldError();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...props}
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
