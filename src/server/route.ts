/**
 * Registers a Fastify route from its shared declaration (shared/contract, decision 0081): the method, path,
 * inputs, answers and documented errors come from the declaration, so the server cannot answer a shape the
 * client does not expect. The handler is typed from the same schemas: its request's params, query and body are
 * what the schemas parse to, and what it returns must be what the success schema encodes.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { z } from "zod";
import type { EndpointSpec, ReturnOf } from "../shared/contract/endpoint.ts";

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of `E` reads: params, query and body as the declaration's schemas parse them. */
export type RequestOf<E extends EndpointSpec> = FastifyRequest<{
  Params: Out<E["params"]>;
  Querystring: Out<E["query"]>;
  Body: Out<E["body"]>;
}>;

/**
 * A handler answers the success schema's value, or sends its own answer through `reply` (a file, a redirect,
 * a status of its own) and returns the reply.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    /** Registered from its shared declaration by route() (the route table says so). */
    contract?: boolean;
  }
}

export type HandlerOf<E extends EndpointSpec> = (
  req: RequestOf<E>,
  reply: FastifyReply,
) => Promise<ReturnOf<E> | FastifyReply> | ReturnOf<E> | FastifyReply;

/** Everything a route may add beside its declaration: hooks, config, limits, extra document fields. */
export type RouteExtras = Omit<RouteShorthandOptions, "schema"> & {
  /** Document-only fields the declaration does not carry (response headers, tags). */
  schema?: Omit<FastifySchema, "body" | "querystring" | "params" | "response">;
};

/** The Fastify schema of a declaration, as the type provider and the OpenAPI transform read it. */
export function schemaOf(ep: EndpointSpec, extra: RouteExtras["schema"] = {}): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { ...extra, response: ep.responses };
  if (ep.summary) schema.summary = ep.summary;
  if (ep.description) schema.description = ep.description;
  if (ep.params) schema.params = ep.params;
  if (ep.query) schema.querystring = ep.query;
  if (ep.body) schema.body = ep.body;
  if (ep.errors) schema.errors = ep.errors;
  if (ep.answerHeaders) schema.answerHeaders = ep.answerHeaders;
  if (ep.hide) schema.hide = true;
  return schema;
}

/** Registers the declared endpoint on `app` with its handler. */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  ep: E,
  extras: RouteExtras,
  handler: HandlerOf<E>,
): void {
  const { schema, ...options } = extras;
  app.route({
    ...options,
    config: { ...options.config, contract: true },
    method: ep.method,
    url: ep.path,
    schema: schemaOf(ep, schema),
    // The one widening: Fastify's own handler type knows nothing of the declaration the types above come from.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
