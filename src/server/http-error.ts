/** An error that becomes a JSON `{message}` answer with the given status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly errors?: Array<{ path: string; message: string }>;
  /** More fields of the answer beside `message` (e.g. the rules a date breaks). */
  extra?: Record<string, unknown>;
  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    errors?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.errors = errors;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** A 400 about one field: its message, and the field in `errors`, so the form marks it and links to it. */
export const badField = (path: string, message: string) =>
  new HttpError(400, message, {}, [{ path, message }]);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
