import { and, desc, isNull, lt } from "drizzle-orm";
import { type AdminUser, memberName, statusLabel, tierLabel } from "../../../../shared/admin/members.ts";
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
  { header: "Subscription", value: (u) => tierLabel(u.subscriptionTier) },
  { header: "Status", value: (u) => statusLabel(u.subscriptionStatus) },
  { header: "Onboarding", value: (u) => (u.onboardingCompleted ? "Complete" : "Pending") },
  { header: "Admin", value: (u) => (u.isAdmin ? "Admin" : "User") },
  // A real date cell: the London day the member joined.
  { header: "Joined (London)", width: 16, numFmt: DATE_FMT, value: (u) => londonDay(u.createdAt) },
];

/** Who of the couple holds the plan: this member, their partner, or nobody. */
function planHolderName(u: AdminUser): string | null {
  if (u.planHolderId === null) return null;
  return memberName(u.planHolderId === u.id ? u : (u.partner ?? u));
}

/** Every member (not deleted accounts), newest first, in keyset pages. */
export function memberExportRows(deps: Deps): AsyncIterable<AdminUser[]> {
  return keysetPages(
    async (after, size) =>
      (
        await adminUserQuery(deps.db)
          .where(and(isNull(users.deletedAt), after === null ? undefined : lt(users.id, after)))
          .orderBy(desc(users.id))
          .limit(size)
      ).map(toAdminUser),
    (u) => u.id,
  );
}
