import { and, asc, eq, isNull } from "drizzle-orm";
import type { ExportEmailsAnswer } from "../../../../shared/admin/emails.ts";
import { notificationSettings, users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";
import { switchColumns, switchesOf } from "../../notifications/switches.ts";

/**
 * GET /api/admin/export-emails: the addresses of every account that still exists (deleted accounts stay as
 * anonymised tombstones and are left out), optionally only those who opted in to marketing
 * (marketingOptOut false) or out of it (true). Sorted, so two exports compare line by line.
 */
export async function exportMemberEmails(
  deps: Deps,
  marketingOptOut: boolean | undefined,
): Promise<ExportEmailsAnswer> {
  const rows = await deps.db
    .select({ email: users.email })
    .from(users)
    .leftJoin(notificationSettings, switchesOf(users.id))
    .where(
      and(
        isNull(users.deletedAt),
        marketingOptOut === undefined ? undefined : eq(switchColumns.marketingOptOut, marketingOptOut),
      ),
    )
    .orderBy(asc(users.email));
  const emails = rows.map((r) => r.email);
  return { emails, count: emails.length };
}
