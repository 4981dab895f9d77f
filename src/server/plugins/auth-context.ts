import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { SESSION_COOKIE } from "../../shared/constants.ts";
import { MSG } from "../../shared/messages.ts";
import type { Config } from "../config.ts";
import type { SessionUser } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { forbidden, unauthorized } from "../http-error.ts";
import type { PublicUserRow } from "../modules/auth/public-user.ts";
import { ReadCache } from "../modules/auth/read-cache/read-cache.ts";
import { findSessionUser } from "../modules/auth/sessions.ts";
import { isApiPath } from "./request-path.ts";

export type AppAuthCache = ReadCache<SessionUser, PublicUserRow | undefined>;

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** Signed-in users in memory (SESSION_CACHE), or null. */
    authCache: AppAuthCache | null;
  }
  interface FastifyContextConfig {
    /** A GET or HEAD route that changes data: its answer waits for the session cache's sync like a POST's. */
    writes?: boolean;
  }
}

const READ_ONLY = new Set(["GET", "HEAD"]);

/** Loads the signed-in user for every /api request, and guards the whole /api/admin/ tree in one place. */
export function registerAuthContext(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  const connectionString = deps.db.$client.options.connectionString;
  const cache: AppAuthCache | null =
    deps.config.sessionCache && connectionString
      ? new ReadCache({ connectionString, log: (msg, err) => app.log.warn({ err }, msg) })
      : null;
  app.decorate("authCache", cache);
  if (cache) {
    app.addHook("onReady", () => cache.start());
    app.addHook("onClose", () => cache.close());
    // A request that may have written anything (a sign-out, a role or plan change) forgets every cached user
    // here, and waits until the other instances have read PostgreSQL's notifications of it, before it answers:
    // the browser's next request sees the change on whichever instance it reaches (modules/auth/read-cache).
    // A refused request (4xx) changed nothing (bad input changes nothing), so it neither empties the cache nor
    // waits: a flood of bad or unknown POSTs cannot switch the cache off. A GET that writes says so in its
    // route config (`writes: true`, e.g. the e-mail verification link).
    app.addHook("onSend", (req, reply, payload, done) => {
      const writes = !READ_ONLY.has(req.method) || req.routeOptions.config?.writes === true;
      if (!writes || (reply.statusCode >= 400 && reply.statusCode < 500)) return done(null, payload);
      cache.clear();
      // The change itself is done: a failed sync (the database unreachable) must not turn the answer into an error.
      cache
        .barrier(deps.db.$client)
        .catch((err) => req.log.warn({ err }, "auth cache: sync failed"))
        .then(() => done(null, payload));
    });
  }
  app.addHook("onRequest", async (req) => {
    if (!isApiPath(req)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const user = await findSessionUser(deps.db, token, deps.now(), deps.config.sessionIdle, cache);
    if (user) {
      req.user = user;
      req.sessionToken = token;
    }
  });
  // Callback-style hooks where nothing is awaited: an async hook costs a promise on every request.
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.pathname === "/api/admin" || req.pathname.startsWith("/api/admin/")) {
      try {
        requireBackOffice(req, deps.config);
      } catch (err) {
        return done(err as Error);
      }
    }
    done();
  });
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized(MSG.notSignedIn);
  return req.user;
}

export function requireAdmin(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden(MSG.adminOnly);
  return user;
}

/**
 * The back office's gate: an admin, and with ADMIN_2FA_REQUIRED one who has set up two-step verification, so
 * a stolen admin password alone never opens it (setting it up lives under /api/account, which stays open).
 */
export function requireBackOffice(
  req: FastifyRequest,
  config: Pick<Config, "admin2faRequired">,
): SessionUser {
  const admin = requireAdmin(req);
  if (config.admin2faRequired && !admin.twoFactorOn) throw forbidden(MSG.adminTwoFactorRequired);
  return admin;
}

/** Route hook: refuses visitors with 401 before the body is even validated (callback-style: no promise). */
export function memberOnly(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(req.user ? undefined : unauthorized(MSG.notSignedIn));
}
