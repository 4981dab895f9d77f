/** What every back-office list and screen shares. Slice-specific schemas live beside this file. */
import { z } from "zod";

/**
 * The tabs of /admin, in order (spec section 2's tabs; Gifts sits beside Offer Codes). Today, the queue of what
 * needs a person, opens the back office; Audit, every change on record, comes last (decision 0071).
 */
export const ADMIN_TABS = [
  { id: "today", label: "Today" },
  { id: "venues", label: "Venues" },
  { id: "members", label: "Members" },
  { id: "users", label: "Users" },
  { id: "assignments", label: "Assignments" },
  { id: "ai-suggestions", label: "AI Suggestions" },
  { id: "offer-codes", label: "Offer Codes" },
  { id: "gifts", label: "Gifts" },
  { id: "analytics", label: "Analytics" },
  { id: "emails", label: "Email Logs" },
  { id: "support", label: "Support" },
  { id: "audit", label: "Audit" },
] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

/** Page size of long admin lists when the client does not ask for one, and the most it may ask for. */
export const ADMIN_PAGE = { defaultLimit: 50, maxLimit: 200, searchMax: 100 } as const;

/** Header carrying the number of rows a paged list has in all (the body stays a JSON array). */
export const TOTAL_COUNT_HEADER = "x-total-count";

/**
 * A paging number from the query: written in plain digits (a sign and decimals are read, to be refused with
 * a clear message). z.coerce also read " 1", "0x10", "1e2" and "" (as 0) as numbers.
 */
function pageNumber(name: string, min: number, max: number, maxMessage: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^[+-]?\d{1,12}(\.\d{1,12})?$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, maxMessage),
  );
}

/**
 * ?search=&limit=&offset= of long admin lists (ARCHITECTURE.md): searched and paged on the server,
 * the answer still a JSON array. Unknown query keys are ignored (cache-busting parameters are common).
 */
export const adminListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(ADMIN_PAGE.searchMax, `Search must be at most ${ADMIN_PAGE.searchMax} characters`)
    .optional()
    .transform((s) => (s ? s : undefined)),
  limit: pageNumber("limit", 1, ADMIN_PAGE.maxLimit, `limit must be at most ${ADMIN_PAGE.maxLimit}`).default(
    ADMIN_PAGE.defaultLimit,
  ),
  offset: pageNumber("offset", 0, 10_000_000, "offset is too large").default(0),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** Numeric path ids of admin routes (":id", ":userId", ":assignmentId", ":ticketId"). */
export const adminId = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, "Invalid id")
  .transform(Number);

/**
 * The answer of a route that sends no body (204 No Content). Documentation only: Fastify sends nothing and
 * encodes nothing for a 204.
 */
export const noContentResponse = (description: string) => z.undefined().meta({ description });

/**
 * Instants the database stores and JavaScript writes as plain ISO text: from 1970 to the end of 9999 (UTC).
 * "9999-12-31T23:59-05:00" is in the year 10000 and "0000-01-01T00:00Z" in year 0: neither can be stored.
 */
export function isStorableInstant(d: Date): boolean {
  const t = d.getTime();
  return t >= 0 && t < Date.UTC(10_000, 0, 1);
}

/** GET /api/admin/stats: the three cards above the tab strip. */
export const adminStatsSchema = z
  .object({
    totalMembers: z.int().describe("Members (not admins, not deleted accounts)"),
    partnerVenues: z.int(),
    totalAssignments: z.int().describe("Dates of any status"),
  })
  .meta({ id: "AdminStats" });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * An instant in an answer, sent as the ISO 8601 text the service wrote with toISOString(): documented as a
 * date-time without repeating the full ISO pattern in every field of the API description.
 */
export const isoInstant = z.string().meta({ format: "date-time" });
