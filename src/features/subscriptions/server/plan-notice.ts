/**
 * Every change of a couple's plan is told to both partners: the plan holder and the partner their plan
 * covers. Called once the change has committed, it reads the couple and the plan account afresh, so each
 * e-mail says what the plan now is (the next collection, the end day, the month off) and never a day of its
 * own; the e-mail names the partner who made the change to the one who did not. Service mail: it goes
 * whatever the e-mail switch says. It never throws into the change that called it: a failure is logged.
 */
import pino from "pino";
import type { User } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import type { Logger } from "../../../server/logger.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import {
  PLAN_MAIL_TYPES,
  type PlanChange,
  type PlanMailAccount,
  planChangeEmail,
} from "../../../server/modules/email/plan-mails.ts";
import { mayEmail } from "../../../server/modules/notifications/policy.ts";
import { type CouplePlan, planAccountOf } from "../../../server/modules/plan-account/load.ts";

export type { PlanChange } from "../../../server/modules/email/plan-mails.ts";

/**
 * A change and who made it: `by` is the id of who acted (either partner; anyone else, an operator on the member
 * page, reads "Our team"), "team", or absent when nobody did (a payment collected, a job).
 */
export type PlanNotice = PlanChange & { by?: number | "team" };

const fallbackLog: Logger = pino({ name: "plan-notice" });

const firstName = (u: User) => u.firstName?.trim() || "there";
const nameOf = (u: User) => u.firstName?.trim() || "Your partner";

/** The account as the e-mails read it. */
export function mailAccountOf(plan: CouplePlan): PlanMailAccount {
  return {
    tier: plan.account.tier,
    next: plan.nextCollection,
    endsAt: plan.account.endsAt,
    coveredUntil: plan.account.coveredUntil,
    pause: plan.account.pause,
    cycles: plan.account.cycles,
  };
}

/**
 * Sends the change's e-mail to the plan holder and the covered partner. `memberOrHolderId` is either partner
 * (or a member alone); `change.by` says who acted, so the other partner reads "Sam cancelled the plan".
 */
export async function tellPlanChange(
  deps: Deps,
  memberOrHolderId: number,
  change: PlanNotice,
  log?: Logger,
): Promise<void> {
  try {
    const couple = await readCouple(deps.db, memberOrHolderId);
    if (!couple) return;
    const now = deps.now();
    let plan = await planAccountOf(deps.db, couple.member, now);
    // A plan refunded in the cooling-off period ended at once: read it from whichever partner held it.
    if (!plan.holder && couple.partner) plan = await planAccountOf(deps.db, couple.partner, now);
    const holder = plan.holder ?? couple.member;
    const account = mailAccountOf(plan);
    const people = [couple.member, couple.partner].filter((u) => u !== null);
    const by = change.by;
    const actor = typeof by === "number" ? people.find((u) => u.id === by) : undefined;
    await Promise.all(
      people
        .filter((u) => mayEmail(u, "service"))
        .map((u) => {
          // Someone outside the couple (an operator on the member page) acting is "Our team".
          const team = by === "team" || (typeof by === "number" && !actor);
          const byName = team ? "Our team" : actor && actor.id !== u.id ? nameOf(actor) : null;
          const mail = planChangeEmail(change, {
            firstName: firstName(u),
            holderName: holder.id === u.id ? null : nameOf(holder),
            byName,
            account,
            appUrl: deps.config.appUrl,
          });
          return deps.mailer.send({
            to: u.email,
            toName: u.firstName,
            ...mail,
            type: PLAN_MAIL_TYPES[change.kind],
            userId: u.id,
          });
        }),
    );
  } catch (err) {
    (log ?? fallbackLog).error(
      { err, userId: memberOrHolderId, change: change.kind },
      "telling a plan change failed",
    );
  }
}
