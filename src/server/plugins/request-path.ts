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
  app.addHook("onRequest", async (req) => {
    const raw = req.url.split("?")[0];
    try {
      req.pathname = decodeURIComponent(raw);
    } catch {
      req.pathname = raw;
      throw badRequest("Malformed address");
    }
  });
}

export const isApiPath = (req: FastifyRequest) => req.pathname === "/api" || req.pathname.startsWith("/api/");
