import type { FastifyInstance, FastifyReply } from "fastify";
import { AUTH_HINT_COOKIE, SESSION_COOKIE } from "../../../shared/constants.ts";
import { authApi as api } from "../../../shared/contract/auth.ts";
import { MSG } from "../../../shared/messages.ts";
import { safeNextPath } from "../../../shared/safe-next.ts";
import { AUTH_MSG, type TwoFactorChallenge } from "../../../shared/schemas/auth.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import type { UserRow } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, HttpError, unauthorized } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { route } from "../../route.ts";
import { checkSecondFactor } from "../account/two-factor.ts";
import {
  attemptKeys,
  checkAttempt,
  countFailure,
  countSuccess,
  DEVICE_COOKIE,
  setDeviceCookie,
  signInLinkUser,
  spendSignInLink,
  trustedDevice,
} from "./lockout.ts";
import { publicUserJson, toPublicUser } from "./public-user.ts";
import { twoFactorOn } from "./secrets.ts";
import {
  authenticate,
  findUserById,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  resetTokenValid,
  verifyEmail,
} from "./service.ts";
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from "./sessions.ts";

/** The two-step code's own flood: new browsers wait (the step-up link would not help, the code is still asked). */
function tooManyCodes(minutes: number): HttpError {
  return new HttpError(429, MSG.tooManyRequests(minutes), { "retry-after": String(minutes * 60) });
}

