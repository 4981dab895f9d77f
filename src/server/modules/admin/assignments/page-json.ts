/**
 * The unsearched assignments page (the tab as it opens) as JSON text built by PostgreSQL: the exact text
 * JSON.stringify gives for listAssignments' rows (toAdminAssignment, query.ts), key for key in the same order,
 * without a JavaScript object per row and column. Strings and numbers are encoded by to_json (PostgreSQL
 * escapes as JSON.stringify does), instants as toISOString writes them (UTC, milliseconds).
 *
 * One named prepared statement (each pooled connection plans it once).
 */
import type { Db } from "../../../db/client.ts";

const value = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
const instant = (expr: string) =>
  `coalesce('"' || to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
/** `{"k1":v1,"k2":v2}` from [key, SQL text expression] pairs (keys are fixed identifiers). */
const object = (fields: Array<[string, string]>) =>
  `'{' || ${fields.map(([k, v], i) => `'${i ? "," : ""}"${k}":' || ${v}`).join(" || ")} || '}'`;

/** toAdminAssignment: matchReasons keeps an array's strings only, anything else is null. */
const matchReasons = `case when jsonb_typeof(r.match_reasons) = 'array' then (
  select '[' || coalesce(string_agg(e::text, ',' order by n), '') || ']'
  from jsonb_array_elements(r.match_reasons) with ordinality as m(e, n) where jsonb_typeof(e) = 'string'
) else 'null' end`;

const row = object([
  ["id", value("r.id")],
  ["userId", value("r.user_id")],
  ["venueId", value("r.venue_id")],
  ["dateIdeaId", value("r.date_idea_id")],
  ["scheduledDate", instant("r.scheduled_date")],
  ["status", value("r.status")],
  ["createdAt", instant("r.created_at")],
  ["revealedAt", instant("r.revealed_at")],
  ["confirmedAt", instant("r.confirmed_at")],
  [
    "user",
    `case when u.email is null then 'null' else ${object([
      ["id", value("r.user_id")],
      ["email", value("u.email")],
      ["firstName", value("u.first_name")],
      ["lastName", value("u.last_name")],
    ])} end`,
  ],
  [
    "venue",
    `case when r.venue_id is null or v.name is null then 'null' else ${object([
      ["id", value("r.venue_id")],
      ["name", value("v.name")],
      ["city", value("v.city")],
      ["type", value("v.type")],
      ["address", value("v.address")],
    ])} end`,
  ],
  [
    "dateIdea",
    `case when i.title is null then 'null' else ${object([
      ["title", value("i.title")],
      ["description", value("i.description")],
      ["category", value("i.category")],
      ["duration", value("i.duration")],
      ["timeOfDay", value("i.time_of_day")],
    ])} end`,
  ],
  ["rating", value("r.rating")],
  ["feedback", value("r.feedback")],
  ["matchReasons", matchReasons],
]);

export const PAGE_JSON_SQL = `select '[' || coalesce(string_agg(page.j, ',' order by page.created_at desc, page.id desc), '') || ']' as json
from (
  select r.id, r.created_at, ${row} as j
  from date_reservations r
  left join users u on u.id = r.user_id
  left join venues v on v.id = r.venue_id
  left join date_ideas i on i.id = r.date_idea_id
  order by r.created_at desc, r.id desc
  limit $1 offset $2
) page`;

/** Newest first, `limit` from `offset`: the JSON array text of the page. */
export async function assignmentsPageJson(db: Db, limit: number, offset: number): Promise<string> {
  const { rows } = await db.$client.query<{ json: string }>({
    name: "admin_assignments_page_json",
    text: PAGE_JSON_SQL,
    values: [limit, offset],
  });
  return rows[0].json;
}
