/**
 * POST /api/admin/assignments/check: what Assign would say about a choice, without booking, for
 * the dialog's live check: eligible or why not, the hard rules broken, the idea the date would have, and the
 * couple (plan, the allowance of the chosen month, both partners' needs).
 */
import type { RulebookCheck, RulebookMember } from "../../../../shared/admin/rulebook.ts";
import { londonMonthKey } from "../../../../shared/london-time.ts";
import type { Deps } from "../../../deps.ts";
import { type BookingProposal, checkBooking } from "../../rulebook/check.ts";
import { coupleView } from "../members/couple-view.ts";

export async function checkAssignment(deps: Deps, p: BookingProposal): Promise<RulebookCheck> {
  const answer = await checkBooking(deps, p);
  let member: RulebookMember | null = null;
  if (answer.couple) {
    const c = await coupleView(deps, p.userId, londonMonthKey(p.scheduledDate));
    member = {
      memberId: c.memberId,
      partner: c.partner,
      plan: c.plan,
      allowance: c.allowance,
      people: c.people,
      needs: c.needs,
    };
  }
  return {
    eligible: answer.eligible,
    ...(answer.reason ? { reason: answer.reason } : {}),
    broken: answer.broken,
    dateIdea: answer.dateIdea,
    member,
  };
}
