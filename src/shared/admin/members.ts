/** Members and users in the back office (Members tab, Users tab, member page). */
import { z } from "zod";
import {
  ACCESSIBILITY_OPTIONS,
  DIETARY_OPTIONS,
  SUBSCRIPTION_STATUSES,
  TIER_IDS,
  TIERS,
  type TierId,
} from "../constants.ts";
import { MONTH_KEY_PATTERN } from "../london-time.ts";
import { canonicalNeed } from "../needs-vocabulary.ts";
import { adminId, adminListQuerySchema } from "./back-office.ts";

/** The Members tab's filters: the subscription statuses, "trial" for none. */
export const MEMBER_STATUS_FILTERS = [...SUBSCRIPTION_STATUSES, "trial"] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
/** plan_holder: holds a live plan; covered: holds none and their linked partner's plan covers them. */
export const MEMBER_HOLDER_FILTERS = ["plan_holder", "covered"] as const;
export type MemberHolderFilter = (typeof MEMBER_HOLDER_FILTERS)[number];

export const MEMBER_FILTER_MSG = {
  status: `status must be one of ${MEMBER_STATUS_FILTERS.join(", ")}`,
  tier: `tier must be one of ${TIER_IDS.join(", ")}`,
  holder: `holder must be one of ${MEMBER_HOLDER_FILTERS.join(", ")}`,
  need: "need must be one of the needs members choose (for example Vegan or Wheelchair accessible)",
  postcodeArea: "postcodeArea must be a postcode area or district, like SW or SW11",
  noDateIn: "noDateIn must be a month as YYYY-MM",
} as const;

/** Every need a member can choose (dietary, then access), the `need` filter's values. */
export const MEMBER_NEEDS: readonly string[] = [...DIETARY_OPTIONS, ...ACCESSIBILITY_OPTIONS];

/** An optional filter: absent or empty means "any". */
const optionalFilter = <T extends z.ZodType>(schema: T, message: string) =>
  z.union([z.literal("").transform(() => undefined), schema], { error: message }).optional();

const monthKey = z.string().regex(MONTH_KEY_PATTERN, MEMBER_FILTER_MSG.noDateIn);

/**
 * GET /api/admin/users: the shared paging and search, and `role=member` for the Members tab, which lists
 * members only (as Total Members counts them); the Users tab lists every account, admins included.
 * The Members tab filters on the server: `status` (subscription status, `trial` for none), `tier`, `holder`
 * (plan_holder | covered), `need` (one of the needs vocabulary, common spellings accepted), `postcodeArea`
 * ("SW" or "SW11", the couple's place) and `noDateIn=YYYY-MM` (no date that is not cancelled in that London
 * month, the couple's dates counted).
 */
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  role: z.enum(["member"], { error: "role must be member" }).optional(),
  status: optionalFilter(z.enum(MEMBER_STATUS_FILTERS), MEMBER_FILTER_MSG.status),
  tier: optionalFilter(z.enum(TIER_IDS), MEMBER_FILTER_MSG.tier),
  holder: optionalFilter(z.enum(MEMBER_HOLDER_FILTERS), MEMBER_FILTER_MSG.holder),
  need: optionalFilter(
    z
      .string({ error: MEMBER_FILTER_MSG.need })
      .max(60, MEMBER_FILTER_MSG.need)
      .transform((v, ctx) => {
        const need = canonicalNeed("dietary", v) ?? canonicalNeed("access", v);
        if (!need) {
          ctx.addIssue({ code: "custom", message: MEMBER_FILTER_MSG.need });
          return z.NEVER;
        }
        return need;
      }),
    MEMBER_FILTER_MSG.need,
  ),
  postcodeArea: optionalFilter(
    z
      .string({ error: MEMBER_FILTER_MSG.postcodeArea })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,2}(\d[A-Z\d]?)?$/, MEMBER_FILTER_MSG.postcodeArea),
    MEMBER_FILTER_MSG.postcodeArea,
  ),
  noDateIn: optionalFilter(monthKey, MEMBER_FILTER_MSG.noDateIn),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const MEMBERS_MSG = {
  notFound: "Member Not Found",
  cannotDemoteSelf: "You cannot remove your own admin access. Ask another admin to do it.",
  lastAdmin: "Cannot remove the last admin. Make another user an admin first.",
  deletedAccount: "This account has been deleted and cannot be made an admin.",
  promoteFailed: "Failed to promote user to admin",
  demoteFailed: "Failed to demote user from admin",
  fetchFailed: "Failed to fetch users",
  noMembers: "No members found.",
  noUpcoming: "No upcoming dates scheduled",
  noHistory: "No past dates on record",
} as const;

