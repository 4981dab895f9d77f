import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import type { venueBookingsApi } from "../../../shared/contract/venue-bookings.ts";
import { VENUE_BOOKING_MSG } from "../../../shared/venue-bookings.ts";
import { errorFields, errorMessage, errorStatus } from "../../lib/queryClient.ts";
import type { SummaryItem } from "../ui/error-summary.tsx";

/** The booking as the venue's link shows it, as an answer gives it back. */
type View = AnswerOf<typeof venueBookingsApi.show>;
/** A form's fields by the name the API gives them, each with the id of the control that holds it. */
export type FieldIds = Record<string, string>;
export type FieldErrors = Record<string, string | undefined>;

/** Refusals that close the link (replaced, answered, cancelled, expired): the page then reads it again. */
const CLOSED = new Set([404, 409, 410]);

/**
 * One answer through the venue's link: checked first with the server's own schema (same messages), then
 * sent (`send`: the answer's call). A refusal about a field is shown beside it and in a summary; a refusal that closes the link goes to
 * `onClosed`; the answer's new view to `onAnswered`.
 */
export function useVenueAnswer<S extends z.ZodType>({
  send,
  schema,
  fieldIds,
  onAnswered,
  onClosed,
}: {
  send: (body: z.output<S>) => Promise<View>;
  schema: S;
  fieldIds: FieldIds;
  onAnswered: (view: View) => void;
  onClosed: (message: string) => void;
}) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (view) => {
      setFieldErrors({});
      setSummary([]);
      onAnswered(view);
    },
    onError: (error) => {
      const status = errorStatus(error);
      if (status !== null && CLOSED.has(status)) return onClosed(errorMessage(error));
      const fields = status === 400 ? refusedFields(error, fieldIds) : {};
      setFieldErrors(fields);
      const items = Object.entries(fields).map(([name, message]) => ({
        fieldId: fieldIds[name],
        message: message as string,
      }));
      setSummary(items.length > 0 ? items : [{ message: errorMessage(error) }]);
    },
  });

  /** Checks `input` with the schema: sends it, or shows what is wrong beside each field and focuses the first. */
  function submit(input: unknown, extra?: (parsed: z.output<S>) => FieldErrors): void {
    setSummary([]);
    const parsed = schema.safeParse(input);
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "");
        errors[name] ??= issue.message;
      }
    } else Object.assign(errors, extra?.(parsed.data));
    const names = Object.keys(errors).filter((n) => errors[n]);
    setFieldErrors(errors);
    if (names.length > 0 || !parsed.success) {
      const first = names.map((n) => fieldIds[n]).find(Boolean);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    mutation.mutate(parsed.data);
  }

  return { submit, fieldErrors, summary, pending: mutation.isPending };
}

/** The fields a 400 names (its `errors`, or a message the form knows as one field's). */
function refusedFields(error: unknown, fieldIds: FieldIds): FieldErrors {
  const fields: FieldErrors = {};
  for (const e of errorFields(error)) {
    const name = e.path.split(".")[0];
    if (name && name in fieldIds) fields[name] ??= e.message;
  }
  const message = errorMessage(error);
  if (Object.keys(fields).length === 0 && message === VENUE_BOOKING_MSG.timePast && "time" in fieldIds)
    fields.time = message;
  return fields;
}
