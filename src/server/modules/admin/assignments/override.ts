/**
 * An operator's override of the rulebook as the back office reads it: the rules the date broke,
 * the reason, who and when. One reading for the row reader (query.ts) and the page built by PostgreSQL
 * (page-json.ts), so the two give the same JSON.
 */
import type { AssignmentOverride } from "../../../../shared/admin/assignments.ts";

/** Shown when the overriding admin's account is gone (overridden_by set null). */
export const FORMER_ADMIN = "Former admin";

/** The overriding admin's name (memberName: first and last name, else the e-mail), from their id column. */
export function overriderNameSql(byColumn: string): string {
  return `(select coalesce(nullif(trim(concat_ws(' ', nullif(o.first_name, ''), nullif(o.last_name, ''))), ''), o.email) from users o where o.id = ${byColumn})`;
}

export interface OverrideColumns {
  overrideRules: unknown;
  overrideReason: string | null;
  overriddenBy: number | null;
  overriddenAt: Date | null;
  overriderName: string | null;
}

export function toOverride(r: OverrideColumns): AssignmentOverride | null {
  if (!r.overriddenAt) return null;
  return {
    rules: Array.isArray(r.overrideRules)
      ? r.overrideRules.filter((x): x is string => typeof x === "string")
      : [],
    reason: r.overrideReason ?? "",
    byId: r.overriddenBy,
    by: r.overriderName ?? FORMER_ADMIN,
    at: r.overriddenAt.toISOString(),
  };
}
