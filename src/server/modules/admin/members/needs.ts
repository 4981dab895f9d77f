/**
 * A member's needs edited on their behalf (the member rang: "I'm vegan now, and we've moved"): what the one
 * rulebook reads of them (dietary and access needs, alcohol, postcode and radius), checked by the member's own
 * schemas, saved under If-Match (412 when someone changed them since they were read), audited with before and
 * after (entity "member", action "needs_update"), and then every future date of the couple is checked again,
 * so a date that no longer fits is flagged in the back office at once.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminMemberNeeds, MemberNeeds } from "../../../../shared/admin/member-workspace.ts";
import { MEMBERS_MSG, memberName } from "../../../../shared/admin/members.ts";
import {
  type ACCESSIBILITY_OPTIONS,
  type DIETARY_OPTIONS,
  TRAVEL_RADIUS,
} from "../../../../shared/constants.ts";
import type { Db, Tx } from "../../../db/client.ts";
import { userPreferences, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { notFound } from "../../../http-error.ts";
import { assertFresh, ifMatchOf, sendTagged } from "../../audit/etag.ts";
import { actorOf, recordAudit } from "../../audit/record.ts";
import { readCouple, sharedAnswersOf } from "../../couples/couple.ts";
import { recheckCoupleDates } from "../../rulebook/recheck.ts";

type Dietary = (typeof DIETARY_OPTIONS)[number];
type Access = (typeof ACCESSIBILITY_OPTIONS)[number];

/** The member's needs as the API shows them (the representation the ETag is worked out from). */
async function readNeeds(db: Db | Tx, userId: number, lock = false): Promise<AdminMemberNeeds> {
  const couple = await readCouple(db, userId, { lock });
  if (!couple) throw notFound(MEMBERS_MSG.notFound);
  const rows = await db.select().from(userPreferences).where(inArray(userPreferences.userId, couple.ids));
  const own = rows.find((r) => r.userId === userId);
  const shared = sharedAnswersOf(couple.holder?.id ?? null, rows);
  return {
    userId,
    answered: !!own,
    dietaryRestrictions: (own?.dietaryRestrictions ?? []) as Dietary[],
    accessibilityNeeds: (own?.accessibilityNeeds ?? []) as Access[],
    alcoholOk: own?.alcoholOk ?? true,
    postcode: own?.postcode ?? null,
    travelRadius: own?.travelRadius ?? TRAVEL_RADIUS.onboardingDefault,
    placeFromPartnerId: shared && shared.userId !== userId ? shared.userId : null,
  };
}

/** GET /api/admin/users/:userId/needs, with its ETag. */
export async function getNeeds(deps: Deps, reply: FastifyReply, userId: number): Promise<AdminMemberNeeds> {
  return sendTagged(reply, await readNeeds(deps.db, userId));
}

/** PUT /api/admin/users/:userId/needs: saves, audits, then re-checks the couple's dates ahead. */
export async function saveNeeds(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  input: MemberNeeds,
): Promise<AdminMemberNeeds> {
  const actor = actorOf(req.user!);
  const ifMatch = ifMatchOf(req);
  const { after, changed } = await deps.db.transaction(async (tx) => {
    // The couple's rows locked (readCouple), so two saves for one member run one after the other.
    const before = await readNeeds(tx, userId, true);
    await assertFresh(tx, { entity: "member", entityId: userId, ifMatch, current: before });
    const values = {
      dietaryRestrictions: input.dietaryRestrictions,
      accessibilityNeeds: input.accessibilityNeeds,
      alcoholOk: input.alcoholOk,
      postcode: input.postcode,
      travelRadius: input.travelRadius,
      updatedAt: deps.now(),
    };
    await tx
      .insert(userPreferences)
      .values({ ...values, userId })
      .onConflictDoUpdate({ target: userPreferences.userId, set: values });
    const after = await readNeeds(tx, userId);
    const [member] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    const fields = { ...after, answered: undefined, placeFromPartnerId: undefined, userId: undefined };
    const was = { ...before, answered: undefined, placeFromPartnerId: undefined, userId: undefined };
    const changed = JSON.stringify(fields) !== JSON.stringify(was);
    if (changed)
      await recordAudit(tx, {
        actor,
        entity: "member",
        entityId: userId,
        action: "needs_update",
        summary: `Needs of ${memberName(member)} edited on their behalf`,
        before: was,
        after: fields,
        subjectUserId: userId,
      });
    return { after, changed };
  });
  // After the commit: the rulebook reads the saved needs.
  if (changed) await recheckCoupleDates(deps, [userId]);
  return sendTagged(reply, after);
}
