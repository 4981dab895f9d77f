import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MSG } from "../../shared/messages.ts";
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../db/unavailable.ts";
import { HttpError } from "../http-error.ts";

const NUL_MESSAGE = "Text may not contain NUL characters.";

/**
 * Fastify's own refusals before routing (an address that cannot be decoded, a parameter too long): answered
 * as JSON {message} like every other failure, with the request id (route hooks do not run for these).
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(err.statusCode ?? 400)
    .header("x-request-id", req.id)
    .header("cache-control", "no-store")
    .send({ message: err.code === "FST_ERR_BAD_URL" ? "Malformed address" : "Bad request" });
}

/** No request of this app nests deeper; a deeper body is refused before anything walks it recursively. */
const MAX_BODY_DEPTH = 32;

/**
 * Walks a parsed JSON body without recursion (a 5,000-level body cannot overflow the stack) and answers why
 * it must be refused: a NUL character in any key or string, or nesting deeper than MAX_BODY_DEPTH.
 */
function inspectBody(body: object): string | null {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) return NUL_MESSAGE;
    } else if (value !== null && typeof value === "object") {
      if (depth >= MAX_BODY_DEPTH) return "The request body is nested too deeply.";
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\0")) return NUL_MESSAGE;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/** Every failure leaves as JSON {message}; only a bug is a 500, and its details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL characters: a body carrying one is refused before anything runs.
  // Callback-style: an async hook costs a promise on every request, bodiless GETs included.
  app.addHook("preValidation", (req, _reply, done) => {
    // A raw upload (the venue sync's file) is bytes, not JSON: walking a 3.7 MB Buffer entry by entry froze
    // the server for seconds and took gigabytes. Binary files hold NUL bytes rightly; their readers check text.
    const body = req.body;
    if (body !== undefined && body !== null && typeof body === "object" && !ArrayBuffer.isView(body)) {
      const problem = inspectBody(body);
      if (problem) return done(new HttpError(400, problem));
    }
    done();
  });
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return reply.code(err.statusCode).send({
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.extra ?? {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "Invalid value",
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? "Invalid request", errors });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (err as FastifyError).code;
      const message =
        code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? MSG.malformedJson
          : code === "FST_ERR_CTP_EMPTY_JSON_BODY"
            ? "The request body is empty"
            : code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? "The request body is too large"
              : code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
                ? "Unsupported content type"
                : err.message;
      return reply.code(status).send({ message });
    }
    // Values PostgreSQL cannot store (a NUL character in text, a number past the column's range) are the
    // sender's mistake, not ours.
    const pgCode =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (pgCode === "22021" || pgCode === "22P05" || pgCode === "22003" || pgCode === "22P02") {
      return reply.code(400).send({
        message:
          "The request contains a value that cannot be stored (a NUL character or an out-of-range number).",
      });
    }
    // A row another request changed at the same moment (a venue deleted while a date was booked at it, a
    // unique value taken in between): the request lost a race and may be tried again.
    if (
      pgCode === "23503" ||
      pgCode === "23001" ||
      pgCode === "23505" ||
      pgCode === "40001" ||
      pgCode === "40P01"
    ) {
      req.log.warn({ err }, "request lost a race with another change");
      return reply.code(409).send({
        message: "Something changed at the same moment. Please reload and try again.",
      });
    }
    // The database is out of reach (stopped, restarting, out of connections): not a bug, and it passes.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, "database unavailable");
      // Its own serializer: a route whose schema declares another 503 body (the health check) would refuse it.
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .serializer(JSON.stringify)
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
