/**
 * POST /api/dates/:id/no-show: the couple says "we couldn't go" (decision 0073). Either partner, for the
 * couple's own date (another couple's date is not found), once it has started and while it could still be
 * rated; the date becomes a no-show by the couple with their note, audited with the member as the actor. No
 * rating is asked afterwards.
 */
import type { MemberDate } from "../../../shared/member-api.ts";
import type { UserWithSubscription } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http-error.ts";
import { markNoShowIn } from "../admin/assignments/evening.ts";
import { actorOf } from "../audit/record.ts";
import { coupleIds, findRow, getDate } from "./service.ts";
import { noShowAction } from "./view.ts";

export async function reportNoShow(
  deps: Deps,
  user: UserWithSubscription,
  id: number,
  note: string | null,
): Promise<MemberDate> {
  const row = await findRow(deps, await coupleIds(deps, user), id);
  // Saying it again answers the date as it is (a double tap, or the partner too).
  if (row.status === "no_show") return getDate(deps, user, id);
  const action = noShowAction(row, deps.now());
  if (!action.allowed) throw badRequest(action.reason!);
  await deps.db.transaction((tx) =>
    markNoShowIn(deps, tx, id, { by: "couple", note }, { actor: actorOf(user) }),
  );
  return getDate(deps, user, id);
}
