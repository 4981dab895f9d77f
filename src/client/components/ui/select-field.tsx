import { useId } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { useAnnouncedFieldError } from "./error-summary.tsx";
import { Label } from "./label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select.tsx";

/** A labelled select bound to a react-hook-form field, with its error under it (the select twin of FormField). */
export function SelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  options,
  error,
  id: givenId,
}: {
  /** The form's control (its values typed before and after the resolver). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  /** [value, text] pairs, in the order shown. */
  options: ReadonlyArray<readonly [string, string]>;
  error?: string;
  /** The trigger's id (an error summary links to it); a generated one when not given. */
  id?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const announce = useAnnouncedFieldError();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={field.onChange}>
            <SelectTrigger
              id={id}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      {error && (
        <p id={`${id}-error`} role={announce ? "alert" : undefined} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
