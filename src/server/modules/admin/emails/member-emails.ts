import { and, asc, eq, isNull } from "drizzle-orm";
import type { ExportEmailsAnswer } from "../../../../shared/admin/emails.ts";
import { users } from "../../../db/schema.ts";
import type { Deps } from "../../../deps.ts";

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
    .where(
      and(
        isNull(users.deletedAt),
        marketingOptOut === undefined ? undefined : eq(users.marketingOptOut, marketingOptOut),
      ),
    )
    .orderBy(asc(users.email));
  const emails = rows.map((r) => r.email);
  return { emails, count: emails.length };
}
