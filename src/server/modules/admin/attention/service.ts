/**
 * GET /api/admin/attention: the one queue of the operator's day. Every kind is computed from the data as it is
 * now (an item goes when its cause does), each by one bounded query run side by side, then merged and sorted
 * by deadline, soonest first.
 */
import {
  ATTENTION_KINDS,
  type AttentionCounts,
  type AttentionItem,
  type AttentionResponse,
} from "../../../../shared/admin/attention.ts";
import type { Deps } from "../../../deps.ts";
import {
  paymentFailed,
  rescheduleRequests,
  ruleBroken,
  venueDeclined,
  venueProposed,
  venueUnconfirmed,
} from "./dates.ts";
import { firstDateDue, unplaceable } from "./members.ts";
import { giftUndelivered, supportWaiting } from "./others.ts";

/** Soonest deadline first; the id keeps equal deadlines in a stable order. */
export function byDeadline(a: AttentionItem, b: AttentionItem): number {
  return a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** How many items of each kind, and in all. */
export function countItems(items: readonly AttentionItem[]): AttentionCounts {
  const counts = Object.fromEntries(ATTENTION_KINDS.map((k) => [k, 0])) as AttentionCounts;
  for (const i of items) counts[i.kind]++;
  counts.total = items.length;
  return counts;
}

export async function attentionQueue(deps: Deps): Promise<AttentionResponse> {
  const parts = await Promise.all([
    ruleBroken(deps),
    venueUnconfirmed(deps),
    venueDeclined(deps),
    venueProposed(deps),
    firstDateDue(deps),
    paymentFailed(deps),
    rescheduleRequests(deps),
    supportWaiting(deps),
    unplaceable(deps),
    giftUndelivered(deps),
  ]);
  const items = parts.flat().sort(byDeadline);
  return { items, counts: countItems(items) };
}
