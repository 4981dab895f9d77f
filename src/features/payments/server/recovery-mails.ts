/**
 * The recovery's e-mails to both partners (the plan holder and the covered partner), each claimed in
 * outbound_messages by its key first, so a replayed event or a second instance sends nothing twice. Each is
 * built from the plan as it is when it goes (a retry of the send included): a failure mail for a plan already
 * recovered is skipped.
 *
 * Keys: `dunning-failed:{recipient}:{holder}:{attempt}:{failedAt}`, `dunning-ended:{recipient}:{holder}:{endedAt}`.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { dateReservations, type User, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { registerMailBuilder, sendClaimed } from "../../../server/jobs/outbound.ts";
import { readCouple } from "../../../server/modules/couples/couple.ts";
import {
  DUNNING_MAIL_TYPES,
  paymentFailedEmail,
  planEndedUnpaidEmail,
} from "../../../server/modules/email/dunning-mails.ts";
import type { OutgoingMail } from "../../../server/modules/email/mailer.ts";
import type { Rendered } from "../../../server/modules/email/templates.ts";
import { latestFailure, paymentProblemOf } from "../../../server/modules/plan-account/payment-problem.ts";
import { readState } from "../../../server/modules/plan-account/state.ts";

export const RECOVERY_MAIL_KINDS = {
  failed: "dunning-failed",
  ended: "dunning-ended",
} as const;
type Kind = keyof typeof RECOVERY_MAIL_KINDS;

async function userById(deps: Pick<Deps, "db">, id: number): Promise<User | null> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  return u && !u.deletedAt ? u : null;
}

function mailTo(u: User, r: Rendered, type: string): OutgoingMail {
  return {
    to: u.email,
    toName: [u.firstName, u.lastName].filter(Boolean).join(" ") || null,
    ...r,
    type,
    userId: u.id,
  };
}

const first = (u: User) => u.firstName?.trim() || "there";

async function buildFailed(deps: Deps, recipientId: number): Promise<OutgoingMail | null> {
  const u = await userById(deps, recipientId);
  if (!u) return null;
  const problem = await paymentProblemOf(deps.db, u, deps.now());
  if (!problem) return null;
  const r = paymentFailedEmail(
    first(u),
    {
      amountPence: problem.amountPence,
      failedAt: new Date(problem.failedAt),
      retryOn: problem.retryOn ? new Date(problem.retryOn) : null,
      retriesLeft: problem.retriesLeft,
      isHolder: problem.canChangeBankDetails,
      holderName: problem.holderName,
    },
    deps.config.appUrl,
  );
  return mailTo(u, r, DUNNING_MAIL_TYPES.failed);
}

async function buildEnded(deps: Deps, recipientId: number, holderId: number, endedAt: Date) {
  const [u, holder] = await Promise.all([userById(deps, recipientId), userById(deps, holderId)]);
  if (!u || !holder || (await readState(deps.db, holder.id)).subscriptionStatus !== "cancelled") return null;
  const couple = await readCouple(deps.db, holder.id);
  const cancelled = await deps.db
    .select({ at: dateReservations.scheduledDate })
    .from(dateReservations)
    .where(
      and(
        inArray(dateReservations.userId, couple?.ids ?? [holder.id]),
        eq(dateReservations.status, "cancelled"),
        gt(dateReservations.scheduledDate, endedAt),
      ),
    )
    .orderBy(dateReservations.scheduledDate);
  const failure = await latestFailure(deps.db, holder.id);
  const r = planEndedUnpaidEmail(
    first(u),
    { amountPence: failure?.amountPence ?? 0, endedAt, cancelledDates: cancelled.map((c) => c.at) },
    deps.config.appUrl,
  );
  return mailTo(u, r, DUNNING_MAIL_TYPES.ended);
}

function build(deps: Deps, kind: Kind, key: string, recipientId: number): Promise<OutgoingMail | null> {
  const parts = key.split(":");
  const holderId = Number(parts[2]);
  if (kind === "failed") return buildFailed(deps, recipientId);
  return buildEnded(deps, recipientId, holderId, new Date(parts.slice(3).join(":")));
}

for (const kind of Object.keys(RECOVERY_MAIL_KINDS) as Kind[]) {
  registerMailBuilder(RECOVERY_MAIL_KINDS[kind], (row, deps) =>
    row.userId === null ? Promise.resolve(null) : build(deps, kind, row.key, row.userId),
  );
}

/** Claims and sends the message to the plan holder and, when the couple is linked, their partner. */
export async function mailBothPartners(
  deps: Deps,
  kind: Kind,
  holderId: number,
  suffix: string,
): Promise<number> {
  const couple = await readCouple(deps.db, holderId);
  const ids = couple ? couple.ids : [holderId];
  let sent = 0;
  for (const id of ids) {
    const key = `${RECOVERY_MAIL_KINDS[kind]}:${id}:${holderId}:${suffix}`;
    const outcome = await sendClaimed(deps, {
      key,
      kind: RECOVERY_MAIL_KINDS[kind],
      userId: id,
      build: () => build(deps, kind, key, id),
    });
    if (outcome === "sent") sent++;
  }
  return sent;
}
