/**
 * A date's ratings (one per partner) as the back office reads them, as SQL text shared by the row query
 * (query.ts) and the page built as JSON by PostgreSQL (page-json.ts), so the two cannot disagree.
 */
import type { AdminRating } from "../../../../shared/admin/assignments.ts";

/** Who wrote a rating: their name, else their e-mail; a deleted account is named as such. */
const raterName = `case when u.deleted_at is not null then 'Deleted member'
  else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.email) end`;

/** The JSON array text of the ratings of the date whose id is `dateId` (an SQL expression). */
export const ratingsJsonSql = (
  dateId: string,
) => `(select '[' || coalesce(string_agg('{"userId":' || dr.user_id
  || ',"name":' || to_json(${raterName})::text || ',"rating":' || dr.rating
  || ',"feedback":' || coalesce(to_json(dr.feedback)::text, 'null')
  || ',"ratedAt":"' || to_char(dr.rated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}',
  ',' order by dr.user_id), '') || ']'
  from date_ratings dr join users u on u.id = dr.user_id where dr.reservation_id = ${dateId})`;

/** The couple's average to one decimal, as JSON text ("null" when nobody rated). */
export const averageRatingSql = (dateId: string) =>
  `coalesce((select to_json(round(avg(dr.rating), 1)::float8)::text from date_ratings dr where dr.reservation_id = ${dateId}), 'null')`;

/** "{name}: {words}" for each rating with words, joined with " / ", as JSON text ("null" without words). */
export const feedbackSql = (
  dateId: string,
) => `coalesce((select to_json(string_agg(${raterName} || ': ' || dr.feedback,
  ' / ' order by dr.user_id))::text from date_ratings dr join users u on u.id = dr.user_id
  where dr.reservation_id = ${dateId} and dr.feedback is not null), 'null')`;

/** The same three from the ratings array (toAdminAssignment): average to one decimal and the joined words. */
export function summariseRatings(ratings: AdminRating[]): { rating: number | null; feedback: string | null } {
  const rating = ratings.length
    ? Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 10) / 10
    : null;
  const words = ratings.filter((r) => r.feedback !== null).map((r) => `${r.name}: ${r.feedback}`);
  return { rating, feedback: words.length ? words.join(" / ") : null };
}
