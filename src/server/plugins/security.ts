import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { MSG } from "../../shared/messages.ts";
import { THEME_BOOT_SCRIPT } from "../../shared/theme.ts";
import type { Config } from "../config.ts";
import { forbidden } from "../http-error.ts";
import { isApiPath } from "./request-path.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths called server to server; they authenticate by signature instead of by browser origin. */
export const ORIGIN_EXEMPT_PREFIXES = ["/api/webhooks/", "/api/support/inbound"];

/**
 * The security headers helmet would set, computed once: they depend only on the configuration, and
 * @fastify/helmet built a new helmet middleware (parsing the CSP directives again) for every request.
 */
export function securityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * Every answer's security headers for this configuration: helmet's, and a Permissions-Policy turning off the
 * browser features the app never uses. Set on every answer, errors and early ones included.
 */
export function appSecurityHeaders(config: Config): Array<[string, string]> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One inline script, by its hash: the theme's, which must run before the first paint (no flash).
        scriptSrc: ["'self'", THEME_BOOT_HASH],
        // Radix primitives insert small <style> elements (scroll locking); no remote styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest come from the app itself, nowhere else.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.env === "production" ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.env === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
  });
  headers.push(["permissions-policy", PERMISSIONS_POLICY]);
  return headers;
}

/** The CSP source allowing the theme's boot script, which the build puts inline in every page's <head>. */
export const THEME_BOOT_HASH = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

/** The app asks for none of these; an injected script or frame cannot either. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()";

/**
 * A request Node refuses before Fastify sees it (headers too large, a malformed request line): answered with
 * the same security headers and a JSON message, as Fastify's own handler would, instead of a bare status.
 */
export function clientErrorWith(headers: Array<[string, string]>) {
  return (err: { code?: string }, socket: import("node:net").Socket): void => {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const [status, message] =
      err.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request's headers are too large."]
        : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "The request took too long to arrive."]
          : [400, "Malformed request."];
    const body = JSON.stringify({ message });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}`,
      "content-type: application/json; charset=utf-8",
      `content-length: ${Buffer.byteLength(body)}`,
      "cache-control: no-store",
      "connection: close",
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = appSecurityHeaders(config);
  // Set on the raw response before anything else runs, so errors and 404s carry them too (as @fastify/helmet did).
  app.addHook("onRequest", (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const appOrigin = new URL(config.appUrl).origin;
  // A browser sends Origin on every cross-site POST; a request from another site is refused before any
  // handler runs. Requests without Origin (curl, server-to-server) carry no ambient browser credentials risk
  // beyond SameSite=Lax cookies, and Sec-Fetch-Site covers browsers that omit Origin.
  const crossSite = (req: FastifyRequest): boolean => {
    if (!MUTATING.has(req.method) || !isApiPath(req)) return false;
    if (ORIGIN_EXEMPT_PREFIXES.some((p) => req.pathname.startsWith(p))) return false;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const host = req.headers.host;
      return !(
        origin === appOrigin ||
        (host && (origin === `http://${host}` || origin === `https://${host}`))
      );
    }
    return req.headers["sec-fetch-site"] === "cross-site";
  };
  // Callback-style hooks: an async hook costs a promise on every request.
  app.addHook("onRequest", (req, _reply, done) =>
    done(crossSite(req) ? forbidden(MSG.crossOrigin) : undefined),
  );

  app.addHook("onSend", (req, reply, payload, done) => {
    if (isApiPath(req) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
