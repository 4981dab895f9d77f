/**
 * Whether a thrown error says the database cannot be reached just now (refused or dropped connection, the
 * server shutting down or starting up, no connection slot free, the pool's connect timeout), rather than that
 * a query was wrong. Looks through wrappers (drizzle's query error keeps pg's as `cause`) and every error of
 * an AggregateError (a host name tried on several addresses).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isDatabaseUnavailable(thrown: unknown, depth = 0): boolean {
  if (depth > 5 || thrown === null || typeof thrown !== "object") return false;
  const e = thrown as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "We can't reach our database just now. Please try again in a moment.";
