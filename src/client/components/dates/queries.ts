import { datesApi } from "../../../shared/contract/dates.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { invalidate, keyOf, storeAnswer } from "../../lib/api.ts";
import { queryClient } from "../../lib/queryClient.ts";

export const DATES_KEY = keyOf(datesApi.list);
export const STATS_KEY = keyOf(datesApi.stats);
export const dateKey = (id: number | string) => keyOf(datesApi.get, { params: { id: String(id) } });

type OneDate = AnswerOf<typeof datesApi.get>;

/** Puts a date the server just answered with into every cached view of it, and refreshes the numbers. */
export function storeDate(date: OneDate): void {
  // A read of this date still on its way would otherwise put the old date back: the rating form showed again
  // as if nothing was saved.
  storeAnswer(queryClient, dateKey(date.id), date);
  queryClient.setQueryData<AnswerOf<typeof datesApi.list>>(DATES_KEY, (list) =>
    list?.map((d) => (d.id === date.id ? date : d)),
  );
  void invalidate(queryClient, datesApi.list);
  void invalidate(queryClient, datesApi.stats);
}
