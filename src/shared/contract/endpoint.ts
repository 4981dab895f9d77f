/**
 * One declaration per endpoint, read by both sides (decision 0081): the server registers its route from it
 * (server/route.ts) and the client calls it through `call` (client/lib/api.ts). A changed path, input or answer
 * is a compile error in every handler and every screen that uses it, and the OpenAPI document is generated from
 * the same schemas.
 *
 * A path names its parameters Fastify's way (`/api/dates/:id`); `params` says what each one is.
 */
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A non-JSON answer (a file, a page, a redirect), documented by its media type (schemas/responses.ts). */
export interface ContentAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

export type Answer = z.ZodType | ContentAnswer;

export interface EndpointSpec {
  readonly method: Method;
  readonly path: `/${string}`;
  readonly summary?: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Each status the endpoint answers with a body of its own: 2xx answers and any documented error page. */
  readonly responses: Readonly<Record<number, Answer>>;
  /**
   * The error statuses it answers beyond those its access and inputs imply (409, 422, 429...): the document
   * lists them with the common error body (plugins/openapi.ts).
   */
  readonly errors?: readonly number[];
  /**
   * Headers its success answers carry beside the body: a page's total (`X-Total-Count`), a record's version to
   * send back as If-Match (`ETag`). The document lists them on each 2xx answer, and the tests' answer check
   * refuses one sent without being declared.
   */
  readonly answerHeaders?: readonly AnswerHeader[];
  /** Hidden from the document (a test-only route). */
  readonly hide?: boolean;
}

/** A header a success answer may carry beyond its body, declared per endpoint (`answerHeaders`). */
export type AnswerHeader = "X-Total-Count" | "ETag";

/**
 * An endpoint whose answers carry the record's version (its `answerHeaders` list `ETag`): the only kind a
 * client may read a version from or send one to, so a version read where none is sent is a compile error.
 */
export type VersionedSpec = EndpointSpec & {
  readonly answerHeaders: readonly ["ETag", ...AnswerHeader[]] | readonly [...AnswerHeader[], "ETag"];
};

/**
 * The endpoint itself when it honours If-Match (its `errors` list 412), otherwise a type no endpoint has: a
 * version sent where the server ignores it is a compile error.
 */
export type HonoursIfMatch<E extends EndpointSpec> = 412 extends NonNullable<E["errors"]>[number]
  ? E
  : { readonly "this endpoint does not answer 412 to a stale If-Match": never };

/** Declares an endpoint; the literal types are kept, so paths, inputs and answers stay checked. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Infer<S> = S extends z.ZodType ? z.input<S> : never;

/** A status from 200 to 299 of an endpoint's answers. */
type SuccessStatus<E extends EndpointSpec> = Extract<
  keyof E["responses"],
  200 | 201 | 202 | 203 | 204 | 205 | 206
>;

/**
 * The JSON body a successful call answers, as it travels (the serializer encodes the handler's value through
 * the schema: `z.input` is what arrives). A 204 answers nothing: `null`.
 */
export type AnswerOf<E extends EndpointSpec> = {
  [S in SuccessStatus<E>]: S extends 204
    ? null
    : E["responses"][S] extends z.ZodType
      ? z.input<E["responses"][S]>
      : never;
}[SuccessStatus<E>];

/** What a handler returns: the schema's output (before it is encoded for the wire). */
export type ReturnOf<E extends EndpointSpec> = {
  [S in SuccessStatus<E>]: S extends 204
    ? undefined
    : E["responses"][S] extends z.ZodType
      ? z.output<E["responses"][S]>
      : unknown;
}[SuccessStatus<E>];

type Field<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { readonly [P in K]?: z.input<S> }
    : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

/** A path parameter travels as text: a number given for one is written out (an id, say). */
type PathValues<T> = { readonly [K in keyof T]: T[K] extends string ? string | number : T[K] };

type ParamsField<S> = S extends z.ZodType
  ? { readonly params: PathValues<z.input<S>> }
  : { readonly params?: never };

/**
 * What a call sends: `params` for the path (numbers welcome where the path takes text), `query`, and `body`,
 * each as its schema takes it.
 */
export type InputOf<E extends EndpointSpec> = ParamsField<E["params"]> &
  Field<"query", E["query"]> &
  Field<"body", E["body"]>;

/** True when a call of the endpoint needs no input at all. */
export type NeedsNoInput<E extends EndpointSpec> = object extends InputOf<E> ? true : false;

export type ParamsOf<E extends EndpointSpec> = E["params"] extends z.ZodType
  ? PathValues<z.input<E["params"]>>
  : never;
export type QueryOf<E extends EndpointSpec> = Infer<E["query"]>;
export type BodyOf<E extends EndpointSpec> = Infer<E["body"]>;

/** The endpoint's path with its parameters filled in (each one URL-encoded). */
export function pathOf(ep: EndpointSpec, params?: unknown): string {
  const values: Record<string, unknown> = params && typeof params === "object" ? { ...params } : {};
  return ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${ep.method} ${ep.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (without "?"): unset and null values are left out, arrays repeat their key. */
export function queryStringOf(query: unknown): string {
  if (!query || typeof query !== "object") return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return search.toString();
}

/** The address a call goes to: the filled path and its query (typed callers: client/lib/api.ts). */
export function urlOf(
  ep: EndpointSpec,
  input: { readonly params?: unknown; readonly query?: unknown } = {},
): string {
  const qs = queryStringOf(input.query);
  return qs ? `${pathOf(ep, input.params)}?${qs}` : pathOf(ep, input.params);
}
