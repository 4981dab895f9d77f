/** Calls of the AI Suggestions tab, with a per-row pending state (a second click on a row does nothing). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { SuggestionStatus } from "../../../../shared/admin/suggestions.ts";
import { adminApi } from "../../../../shared/contract/admin.ts";
import { adminAssignmentsApi } from "../../../../shared/contract/admin-assignments.ts";
import { adminSuggestionsApi as api } from "../../../../shared/contract/admin-suggestions.ts";
import { call, invalidate } from "../../../lib/api.ts";

/** The list's address, for the tab's page until it reads the list through its declaration. */
export const SUGGESTIONS_URL = api.list.path;

/** Whatever a booking or a new suggestion changes elsewhere in the back office. */
export function useRefreshAfterSuggestion() {
  const queryClient = useQueryClient();
  return (opts: { booked?: boolean } = {}) => {
    void invalidate(queryClient, api.list);
    void invalidate(queryClient, api.needingDates);
    if (opts.booked) {
      void invalidate(queryClient, adminAssignmentsApi.list);
      void invalidate(queryClient, adminApi.stats);
    }
  };
}

/** A mutation keyed by a row id: `busy(id)` says whether that row's call is in flight. */
export function useRowMutation<TVars extends { id: number }, TData>(opts: {
  mutationFn: (vars: TVars) => Promise<TData>;
  onSuccess: (data: TData, vars: TVars) => void;
  onError: (error: Error, vars: TVars) => void;
}) {
  const inFlight = useRef(new Set<number>());
  const [, rerender] = useState(0);
  const mutation = useMutation({
    mutationFn: opts.mutationFn,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
    onSettled: (_d, _e, vars) => {
      inFlight.current.delete(vars.id);
      rerender((n) => n + 1);
    },
  });
  return {
    busy: (id: number) => inFlight.current.has(id),
    run: (vars: TVars) => {
      if (inFlight.current.has(vars.id)) return;
      inFlight.current.add(vars.id);
      rerender((n) => n + 1);
      mutation.mutate(vars);
    },
  };
}

export function patchSuggestion(id: number, status: SuggestionStatus) {
  return call(api.update, { params: { id }, body: { status } });
}

export function bookSuggestion(id: number) {
  return call(api.book, { params: { id }, body: {} });
}

/** The id is the member's. */
export function generateSuggestion(userId: number) {
  return call(api.suggest, { params: { id: userId }, body: {} });
}
