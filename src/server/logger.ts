/**
 * What a service needs to log: pino's calling convention (an object of fields, then a message). A Fastify
 * request's `req.log`, the app's `app.log` and a pino logger all satisfy it, so services never take a request.
 */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
