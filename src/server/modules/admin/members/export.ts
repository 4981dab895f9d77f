import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { type AdminUser, statusLabel, tierLabel } from "../../../../shared/admin/members.ts";
import { users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import type { SheetColumn } from "../spreadsheet.ts";
import { dateGB } from "./format.ts";
import { adminUserColumns, partner, toAdminUser } from "./service.ts";
import { keysetPages } from "./stream-workbook.ts";

export const memberExportColumns: SheetColumn<AdminUser>[] = [
  { header: "ID", width: 8, value: (u) => u.id },
  { header: "First Name", width: 16, value: (u) => u.firstName },
  { header: "Last Name", width: 16, value: (u) => u.lastName },
  { header: "Email", width: 32, value: (u) => u.email },
  { header: "Has Partner", value: (u) => (u.hasPartner ? "Yes" : "No") },
  { header: "Subscription", value: (u) => tierLabel(u.subscriptionTier) },
  { header: "Status", value: (u) => statusLabel(u.subscriptionStatus) },
  { header: "Onboarding", value: (u) => (u.onboardingCompleted ? "Complete" : "Pending") },
  { header: "Admin", value: (u) => (u.isAdmin ? "Admin" : "User") },
  { header: "Joined", width: 14, value: (u) => dateGB(u.createdAt) },
];

/** Every member (not deleted accounts), newest first, in keyset pages. */
export function memberExportRows(deps: Deps): AsyncIterable<AdminUser[]> {
  return keysetPages(
    async (after, size) =>
      (
        await deps.db
          .select(adminUserColumns)
          .from(users)
          .leftJoin(partner, eq(partner.id, users.partnerId))
          .where(and(isNull(users.deletedAt), after === null ? undefined : lt(users.id, after)))
          .orderBy(desc(users.id))
          .limit(size)
      ).map(toAdminUser),
    (u) => u.id,
  );
}
