import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { MSG } from "../../shared/messages.ts";
import type { Config } from "../config.ts";
import { forbidden } from "../http-error.ts";
import { isApiPath } from "./request-path.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths called server to server; they authenticate by signature instead of by browser origin. */
export const ORIGIN_EXEMPT_PREFIXES = ["/api/webhooks/", "/api/support/inbound"];

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives insert small <style> elements (scroll locking); no remote styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
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

  const appOrigin = new URL(config.appUrl).origin;
  // A browser sends Origin on every cross-site POST; a request from another site is refused before any
  // handler runs. Requests without Origin (curl, server-to-server) carry no ambient browser credentials risk
  // beyond SameSite=Lax cookies, and Sec-Fetch-Site covers browsers that omit Origin.
  app.addHook("onRequest", async (req) => {
    if (!MUTATING.has(req.method) || !isApiPath(req)) return;
    if (ORIGIN_EXEMPT_PREFIXES.some((p) => req.pathname.startsWith(p))) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const host = req.headers.host;
      const ok =
        origin === appOrigin || (host && (origin === `http://${host}` || origin === `https://${host}`));
      if (!ok) throw forbidden(MSG.crossOrigin);
      return;
    }
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site") throw forbidden(MSG.crossOrigin);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    if (isApiPath(req) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
