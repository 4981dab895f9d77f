import { useQuery } from "@tanstack/react-query";
import type { AttentionResponse } from "../../../../shared/admin/attention.ts";
import { apiGet } from "../../../lib/queryClient.ts";

/** The queue's address, also its query key (the tab strip's count and the Today tab share one fetch). */
export const ATTENTION_URL = "/api/admin/attention";

/** The day's queue, read again every minute while the back office is open (items come and go by themselves). */
export function useAttention() {
  return useQuery({
    queryKey: [ATTENTION_URL],
    queryFn: () => apiGet<AttentionResponse>(ATTENTION_URL),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
