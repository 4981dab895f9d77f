/**
 * Building blocks of the response contract. Every route declares what it answers with zod; the serializer
 * (fastify-type-provider-zod) encodes through that schema, so a field that is not listed never leaves, and
 * the OpenAPI document at /api/docs/openapi.json is generated from the same schemas the client takes its
 * types from.
 *
 * Conventions:
 * - a 2xx body is a `z.object` (which strips unknown keys), never a loose or passthrough object;
 * - a field the handler fills with a `Date` is `z.date()` (sent and documented as an ISO date-time string);
 * - a field that is sent as a string stays `z.string()`;
 * - error answers (4xx) are documented for every route from its access and its inputs by plugins/openapi.ts;
 *   a route adds the codes only it answers (409, 422...) with `schema.errors`.
 */
import { z } from "zod";

/** The many answers that only say what happened: `{ "message": "..." }`. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message" });
export type MessageAnswer = z.infer<typeof messageSchema>;

/**
 * Every error answer: a message for people, the fields that failed (validation), and whatever a route adds
 * beside it (the rules a date breaks, a retry time...). Documentation only: errors are never re-encoded.
 */
export const errorBodySchema = z
  .looseObject({
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

/**
 * A response that is not JSON (a PDF, a calendar file, a CSV export, a page): documented with its media type
 * and not re-encoded (Fastify sends strings, buffers and streams of other types as they are).
 */
export function fileResponse(mediaType: string, description: string) {
  return {
    description,
    content: { [mediaType]: { schema: z.string().meta({ format: "binary" }) } },
  } as const;
}

/** A redirect answer (302/303), documented with the Location header it sets. */
export function redirectResponse(description: string) {
  return { description, content: { "text/plain": { schema: z.string() } } } as const;
}

/**
 * A JSON file download (built as text and sent with Content-Disposition, not re-encoded): documented with the
 * shape it holds, so the document says JSON and what the file contains.
 */
export function jsonFileResponse(schema: z.ZodType, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/**
 * An error answered as a page (the sandbox's payment pages outside /api): documented as HTML, and also as the
 * JSON error body when `alsoJson` (a refusal made before the page's handler runs, e.g. a malformed form).
 */
export function htmlErrorPage(description: string, alsoJson = false) {
  return {
    description,
    content: {
      "text/html": { schema: z.string() },
      ...(alsoJson ? { "application/json": { schema: errorBodySchema } } : {}),
    },
  } as const;
}
