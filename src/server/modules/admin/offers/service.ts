/**
 * Offer codes in the back office: list, read, create, update (spec sections 5 and 7). Each change is audited in
 * its own transaction and a save with If-Match refuses a stale version (412, nothing changed).
 */

import { desc, eq, sql } from "drizzle-orm";
import {
  type AdminOfferCode,
  type CreateOfferCode,
  OFFER_ADMIN_MSG,
  offerCodeProblems,
  type UpdateOfferCode,
} from "../../../../shared/admin/offers.ts";
import type { TierId } from "../../../../shared/constants.ts";
import { isTierId } from "../../../../shared/constants.ts";
import { offerCodes } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badField, conflict, HttpError, notFound } from "../../../http-error.ts";
import { assertFresh } from "../../audit/etag.ts";
import { type Actor, recordAudit } from "../../audit/record.ts";

type OfferCodeRow = typeof offerCodes.$inferSelect;

const toPence = (pounds: number | null) => (pounds === null ? null : Math.round(pounds * 100));

/** One offer code as the API shows it (the list, the read and every save). */
export function toAdminOfferCode(row: OfferCodeRow): AdminOfferCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType as AdminOfferCode["discountType"],
    discountValue: Number(row.discountValue),
    minOrderValue: row.minOrderValue === null ? null : row.minOrderValue / 100,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    maxUsesPerUser: row.maxUsesPerUser,
    durationMonths: row.durationMonths,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    applicableTiers: row.applicableTiers?.length ? row.applicableTiers.filter(isTierId) : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every code, newest first (a back office holds tens of codes, not thousands: no paging). */
export async function listOfferCodes(deps: Deps): Promise<AdminOfferCode[]> {
  const rows = await deps.db
    .select()
    .from(offerCodes)
    .orderBy(desc(offerCodes.createdAt), desc(offerCodes.id));
  return rows.map(toAdminOfferCode);
}

/** GET /api/admin/offer-codes/:id: one code, as the list shows it. */
export async function getOfferCode(deps: Deps, id: number): Promise<AdminOfferCode> {
  const [row] = await deps.db.select().from(offerCodes).where(eq(offerCodes.id, id));
  if (!row) throw notFound(OFFER_ADMIN_MSG.notFound);
  return toAdminOfferCode(row);
}

/** "Offer code SPRING25 switched off", or "... saved" for any other change. */
function updateSummary(before: AdminOfferCode, after: AdminOfferCode): string {
  if (before.isActive !== after.isActive) {
    const others = Object.keys(after).filter(
      (k) =>
        !["isActive", "updatedAt"].includes(k) &&
        JSON.stringify(before[k as keyof AdminOfferCode]) !==
          JSON.stringify(after[k as keyof AdminOfferCode]),
    );
    if (others.length === 0) return `Offer code ${after.code} switched ${after.isActive ? "on" : "off"}`;
  }
  return `Offer code ${after.code} saved`;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === "23505" || err.cause?.code === "23505";
}

async function codeTaken(deps: Deps, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: offerCodes.id })
    .from(offerCodes)
    .where(sql`upper(${offerCodes.code}) = ${code.toUpperCase()}`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

function refuseProblems(problems: ReturnType<typeof offerCodeProblems>): void {
  if (problems.length === 0) return;
  throw new HttpError(
    400,
    problems[0].message,
    {},
    problems.map((p) => ({ path: p.path, message: p.message })),
  );
}

/** POST /api/admin/offer-codes: the new code, with its audit row ("create"). */
export async function createOfferCode(
  deps: Deps,
  actor: Actor,
  input: CreateOfferCode,
): Promise<AdminOfferCode> {
  if (input.validUntil && input.validUntil <= deps.now())
    throw badField("validUntil", OFFER_ADMIN_MSG.untilInPast);
  if (await codeTaken(deps, input.code)) throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(offerCodes)
        .values({
          code: input.code,
          description: input.description,
          discountType: input.discountType,
          discountValue: input.discountValue.toFixed(2),
          minOrderValue: toPence(input.minOrderValue),
          maxUses: input.maxUses,
          maxUsesPerUser: input.maxUsesPerUser,
          durationMonths: input.durationMonths,
          validFrom: input.validFrom,
          validUntil: input.validUntil,
          applicableTiers: input.applicableTiers,
          isActive: input.isActive,
        })
        .returning();
      const created = toAdminOfferCode(row);
      await recordAudit(tx, {
        actor,
        entity: "offer_code",
        entityId: created.id,
        action: "create",
        summary: `Offer code ${created.code} created`,
        before: null,
        after: created,
        ignore: ["id", "usesCount"],
      });
      return created;
    });
  } catch (e) {
    // Two admins creating the same code at once: the unique index decides, with the same answer.
    if (isUniqueViolation(e)) throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
    throw e;
  }
}

/**
 * A partial update; the rules across fields are checked on the stored code with the change merged in. With
 * `ifMatch` (the ETag the operator's form was read with), a code changed since then is refused with 412.
 */
export async function updateOfferCode(
  deps: Deps,
  actor: Actor,
  id: number,
  input: UpdateOfferCode,
  ifMatch: string | null = null,
): Promise<AdminOfferCode> {
  if (input.validUntil && input.validUntil <= deps.now())
    throw badField("validUntil", OFFER_ADMIN_MSG.untilInPast);
  if (input.code !== undefined && (await codeTaken(deps, input.code, id)))
    throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(offerCodes).where(eq(offerCodes.id, id)).for("update");
      if (!current) throw notFound(OFFER_ADMIN_MSG.notFound);
      const before = toAdminOfferCode(current);
      await assertFresh(tx, { entity: "offer_code", entityId: id, ifMatch, current: before });
      refuseProblems(
        offerCodeProblems({
          discountType: input.discountType ?? (current.discountType as AdminOfferCode["discountType"]),
          discountValue: input.discountValue ?? Number(current.discountValue),
          validFrom: input.validFrom !== undefined ? input.validFrom : current.validFrom,
          validUntil: input.validUntil !== undefined ? input.validUntil : current.validUntil,
        }),
      );
      const [row] = await tx
        .update(offerCodes)
        .set({
          code: input.code,
          description: input.description,
          discountType: input.discountType,
          discountValue: input.discountValue?.toFixed(2),
          minOrderValue: input.minOrderValue === undefined ? undefined : toPence(input.minOrderValue),
          maxUses: input.maxUses,
          maxUsesPerUser: input.maxUsesPerUser,
          durationMonths: input.durationMonths,
          validFrom: input.validFrom,
          validUntil: input.validUntil,
          applicableTiers: input.applicableTiers,
          isActive: input.isActive,
        })
        .where(eq(offerCodes.id, id))
        .returning();
      const after = toAdminOfferCode(row);
      const summary = updateSummary(before, after);
      await recordAudit(tx, {
        actor,
        entity: "offer_code",
        entityId: id,
        action: summary.endsWith(" saved") ? "update" : "status",
        summary,
        before,
        after,
      });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e) && input.code !== undefined)
      throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
    throw e;
  }
}
