import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { supportApi } from "../../../shared/contract/support.ts";
import { keyOf } from "../../lib/api.ts";
import { queryClient } from "../../lib/queryClient.ts";

export type TicketDetail = AnswerOf<typeof supportApi.get>;

/** A conversation the server just answered with: cached as read, and the list is read again. */
export function storeTicket(ticket: TicketDetail): void {
  queryClient.setQueryData<TicketDetail>(
    keyOf(supportApi.get, { params: { id: String(ticket.id) } }),
    ticket,
  );
  void queryClient.invalidateQueries({ queryKey: keyOf(supportApi.list), exact: true });
}
