import { useEffect } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/**
 * Fills a form's `email` field with an address that arrives after the form was drawn (a partner invitation's,
 * read from the server), unless the person has already typed their own.
 */
export function usePrefilledEmail<T extends FieldValues & { email: string }>(
  form: UseFormReturn<T>,
  email: string | undefined,
): void {
  useEffect(() => {
    const field = "email" as Path<T>;
    if (email && !form.getFieldState(field).isDirty && !form.getValues(field))
      form.setValue(field, email as PathValue<T, Path<T>>);
  }, [form, email]);
}
