import { and, desc, eq, isNull, lt } from "drizzle-orm";
import {
  type AdminUser,
  coveredBy,
  memberName,
  statusLabel,
  tierLabel,
} from "../../../../shared/admin/members.ts";
import { users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { DATE_FMT, londonDay } from "./format.ts";
import { adminUserQuery, toAdminUser } from "./service.ts";
import { keysetPages, type StreamColumn } from "./stream-workbook.ts";

export const memberExportColumns: StreamColumn<AdminUser>[] = [
  { header: "ID", width: 8, value: (u) => u.id },
  { header: "First Name", width: 16, value: (u) => u.firstName },
  { header: "Last Name", width: 16, value: (u) => u.lastName },
  { header: "Email", width: 32, value: (u) => u.email },
  { header: "Has Partner", value: (u) => (u.hasPartner ? "Yes" : "No") },
  { header: "Partner", width: 24, value: (u) => (u.partner ? memberName(u.partner) : null) },
  { header: "Plan Holder", width: 24, value: planHolderName },
  { header: "Subscription", width: 24, value: planLabel },
  // A covered partner's plan status is the holder's, as on the Members tab.
  { header: "Status", value: (u) => statusLabel((coveredBy(u) ?? u).subscriptionStatus) },
  { header: "Onboarding", value: (u) => (u.onboardingCompleted ? "Complete" : "Pending") },
  { header: "Admin", value: (u) => (u.isAdmin ? "Admin" : "User") },
  // A real date cell: the London day the member joined.
  { header: "Joined (London)", width: 16, numFmt: DATE_FMT, value: (u) => londonDay(u.createdAt) },
];

/**
 * The Subscription column, as the Members tab says it: a partner covered by the other's plan is
 * "Covered by {name}" (they hold no plan of their own, but they are not on a free trial either).
 */
export function planLabel(u: AdminUser): string {
  const holder = coveredBy(u);
  return holder ? `Covered by ${memberName(holder)}` : tierLabel(u.subscriptionTier);
}

/** Who of the couple holds the plan: this member, their partner, or nobody. */
function planHolderName(u: AdminUser): string | null {
  if (u.planHolderId === null) return null;
  return memberName(u.planHolderId === u.id ? u : (u.partner ?? u));
}

/**
 * Every member, newest first, in keyset pages: the accounts the Members tab lists and Total Members counts
 * (not deleted, no admin rights now; an account whose admin rights were removed is a member again).
 */
export function memberExportRows(deps: Deps): AsyncIterable<AdminUser[]> {
  return keysetPages(
    async (after, size) =>
      (
        await adminUserQuery(deps.db)
          .where(
            and(
              isNull(users.deletedAt),
              eq(users.isAdmin, false),
              after === null ? undefined : lt(users.id, after),
            ),
          )
          .orderBy(desc(users.id))
          .limit(size)
      ).map(toAdminUser),
    (u) => u.id,
  );
}
