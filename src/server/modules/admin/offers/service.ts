/** Offer codes in the back office: list, create, update (spec sections 5 and 7). */
import { desc, eq, sql } from "drizzle-orm";
import {
  type AdminOfferCode,
  type CreateOfferCode,
  OFFER_ADMIN_MSG,
  offerCodeProblems,
  type UpdateOfferCode,
} from "../../../../shared/admin/offers.ts";
import type { TierId } from "../../../../shared/constants.ts";
import { offerCodes } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../http-error.ts";

type OfferCodeRow = typeof offerCodes.$inferSelect;

const toPence = (pounds: number | null) => (pounds === null ? null : Math.round(pounds * 100));

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
    applicableTiers: (row.applicableTiers as TierId[] | null)?.length
      ? (row.applicableTiers as TierId[])
      : null,
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

export async function createOfferCode(deps: Deps, input: CreateOfferCode): Promise<AdminOfferCode> {
  if (input.validUntil && input.validUntil <= deps.now()) throw badRequest(OFFER_ADMIN_MSG.untilInPast);
  if (await codeTaken(deps, input.code)) throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
  try {
    const [row] = await deps.db
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
    return toAdminOfferCode(row);
  } catch (e) {
    // Two admins creating the same code at once: the unique index decides, with the same answer.
    if (isUniqueViolation(e)) throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
    throw e;
  }
}

/** A partial update; the rules across fields are checked on the stored code with the change merged in. */
export async function updateOfferCode(
  deps: Deps,
  id: number,
  input: UpdateOfferCode,
): Promise<AdminOfferCode> {
  if (input.validUntil && input.validUntil <= deps.now()) throw badRequest(OFFER_ADMIN_MSG.untilInPast);
  if (input.code !== undefined && (await codeTaken(deps, input.code, id)))
    throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(offerCodes).where(eq(offerCodes.id, id)).for("update");
      if (!current) throw notFound(OFFER_ADMIN_MSG.notFound);
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
      return toAdminOfferCode(row);
    });
  } catch (e) {
    if (isUniqueViolation(e) && input.code !== undefined)
      throw conflict(OFFER_ADMIN_MSG.duplicate(input.code));
    throw e;
  }
}
