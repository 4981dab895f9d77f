import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../http-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The percent-decoded path, as the router sees it: every guard compares against this, never raw `url`. */
    pathname: string;
  }
}

/** Must be registered before any other hook so guards cannot be sidestepped with "/%61pi/admin". */
export function registerRequestPath(app: FastifyInstance): void {
  app.decorateRequest("pathname", "");
  app.addHook("onRequest", (req, _reply, done) => {
    const q = req.url.indexOf("?");
    const raw = q === -1 ? req.url : req.url.slice(0, q);
    try {
      req.pathname = raw.includes("%") ? decodeURIComponent(raw) : raw;
    } catch {
      req.pathname = raw;
      return done(badRequest("Malformed address"));
    }
    done();
  });
}

export const isApiPath = (req: FastifyRequest) => req.pathname === "/api" || req.pathname.startsWith("/api/");
