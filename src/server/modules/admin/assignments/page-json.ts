/**
 * The unsearched assignments page (the tab as it opens) as JSON text built by PostgreSQL: the exact text
 * JSON.stringify gives for listAssignments' rows (toAdminAssignment, query.ts), key for key in the same order,
 * without a JavaScript object per row and column. Strings and numbers are encoded by to_json (PostgreSQL
 * escapes as JSON.stringify does), instants as toISOString writes them (UTC, milliseconds).
 *
 * One named prepared statement (each pooled connection plans it once).
 */
import { adminAssignmentSchema } from "../../../../shared/admin/assignments.ts";
import type { Db } from "../../../db/client.ts";
import { FORMER_ADMIN, overriderNameSql } from "./override.ts";
import { averageRatingSql, feedbackSql, ratingsJsonSql } from "./ratings-sql.ts";

const value = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
const instant = (expr: string) =>
  `coalesce('"' || to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
/**
 * The keys of every object this text builds, by its path in the row ("" for the row, "user", "venue"...):
 * checked against the response schema when the module loads (keysMatchSchema below), because this page
 * skips the serializer and so would let a key that the schema does not list leave.
 */
const builtKeys = new Map<string, string[]>();

/** `{"k1":v1,"k2":v2}` from [key, SQL text expression] pairs (keys are fixed identifiers). */
const object = (fields: Array<[string, string]>, path = "") => {
  builtKeys.set(
    path,
    fields.map(([k]) => k),
  );
  return `'{' || ${fields.map(([k, v], i) => `'${i ? "," : ""}"${k}":' || ${v}`).join(" || ")} || '}'`;
};

/** toAdminAssignment: matchReasons keeps an array's strings only, anything else is null. */
const matchReasons = `case when jsonb_typeof(r.match_reasons) = 'array' then (
  select '[' || coalesce(string_agg(e::text, ',' order by n), '') || ']'
  from jsonb_array_elements(r.match_reasons) with ordinality as m(e, n) where jsonb_typeof(e) = 'string'
) else 'null' end`;

/** toOverride: null unless overridden_at is set; the rules keep an array's strings only. */
const override = `case when r.overridden_at is null then 'null' else ${object(
  [
    [
      "rules",
      `case when jsonb_typeof(r.override_rules) = 'array' then (
      select '[' || coalesce(string_agg(e::text, ',' order by n), '') || ']'
      from jsonb_array_elements(r.override_rules) with ordinality as m(e, n) where jsonb_typeof(e) = 'string'
    ) else '[]' end`,
    ],
    ["reason", `to_json(coalesce(r.override_reason, ''))::text`],
    ["byId", value("r.overridden_by")],
    ["by", `to_json(coalesce(${overriderNameSql("r.overridden_by")}, '${FORMER_ADMIN}'))::text`],
    ["at", instant("r.overridden_at")],
  ],
  "override",
)} end`;

/** toVenueBooking (query.ts): the date's venue state and its latest request. */
const venueBooking = `(select ${object(
  [
    [
      "status",
      `to_json(case when r.venue_status = 'pending' then (case when r.status = 'cancelled' then 'cancelled' else 'requested' end)
        when r.venue_status in ('requested', 'confirmed', 'declined', 'proposed', 'cancelled') then r.venue_status
        else 'requested' end)::text`,
    ],
    ["reference", value("r.venue_reference")],
    ["answeredAt", instant("r.venue_answered_at")],
    ["requestedAt", `case when r.venue_status = 'pending' then 'null' else ${instant("b.requested_at")} end`],
    [
      "escalated",
      `case when r.venue_status not in ('pending', 'confirmed') and r.status <> 'cancelled'
        and b.escalated_at is not null then 'true' else 'false' end`,
    ],
    [
      "declineReason",
      `case when r.venue_status = 'pending' then 'null' else ${value("b.decline_reason")} end`,
    ],
    [
      "proposedDate",
      `case when r.venue_status = 'proposed' then ${instant("b.proposed_date")} else 'null' end`,
    ],
    [
      "proposedNote",
      `case when r.venue_status = 'proposed' then ${value("b.proposed_note")} else 'null' end`,
    ],
  ],
  "venueBooking",
)} from (select 1) one left join lateral (
  select * from venue_bookings vb where vb.reservation_id = r.id order by vb.id desc limit 1
) b on true)`;

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
    `coalesce((select ${object(
      [
        ["id", value("r.user_id")],
        ["email", value("u.email")],
        ["firstName", value("u.first_name")],
        ["lastName", value("u.last_name")],
      ],
      "user",
    )} from users u where u.id = r.user_id), 'null')`,
  ],
  [
    "venue",
    `coalesce((select ${object(
      [
        ["id", value("r.venue_id")],
        ["name", value("v.name")],
        ["city", value("v.city")],
        ["type", value("v.type")],
        ["address", value("v.address")],
      ],
      "venue",
    )} from venues v where v.id = r.venue_id), 'null')`,
  ],
  [
    "dateIdea",
    `coalesce((select ${object(
      [
        ["title", value("i.title")],
        ["description", value("i.description")],
        ["category", value("i.category")],
        ["duration", value("i.duration")],
        ["timeOfDay", value("i.time_of_day")],
      ],
      "dateIdea",
    )} from date_ideas i where i.id = r.date_idea_id), 'null')`,
  ],
  ["rating", averageRatingSql("r.id")],
  ["feedback", feedbackSql("r.id")],
  ["ratings", ratingsJsonSql("r.id")],
  ["matchReasons", matchReasons],
  ["override", override],
  ["venueBooking", venueBooking],
  [
    "ruleProblems",
    `case when jsonb_typeof(r.rule_problems) = 'array' then (
      select '[' || coalesce(string_agg(e::text, ',' order by n), '') || ']'
      from jsonb_array_elements(r.rule_problems) with ordinality as m(e, n) where jsonb_typeof(e) = 'string'
    ) else '[]' end`,
  ],
  [
    "fixProposal",
    `case when jsonb_typeof(r.fix_proposal) = 'object' then ${object(
      [
        ["venueId", value("(r.fix_proposal->>'venueId')::int")],
        ["dateIdeaId", value("(r.fix_proposal->>'dateIdeaId')::int")],
        ["scheduledDate", value("r.fix_proposal->>'scheduledDate'")],
        ["venueName", value("r.fix_proposal->>'venueName'")],
        ["ideaTitle", value("r.fix_proposal->>'ideaTitle'")],
      ],
      "fixProposal",
    )} else 'null' end`,
  ],
  [
    "noShow",
    `case when r.status = 'no_show' and r.no_show_at is not null then ${object(
      [
        ["by", `to_json(case when r.no_show_by = 'venue' then 'venue' else 'couple' end)::text`],
        ["note", value("r.no_show_note")],
        ["at", instant("r.no_show_at")],
      ],
      "noShow",
    )} else 'null' end`,
  ],
  ["venueFeedback", value("r.venue_feedback")],
]);

/** The object schemas the page must match, by the same paths as builtKeys. */
function schemaKeys(): Map<string, string[]> {
  const shape = adminAssignmentSchema.shape;
  return new Map([
    ["", Object.keys(shape)],
    ["user", Object.keys(shape.user.unwrap().shape)],
    ["venue", Object.keys(shape.venue.unwrap().shape)],
    ["dateIdea", Object.keys(shape.dateIdea.unwrap().shape)],
    ["override", Object.keys(shape.override.unwrap().shape)],
    ["venueBooking", Object.keys(shape.venueBooking.shape)],
    ["noShow", Object.keys(shape.noShow.unwrap().shape)],
    ["fixProposal", Object.keys(shape.fixProposal.unwrap().shape)],
  ]);
}

/** Whether the page's objects carry exactly the schema's keys (ratings come from ratings-sql.ts, as listed). */
export function keysMatchSchema(): boolean {
  const want = schemaKeys();
  return (
    want.size === builtKeys.size &&
    [...want].every(
      ([path, keys]) => builtKeys.get(path)?.slice().sort().join() === keys.slice().sort().join(),
    )
  );
}

/**
 * The page's dates first (the newest-first index), then each one's member, venue and idea by primary
 * key in a subquery (users.email, venues.name and date_ideas.title are never null, so no row is null as
 * toAdminAssignment's checks say). No join: PostgreSQL plans this statement for every execution (its LIMIT
 * and OFFSET are parameters), and planning a four-table join cost more than running it.
 */
export const PAGE_JSON_SQL = `select '[' || coalesce(string_agg(${row}, ',' order by r.created_at desc, r.id desc), '') || ']' as json
from (select * from date_reservations order by created_at desc, id desc limit $1 offset $2) r`;

if (!keysMatchSchema()) throw new Error("The assignments page's JSON keys differ from adminAssignmentSchema");

/** Newest first, `limit` from `offset`: the JSON array text of the page. */
export async function assignmentsPageJson(db: Db, limit: number, offset: number): Promise<string> {
  const { rows } = await db.$client.query<{ json: string }>({
    name: "admin_assignments_page_json",
    text: PAGE_JSON_SQL,
    values: [limit, offset],
  });
  return rows[0].json;
}