/** A sign-in without the code, when two-step sign-in is on: the code is asked, no session yet. */
const codeAsked = (): TwoFactorChallenge => ({ twoFactorRequired: true, message: MEMBER_MSG.code });

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const secure = deps.config.secureCookies;

  /** Starts a fresh session, ending any session the browser already had (no session fixation). */
  async function startSession(
    req: { ip: string; headers: Record<string, unknown>; cookies: Record<string, string | undefined> },
    reply: Parameters<typeof setSessionCookie>[0],
    user: { id: number; password: string | null },
  ) {
    const previous = req.cookies[SESSION_COOKIE];
    if (previous && previous.length <= 100) await destroySession(deps.db, previous);
    const token = await createSession(deps.db, user.id, deps.now(), {
      ip: req.ip,
      userAgent: String(req.headers["user-agent"] ?? ""),
      passwordHash: user.password,
    });
    if (!token) throw unauthorized(MSG.invalidCredentials);
    setSessionCookie(reply, token, secure);
    // This browser is now known to the account: a sign-in flood from elsewhere will not block it (lockout.ts).
    setDeviceCookie(reply as FastifyReply, deps, req.cookies[DEVICE_COOKIE], user.id);
  }

  /** The two-step code of a sign-in, counted under the same lockout rules as passwords. */
  async function secondFactor(
    req: { ip: string; cookies: Record<string, string | undefined> },
    user: UserRow,
    code: string,
  ): Promise<void> {
    const device = trustedDevice(deps.config.deviceCookieSecret, req.cookies[DEVICE_COOKIE], user.id);
    const keys = attemptKeys(deps, "code", String(user.id), user, req.ip, device);
    const flooded = await checkAttempt(deps, keys);
    if (flooded) throw tooManyCodes(flooded);
    if (!(await checkSecondFactor(deps, user, code))) {
      await countFailure(deps, keys);
      throw unauthorized(MEMBER_MSG.wrongCode);
    }
    await countSuccess(deps, keys);
  }

  route(app, api.register, {}, async (req, reply) => {
    const rl = deps.config.rateLimits;
    await deps.limiter.hit(`register-ip:${req.ip}`, rl.registerPerIp, rl.windowMinutes);
    const user = await registerUser(deps, req.body);
    await startSession(req, reply, user);
    return reply.code(201).send(await toPublicUser(deps, user));
  });

  route(app, api.login, {}, async (req, reply) => {
    const user = await authenticate(
      deps,
      req.body.email,
      req.body.password,
      req.ip,
      req.cookies[DEVICE_COOKIE],
    );
    if (await twoFactorOn(deps.db, user.id)) {
      // The password was right; the session starts only with the second factor.
      if (!req.body.code) return codeAsked();
      await secondFactor(req, user, req.body.code);
    }
    await startSession(req, reply, user);
    return toPublicUser(deps, user);
  });

  route(app, api.loginLink, {}, async (req, reply) => {
    const rl = deps.config.rateLimits;
    await deps.limiter.hit(`login-link-ip:${req.ip}`, rl.loginPerIp, rl.windowMinutes);
    const userId = await signInLinkUser(deps, req.body.token);
    const user = userId ? await findUserById(deps, userId) : null;
    if (!user || user.deletedAt) throw badRequest(AUTH_MSG.signInLinkDead);
    if (await twoFactorOn(deps.db, user.id)) {
      if (!req.body.code) return codeAsked();
      await secondFactor(req, user, req.body.code);
    }
    if (!(await spendSignInLink(deps, req.body.token))) throw badRequest(AUTH_MSG.signInLinkDead);
    await startSession(req, reply, user);
    return toPublicUser(deps, user);
  });

  route(app, api.logout, {}, async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) await destroySession(deps.db, token);
    clearSessionCookie(reply, secure);
    // The browser drops what it kept of the member's pages; the page also tells the service worker to
    // delete its caches (revealed dates kept for offline use), which this header does not reach everywhere.
    reply.header("clear-site-data", '"cache"');
    return { message: "Signed out" };
  });

  route(app, api.user, {}, async (req, reply) => {
    // A stale hint (expired or ended session) is cleared so the client stops asking.
    if (!req.user && req.cookies[AUTH_HINT_COOKIE]) clearSessionCookie(reply, secure);
    // Text already encoded through publicUserSchema, kept per cached user (public-user.ts). Fastify sends a
    // string with a JSON type as it is.
    const json = await publicUserJson(deps, requireUser(req), app.authCache);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  route(app, api.forgotPassword, {}, async (req) => {
    await requestPasswordReset(deps, req.body.email, req.ip);
    return { message: MSG.forgotAnswer };
  });

  route(app, api.resetPassword, {}, async (req, reply) => {
    await resetPassword(deps, req.body.token, req.body.password, req.ip);
    // The browser that reset the password is signed out too: it signs in with the new one.
    clearSessionCookie(reply, secure);
    return { message: MSG.resetDone };
  });

  route(app, api.resetCheck, {}, async (req, reply) => {
    reply.header("cache-control", "no-store");
    return { valid: await resetTokenValid(deps, req.query.token, req.ip) };
  });

  // It writes (the address is confirmed, a pending one takes over): the session cache syncs (auth-context.ts).
  route(app, api.verifyEmail, { config: { writes: true } }, async (req, reply) => {
    try {
      const outcome = await verifyEmail(deps, req.query.token);
      return reply.redirect(outcome === "already" ? "/?verified=already" : "/?verified=1");
    } catch {
      // A spent or replaced link opened by a member whose address is verified: nothing is wrong.
      const user = req.user;
      if (user?.emailVerified && !user.pendingEmail) return reply.redirect("/?verified=already");
      return reply.redirect("/?verified=0");
    }
  });

  route(app, api.resendVerification, { onRequest: memberOnly }, async (req) => {
    const user = requireUser(req);
    await deps.limiter.hit(`verify-resend:${user.id}`, 3, deps.config.rateLimits.windowMinutes);
    await resendVerification(deps, user);
    return { message: "Verification e-mail sent" };
  });

  route(app, api.loginPage, {}, async (req, reply) => {
    // A member page that found the session gone sends the member here with the page to come back to.
    const next = safeNextPath(req.query.next ?? null);
    return reply.redirect(next ? `/auth?next=${encodeURIComponent(next)}` : "/auth");
  });
}
