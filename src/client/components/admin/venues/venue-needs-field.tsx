import { useId } from "react";
import { type Control, Controller } from "react-hook-form";
import { useAnnouncedFieldError } from "../../ui/error-summary.tsx";
import type { VenueFormOutput, VenueFormValues } from "./venue-form-values.ts";

/**
 * A venue's dietary or access needs as the members choose them (questionnaire step 5): one tick box per item,
 * so the venue's words are always the members' words. An older entry that is none of them shows ticked and
 * marked, to be unticked (the server refuses it).
 */
export function VenueNeedsField({
  control,
  name,
  legend,
  options,
  hint,
  error,
  fieldsetId,
}: {
  control: Control<VenueFormValues, unknown, VenueFormOutput>;
  name: "dietaryAccommodations" | "accessibilityFeatures";
  legend: string;
  options: readonly string[];
  hint: string;
  error?: string;
  /** The fieldset's id: an error summary's link moves focus to it. */
  fieldsetId?: string;
}) {
  const id = useId();
  const announce = useAnnouncedFieldError();
  return (
    <fieldset
      id={fieldsetId}
      tabIndex={fieldsetId ? -1 : undefined}
      className="grid min-w-0 content-start gap-2"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const others = field.value.filter((v) => !options.includes(v));
          const toggle = (item: string, on: boolean) =>
            field.onChange(on ? [...field.value, item] : field.value.filter((v) => v !== item));
          return (
            <div className="flex flex-wrap gap-2">
              {[...options, ...others].map((item) => {
                const unknown = !options.includes(item);
                return (
                  <label
                    key={item}
                    className={
                      "flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/8 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring " +
                      (unknown ? "border-destructive-text/60 border-dashed" : "border-input")
                    }
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={field.value.includes(item)}
                      onChange={(e) => toggle(item, e.target.checked)}
                      onBlur={field.onBlur}
                    />
                    {item}
                    {unknown && <span className="text-xs text-destructive-text">(not a member choice)</span>}
                  </label>
                );
              })}
            </div>
          );
        }}
      />
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role={announce ? "alert" : undefined} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
