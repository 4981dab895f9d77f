/** Calls of the AI Suggestions tab, with a per-row pending state (a second click on a row does nothing). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { AdminAiSuggestion, SuggestionStatus } from "../../../../shared/admin/suggestions.ts";
import { apiJson } from "../../../lib/queryClient.ts";

export const SUGGESTIONS_URL = "/api/admin/ai-suggestions";
export const NEEDING_DATES_URL = "/api/admin/members-needing-dates";

/** Whatever a booking or a new suggestion changes elsewhere in the back office. */
export function useRefreshAfterSuggestion() {
  const queryClient = useQueryClient();
  return (opts: { booked?: boolean } = {}) => {
    void queryClient.invalidateQueries({ queryKey: [SUGGESTIONS_URL] });
    void queryClient.invalidateQueries({ queryKey: [NEEDING_DATES_URL] });
    if (opts.booked) {
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/assignments"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/stats"] });
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

export async function patchSuggestion(id: number, status: SuggestionStatus): Promise<AdminAiSuggestion> {
  return apiJson<AdminAiSuggestion>("PATCH", `${SUGGESTIONS_URL}/${id}`, { status });
}

export async function bookSuggestion(id: number): Promise<AdminAiSuggestion> {
  return apiJson<AdminAiSuggestion>("POST", `${SUGGESTIONS_URL}/${id}/book`, {});
}

export async function generateSuggestion(userId: number): Promise<AdminAiSuggestion> {
  return apiJson<AdminAiSuggestion>("POST", `${SUGGESTIONS_URL}/${userId}`, {});
}
