import { useState } from "react";
import type { FieldValues, Path, SubmitHandler, UseFormReturn } from "react-hook-form";
import { focusField, type SummaryItem } from "../components/ui/error-summary.tsx";

/**
 * The one way a react-hook-form form says what is wrong (with `ErrorSummary` at its top and `FormField`s):
 * each message sits beside its field (aria-invalid, aria-describedby); a refused submit with one problem
 * moves focus to that field, with several (or a refusal from the server) to the summary, which links to
 * each field. Give the form `shouldFocusError: false` so focus goes once, where this decides.
 *
 * `fieldIds` maps the form's fields, in the order they appear, to the ids of their inputs.
 */
export function useErrorSummary<T extends FieldValues, TOut extends FieldValues = T>(
  form: UseFormReturn<T, unknown, TOut>,
  fieldIds: Partial<Record<Path<T>, string>>,
) {
  const [focusKey, setFocusKey] = useState(0);
  const [several, setSeveral] = useState(false);
  const [server, setServer] = useState<SummaryItem | null>(null);
  const { errors } = form.formState;
  const names = Object.keys(fieldIds) as Path<T>[];
  // Read live, so a field put right leaves the summary too.
  const fieldItems: SummaryItem[] = names.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === "string" && message ? [{ fieldId: fieldIds[name], message }] : [];
  });
  const items: SummaryItem[] = server
    ? [server, ...fieldItems.filter((item) => item.message !== server.message)]
    : several
      ? fieldItems
      : [];

  function refused(count: number, first: Path<T> | undefined) {
    setServer(null);
    if (count > 1) {
      setSeveral(true);
      setFocusKey((k) => k + 1);
      return;
    }
    setSeveral(false);
    const id = first && fieldIds[first];
    if (id) focusField(id);
  }

  return {
    /** Spread into `ErrorSummary`. */
    summary: { items, focusKey },
    /** The form's submit: the summary clears on a valid submit; a refused one says what is wrong. */
    handleSubmit: (onValid: SubmitHandler<TOut>) =>
      form.handleSubmit(
        (values, event) => {
          setSeveral(false);
          setServer(null);
          return onValid(values, event);
        },
        (found) => {
          const wrong = names.filter((name) => found[name]);
          refused(wrong.length, wrong[0]);
        },
      ),
    /**
     * The server refused: its words in the summary (linked to `field` when it is about one, which is then
     * marked beside too), and focus on the summary.
     */
    showServerError: (message: string, field?: Path<T>) => {
      const fieldId = field ? fieldIds[field] : undefined;
      if (field) form.setError(field, { message }, { shouldFocus: false });
      setSeveral(false);
      setServer({ fieldId, message });
      setFocusKey((k) => k + 1);
    },
    /** Several field errors from the server (by field name), each beside its field, all in the summary. */
    showServerFieldErrors: (fields: Record<string, string>): boolean => {
      const known = names.filter((name) => fields[name]);
      for (const name of known) form.setError(name, { message: fields[name] }, { shouldFocus: false });
      if (known.length === 0) return false;
      setServer(null);
      setSeveral(true);
      setFocusKey((k) => k + 1);
      return true;
    },
  };
}
