/** The back office's view of gifts: the paged list, the CSV export and the gift figures for analytics. */
import { stringify } from "csv-stringify/sync";
import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { gifts, users } from "../../../server/db/schema.ts";
import type { Deps } from "../../../server/deps.ts";
import { notFound } from "../../../server/http-error.ts";
import { safeCell } from "../../../server/modules/admin/spreadsheet.ts";
import type { adminGiftListQuerySchema } from "../shared/schemas.ts";
import { type Gift, giftView } from "./manage.ts";

type ListQuery = z.infer<typeof adminGiftListQuerySchema>;

function filters(q: Pick<ListQuery, "search" | "status">): SQL | undefined {
  const conds: SQL[] = [];
  if (q.status === "bought") conds.push(ne(gifts.status, "pending"));
  else if (q.status) conds.push(eq(gifts.status, q.status));
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const code = q.search.toUpperCase().replace(/[\s-]/g, "");
    conds.push(
      sql`(lower(${gifts.buyerName} || ' ' || ${gifts.buyerEmail} || ' ' || ${gifts.recipientNames} || ' ' || ${gifts.recipientEmail}) LIKE ${like} OR ${gifts.code} = ${code})`,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** The redeeming account, named as the back office names members. */
const redeemerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
type RedeemerRow = { id: number; firstName: string | null; lastName: string | null; email: string } | null;

function adminRow(deps: Deps, g: Gift, r: RedeemerRow) {
  return {
    ...giftView(deps, g),
    createdAt: g.createdAt,
    redeemedBy: g.redeemedBy,
    redeemedAs: g.redeemedAs,
    redeemer: r
      ? { id: r.id, name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email, email: r.email }
      : null,
  };
}

export async function listGifts(deps: Deps, q: ListQuery) {
  const where = filters(q);
  const rows = await deps.db
    .select({ gift: gifts, redeemer: redeemerColumns })
    .from(gifts)
    .leftJoin(users, eq(users.id, gifts.redeemedBy))
    .where(where)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(gifts).where(where);
  return { rows: rows.map((r) => adminRow(deps, r.gift, r.redeemer)), total };
}

/** One gift as the back office lists it. */
export async function adminGift(deps: Deps, id: number) {
  const [r] = await deps.db
    .select({ gift: gifts, redeemer: redeemerColumns })
    .from(gifts)
    .leftJoin(users, eq(users.id, gifts.redeemedBy))
    .where(eq(gifts.id, id));
  if (!r) throw notFound("Gift not found");
  return adminRow(deps, r.gift, r.redeemer);
}

export async function giftById(deps: Deps, id: number): Promise<Gift> {
  const [g] = await deps.db.select().from(gifts).where(eq(gifts.id, id));
  if (!g) throw notFound("Gift not found");
  return g;
}

/** Every gift (filters apply), as CSV; text that a spreadsheet could run is neutralised. */
export async function exportGiftsCsv(deps: Deps, q: Pick<ListQuery, "search" | "status">): Promise<string> {
  const rows = await deps.db
    .select()
    .from(gifts)
    .where(filters(q))
    .orderBy(desc(gifts.createdAt), desc(gifts.id));
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  return stringify([
    [
      "id",
      "status",
      "tier",
      "months",
      "amount_gbp",
      "buyer_name",
      "buyer_email",
      "recipients",
      "recipient_email",
      "deliver_on",
      "created_at",
      "paid_at",
      "delivered_at",
      "redeemed_at",
      "redeemed_as",
      "expires_at",
      "refunded_at",
    ],
    ...rows.map((g) =>
      [
        g.id,
        g.status,
        g.tier,
        g.months,
        (g.amountPence / 100).toFixed(2),
        g.buyerName,
        g.buyerEmail,
        g.recipientNames,
        g.recipientEmail,
        g.deliverOn,
        iso(g.createdAt),
        iso(g.paidAt),
        iso(g.deliveredAt),
        iso(g.redeemedAt),
        g.redeemedAs ?? "",
        iso(g.expiresAt),
        iso(g.refundedAt),
      ].map((v) => {
        const c = safeCell(v);
        return c instanceof Date ? c.toISOString() : c;
      }),
    ),
  ]);
}

/**
 * Gift revenue by London month of payment (refunds taken off in the month refunded), the redemption rate,
 * and gift-to-paid conversion: of the couples who got a gifted plan, those who went on to a Direct Debit.
 */
export async function giftAnalytics(deps: Deps) {
  const revenue = await deps.db.execute<{ month: string; revenue_pence: string; gifts: number }>(sql`
    WITH moves AS (
      SELECT to_char(paid_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, amount_pence AS pence, 1 AS n
      FROM gifts WHERE paid_at IS NOT NULL
      UNION ALL
      SELECT to_char(refunded_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), -amount_pence, 0
      FROM gifts WHERE refunded_at IS NOT NULL
    )
    SELECT month, sum(pence)::bigint AS revenue_pence, sum(n)::int AS gifts FROM moves GROUP BY month ORDER BY month`);
  const [c] = (
    await deps.db.execute<{
      sold: number;
      redeemed: number;
      plans: number;
      converted: number;
      active: number;
    }>(sql`
    SELECT
      count(*) FILTER (WHERE g.paid_at IS NOT NULL AND g.status <> 'refunded')::int AS sold,
      count(*) FILTER (WHERE g.status = 'redeemed')::int AS redeemed,
      count(DISTINCT g.redeemed_by) FILTER (WHERE g.redeemed_as = 'plan')::int AS plans,
      count(DISTINCT g.redeemed_by) FILTER (WHERE g.redeemed_as = 'plan' AND p.payment_subscription_id IS NOT NULL)::int AS converted,
      (SELECT count(*) FROM users u JOIN plan_accounts a ON a.user_id = u.id
        WHERE a.gifted_until IS NOT NULL AND a.subscription_status = 'active' AND u.deleted_at IS NULL)::int AS active
    FROM gifts g LEFT JOIN payment_links p ON p.user_id = g.redeemed_by`)
  ).rows;
  return {
    revenueByMonth: revenue.rows.map((r) => ({
      month: r.month,
      revenuePence: Number(r.revenue_pence),
      gifts: r.gifts,
    })),
    sold: c.sold,
    redeemed: c.redeemed,
    redemptionRate: c.sold ? c.redeemed / c.sold : 0,
    giftToPaidConversion: c.plans ? c.converted / c.plans : 0,
    giftedPlansActive: c.active,
  };
}
