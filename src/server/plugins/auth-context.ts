import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../shared/constants.ts";
import { MSG } from "../../shared/messages.ts";
import type { Config } from "../config.ts";
import type { User } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { forbidden, unauthorized } from "../http-error.ts";
import { findSessionUser } from "../modules/auth/sessions.ts";
import { isApiPath } from "./request-path.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionToken: string | null;
  }
}

/** Loads the signed-in user for every /api request, and guards the whole /api/admin/ tree in one place. */
export function registerAuthContext(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("onRequest", async (req) => {
    if (!isApiPath(req)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const user = await findSessionUser(deps.db, token, deps.now(), deps.config.sessionIdle);
    if (user) {
      req.user = user;
      req.sessionToken = token;
    }
  });
  app.addHook("onRequest", async (req) => {
    if (req.pathname === "/api/admin" || req.pathname.startsWith("/api/admin/")) {
      requireBackOffice(req, deps.config);
    }
  });
}

export function requireUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized(MSG.notSignedIn);
  return req.user;
}

export function requireAdmin(req: FastifyRequest): User {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden(MSG.adminOnly);
  return user;
}

/**
 * The back office's gate: an admin, and with ADMIN_2FA_REQUIRED one who has set up two-step verification, so
 * a stolen admin password alone never opens it (setting it up lives under /api/account, which stays open).
 */
export function requireBackOffice(req: FastifyRequest, config: Pick<Config, "admin2faRequired">): User {
  const admin = requireAdmin(req);
  if (config.admin2faRequired && !admin.totpEnabledAt) throw forbidden(MSG.adminTwoFactorRequired);
  return admin;
}

/** Route hook: refuses visitors with 401 before the body is even validated. */
export async function memberOnly(req: FastifyRequest): Promise<void> {
  requireUser(req);
}
