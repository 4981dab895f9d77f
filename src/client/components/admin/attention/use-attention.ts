import { useQuery } from "@tanstack/react-query";
import { adminAttentionApi } from "../../../../shared/contract/admin-attention.ts";
import { queryOf } from "../../../lib/api.ts";

/**
 * The day's queue, read again every minute while the back office is open (items come and go by themselves).
 * The tab strip's count and the Today tab share one fetch.
 */
export function useAttention() {
  return useQuery({ ...queryOf(adminAttentionApi.queue), staleTime: 0, refetchInterval: 60_000 });
}
