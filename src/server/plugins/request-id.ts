/**
 * Request ids and the request log. Every request gets an id: a random UUID, or the X-Request-Id a trusted
 * load balancer sent (only when TRUST_PROXY is set, and only a short plain token, so a client cannot inject
 * text into the logs). The id is echoed in the X-Request-Id response header and is the `reqId` of every log
 * line the request writes (Fastify's child logger), errors included. One "request completed" line per
 * request carries the method, the redacted url, the status and the response time in milliseconds.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** genReqId: the proxy's id when the proxy is trusted and the id is a sane token, otherwise a new UUID. */
export function requestIdGenerator(trustProxy: false | number | string[]) {
  const trusted = trustProxy !== false;
  return (req: IncomingMessage): string => {
    if (trusted) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      if (typeof incoming === "string" && SANE_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/**
 * One line per request at info ("request completed", with req and res), instead of Fastify's two; the
 * incoming line is kept at debug level for tracing a request that never finishes.
 */
export class RequestLog extends LogController {
  incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** Echoes the id on every answer, errors and 404s included. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });
}
