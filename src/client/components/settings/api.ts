import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { accountApi } from "../../../shared/contract/account.ts";
import { onboardingApi } from "../../../shared/contract/onboarding.ts";
import type { UpdateProfileInput } from "../../../shared/schemas/member.ts";
import { call, invalidate, storeAnswer } from "../../lib/api.ts";
import { CURRENT_USER_KEY, errorFields, errorStatus, queryClient } from "../../lib/queryClient.ts";
import { toastAcrossNavigation } from "../../lib/toast.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";

/** How long a success toast shows before the page reloads (the spec's "toast, then reload"). */
export const RELOAD_AFTER_MS = 800;

/** Shows the toast, then reloads the page; the reloaded page shows the toast again (spec: toast, reload). */
export function toastThenReload(input: {
  title: string;
  description?: string;
  variant?: "default" | "success";
}) {
  toastAcrossNavigation(input);
  setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
}

/** Saves the changed fields of the profile; the answer becomes the current user, then it is re-read. */
export function useUpdateProfile() {
  return useSingleFlightMutation({
    mutationFn: async (changes: UpdateProfileInput) =>
      await call(accountApi.updateProfile, { body: changes }),
    onSuccess: (user, changes) => {
      storeAnswer(queryClient, CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      // The radius is one of the questionnaire's answers too: the preferences card and the questionnaire
      // read it from there.
      if (changes.travelRadius !== undefined) void invalidate(queryClient, onboardingApi.preferences);
    },
  });
}

/** Field errors the server sent with a 4xx ({message, errors: [{path, message}]}), by field name. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of errorFields(error)) if (path && message && !out[path]) out[path] = message;
  return out;
}

/**
 * Puts each of the server's field errors that the form has (`known`) under its field, in the server's order,
 * focusing the first; says whether any was shown.
 */
export function showFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  known: (path: string) => boolean,
): boolean {
  let first = true;
  for (const [path, message] of Object.entries(fields))
    if (known(path)) {
      // `known` has checked that the path is one of the form's fields.
      setError(path as Path<T>, { message }, { shouldFocus: first });
      first = false;
    }
  return !first;
}

/**
 * A refusal that means the plan is no longer what this page shows: changed in another tab, by a partner or by
 * the provider ("already cancelled", "a pause is already booked", "you don't have an active subscription").
 * The server answers these with 409, or 400 without field errors (a malformed body names its fields).
 */
export function isStateChanged(error: unknown): boolean {
  const status = errorStatus(error);
  if (status === 409) return true;
  return status === 400 && Object.keys(serverFieldErrors(error)).length === 0;
}
