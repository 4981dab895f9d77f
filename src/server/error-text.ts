/**
 * One line (or a few) saying what went wrong, for whatever was thrown: an Error's message, or when it has none
 * its code, system call and address (a refused connection), every error inside an AggregateError (Node's
 * "localhost" tries ::1 and 127.0.0.1 and reports both with an empty message), PostgreSQL's code, detail and
 * hint, and the cause. Never "undefined" and never empty.
 */
export function describeError(thrown: unknown, depth = 0): string {
  if (depth > 4) return "(more causes)";
  if (thrown === undefined || thrown === null) {
    return `the operation failed without saying why (it gave ${String(thrown)} as its error)`;
  }
  if (typeof thrown === "string") return thrown.trim() || "the operation failed with an empty message";
  if (!(thrown instanceof Error)) return describeValue(thrown);

  const e = thrown as Error & Record<string, unknown>;
  const inner = thrown instanceof AggregateError ? thrown.errors.map((x) => describeError(x, depth + 1)) : [];
  const code = typeof e.code === "string" || typeof e.code === "number" ? String(e.code) : "";
  const where = [
    typeof e.syscall === "string" ? e.syscall : "",
    typeof e.address === "string" ? `${e.address}${typeof e.port === "number" ? `:${e.port}` : ""}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  let text = e.message.trim();
  if (!text) {
    if (inner.length > 0) text = unique(inner).join("; ");
    else if (code || where) text = [code, where].filter(Boolean).join(" ");
    else {
      const at = e.stack?.split("\n").find((l) => l.trim().startsWith("at "));
      text = `${e.name || "Error"} with no message${at ? ` (thrown ${at.trim()})` : ""}`;
    }
  } else if (inner.length > 0) {
    text = `${text}: ${unique(inner).join("; ")}`;
  }
  // TypeError, RangeError...: the kind says something (pg names its errors "error", which says nothing).
  if (/.Error$/.test(e.name) && !text.includes(e.name) && !(thrown instanceof AggregateError)) {
    text = `${e.name}: ${text}`;
  }
  // PostgreSQL's own explanation (pg's DatabaseError), and its SQLSTATE when the message does not carry it.
  const extra: string[] = [];
  if (typeof e.detail === "string" && e.detail) extra.push(`detail: ${e.detail}`);
  if (typeof e.hint === "string" && e.hint) extra.push(`hint: ${e.hint}`);
  if (code && !text.includes(code)) extra.push(`code ${code}`);
  if (extra.length > 0) text = `${text} (${extra.join("; ")})`;
  if (e.cause !== undefined) text = `${text}\n  caused by: ${describeError(e.cause, depth + 1)}`;
  return text;
}

function describeValue(value: unknown): string {
  if (typeof value === "object" && value) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message.trim();
    try {
      const json = JSON.stringify(value);
      if (json && json !== "{}") return `a non-error value was thrown: ${json.slice(0, 500)}`;
    } catch {
      // circular: fall through to its tag
    }
    return `a non-error value was thrown: ${Object.prototype.toString.call(value)}`;
  }
  return `a non-error value was thrown: ${String(value)}`;
}

const unique = (xs: string[]) => [...new Set(xs)];
