import { useId, useState } from "react";
import { type FieldValues, get, type Path, type SubmitHandler, type UseFormReturn } from "react-hook-form";
import { serverFieldErrors } from "../components/settings/api.ts";
import { focusField, type SummaryItem } from "../components/ui/error-summary.tsx";
import { errorMessage, isUnauthorizedError } from "./queryClient.ts";

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
  const names = Object.keys(fieldIds) as Path<T>[];
  // Read live, so a field put right leaves the summary too.
  const fieldItems: SummaryItem[] = names.flatMap((name) => {
    const message: unknown = form.getFieldState(name, form.formState).error?.message;
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

  /**
   * The server refused: its words in the summary (linked to `field` when it is about one, which is then
   * marked beside too), and focus on the summary.
   */
  function showServerError(message: string, field?: Path<T>) {
    const fieldId = field ? fieldIds[field] : undefined;
    if (field) form.setError(field, { message }, { shouldFocus: false });
    setSeveral(false);
    setServer({ fieldId, message });
    setFocusKey((k) => k + 1);
  }

  /** Several field errors from the server (by field name or path), each beside its field, all in the summary. */
  function showServerFieldErrors(fields: Record<string, string>): boolean {
    const known = names.filter((name) => fields[name]);
    for (const name of known) form.setError(name, { message: fields[name] }, { shouldFocus: false });
    if (known.length === 0) return false;
    setServer(null);
    setSeveral(true);
    setFocusKey((k) => k + 1);
    return true;
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
          const wrong = names.filter((name) => get(found, name));
          refused(wrong.length, wrong[0]);
          // Only fields the summary does not list (a row of a list, say): focus on the first of them.
          const other = wrong.length === 0 ? firstErrorPath(found) : undefined;
          if (other) form.setFocus(other as Path<T>);
        },
      ),
    showServerError,
    showServerFieldErrors,
    /**
     * A refused call, said on the form: the server's field errors beside their fields (with `fields`, words
     * the form knows belong to a field), or else its message, all in the focused summary. A lost session
     * (401) is left to the app-wide handler.
     */
    showCallError: (error: unknown, fields: Record<string, string> = {}) => {
      if (isUnauthorizedError(error)) return;
      if (!showServerFieldErrors({ ...serverFieldErrors(error), ...fields }))
        showServerError(errorMessage(error));
    },
  };
}

/** The path of the first field error in a form's (nested) errors: "closures.0.from". */
function firstErrorPath(errors: object, prefix = ""): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { type?: unknown }).type === "string") return path;
    const inner = firstErrorPath(value, path);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The error summary of a form without react-hook-form, or of an action whose only error is the server's: the
 * refusal's words at the top, focused, linked to the field they are about (which shows them beside it too:
 * read `fieldError(id)`).
 */
export function useRefusalSummary() {
  const [focusKey, setFocusKey] = useState(0);
  const [items, setItems] = useState<SummaryItem[]>([]);
  /** Says each problem (several field checks, or a refusal) and moves focus to the summary. */
  function showAll(next: SummaryItem[]) {
    setItems(next);
    setFocusKey((k) => k + 1);
  }
  const show = (message: string, fieldId?: string) => showAll([{ message, fieldId }]);
  return {
    summary: { items, focusKey },
    /** The message beside the field `fieldId`, when the refusal is about it. */
    fieldError: (fieldId: string): string | undefined =>
      items.find((item) => item.fieldId === fieldId)?.message,
    /** Says `message` (about the field `fieldId`, when given) and moves focus to the summary. */
    show,
    showAll,
    /**
     * A refused call: its words in the summary (a lost session, 401, is left to the app-wide handler), linked
     * to `field` (a field's id, or the ids by the server's field paths: the first field it names).
     */
    showCallError: (error: unknown, field?: string | Record<string, string>) => {
      if (isUnauthorizedError(error)) return;
      if (typeof field !== "object") return show(errorMessage(error), field);
      const [path, message] = Object.entries(serverFieldErrors(error)).find(([p]) => field[p]) ?? [];
      if (path && message) show(message, field[path]);
      else show(errorMessage(error));
    },
    clear: () => setItems([]),
  };
}

/**
 * A form of one field (a note, a reason): a failed check puts its message beside the field and focus on it; the
 * server's refusal goes in the summary (focused) and beside the field. Give `<SummaryForm summary>` and the
 * field `id={fieldId}` and `error={error}`.
 */
export function useOneFieldErrors() {
  const fieldId = useId();
  const [checkError, setCheckError] = useState<string | undefined>();
  const refusal = useRefusalSummary();
  return {
    fieldId,
    summary: refusal.summary,
    error: checkError ?? refusal.fieldError(fieldId),
    /** The field failed its check: the message beside it, and focus on it. */
    invalid(message: string | undefined) {
      refusal.clear();
      setCheckError(message);
      focusField(fieldId);
    },
    /** The server refused: its words in the summary, and beside the field when they are about it (a 400's). */
    refused: (error: unknown) =>
      refusal.showCallError(error, Object.keys(serverFieldErrors(error)).length > 0 ? fieldId : undefined),
    /** Before a submit, and when the form closes: both messages go. */
    clear() {
      setCheckError(undefined);
      refusal.clear();
    },
  };
}