/** A member as another record names them: enough to link to their page and say what plan they hold. */
export const adminMemberRefSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    subscriptionTier: z.string().nullable(),
    subscriptionStatus: z.string().nullable(),
  })
  .meta({ id: "AdminMemberRef" });
export type AdminMemberRef = z.infer<typeof adminMemberRefSchema>;

/** The partner on a member's row. */
export type AdminPartner = AdminMemberRef;

/** One member or user as the back office lists them (spec section 3, "User/member"). */
export const adminUserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    partnerId: z.number().nullable(),
    /** True when the partner link is mutual (both rows point at each other). */
    hasPartner: z.boolean(),
    subscriptionTier: z.string().nullable(),
    subscriptionStatus: z.string().nullable(),
    onboardingCompleted: z.boolean(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    /** The mutually linked partner (not a deleted account), or null. */
    partner: adminMemberRefSchema.nullable(),
    /** Whichever of the couple holds the live plan (this member or the partner); null when neither does. */
    planHolderId: z.number().nullable(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One signed-in device of a member, as support sees it (the member's own list also says which is theirs). */
export const adminSessionSchema = z
  .object({
    /** Public handle of the session; the cookie token never leaves the browser that holds it. */
    id: z.string(),
    /** "Chrome on Mac", "Safari on iPhone", "Unknown device". */
    device: z.string(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
  })
  .meta({ id: "AdminSession" });
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** One text we sent a member, newest first on the member page (GET /api/admin/users/:userId/texts). */
export const adminTextSchema = z
  .object({
    id: z.number(),
    /** "sms_reveal", "sms_clue"... */
    kind: z.string(),
    to: z.string(),
    body: z.string(),
    segments: z.number(),
    /** queued, sent, delivered, undelivered, failed (the provider's words). */
    status: z.string(),
    errorCode: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminText" });
export type AdminText = z.infer<typeof adminTextSchema>;

/** How many of a member's latest texts the member page shows. */
export const ADMIN_RECENT_TEXTS = 20;

/** DELETE /api/admin/users/:userId/sessions: what happened, and how many sessions ended. */
export const adminSessionsEndedSchema = z.object({ message: z.string(), ended: z.number() });

export const userIdParamSchema = z.object({ userId: adminId });

/** GET /api/admin/users/:userId/couple?month=YYYY-MM: the allowance of that London month (default: now). */
export const coupleQuerySchema = z.object({
  month: z.string().regex(MONTH_KEY_PATTERN, "Month must be YYYY-MM").optional(),
});
export const idParamSchema = z.object({ id: adminId });

/** Full name, or the e-mail when there is no name. */
export function memberName(u: Pick<AdminUser, "firstName" | "lastName" | "email">): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email;
}

/** The partner whose plan covers this member (they hold none themselves), or null. */
export function coveredBy(u: Pick<AdminUser, "partner" | "planHolderId">): AdminPartner | null {
  return u.partner && u.planHolderId === u.partner.id ? u.partner : null;
}

/** The Subscription column: the tier's name, "Free Trial" without one. */
export function tierLabel(tier: string | null | undefined): string {
  return tier && Object.hasOwn(TIERS, tier) ? TIERS[tier as TierId].name : "Free Trial";
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  cancelled: "Cancelled",
  past_due: "Past due",
  paused: "Paused",
};

/** The Status column: the subscription status in words, "Trial" without one. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return "Trial";
  return STATUS_LABELS[status] ?? status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
