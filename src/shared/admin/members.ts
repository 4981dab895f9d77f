/** Members and users in the back office (issue #5: Members tab, Users tab, member page). */
import { z } from "zod";
import { TIERS, type TierId } from "../constants.ts";
import { adminId } from "./common.ts";

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

/** One member or user as the back office lists them (spec section 3, "User/member"). */
export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  partnerId: number | null;
  /** True when the partner link is mutual (both rows point at each other). */
  hasPartner: boolean;
  subscriptionTier: string | null;
  subscriptionStatus: string | null;
  onboardingCompleted: boolean;
  isAdmin: boolean;
  createdAt: string;
}

export const userIdParamSchema = z.object({ userId: adminId });
export const idParamSchema = z.object({ id: adminId });

/** Full name, or the e-mail when there is no name. */
export function memberName(u: Pick<AdminUser, "firstName" | "lastName" | "email">): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email;
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
