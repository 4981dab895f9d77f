import type { MemberDate } from "../../../shared/member-api.ts";
import { queryClient } from "../../lib/queryClient.ts";

export const DATES_KEY = ["/api/dates/user"] as const;
export const STATS_KEY = ["/api/dates/stats"] as const;
export const dateKey = (id: number | string) => [`/api/dates/${id}`] as const;

/** Puts a date the server just answered with into every cached view of it, and refreshes the numbers. */
export function storeDate(date: MemberDate): void {
  queryClient.setQueryData<MemberDate>(dateKey(date.id), date);
  queryClient.setQueryData<MemberDate[]>(DATES_KEY, (list) =>
    list?.map((d) => (d.id === date.id ? date : d)),
  );
  void queryClient.invalidateQueries({ queryKey: DATES_KEY });
  void queryClient.invalidateQueries({ queryKey: STATS_KEY });
}
