import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_HINT_COOKIE, SESSION_COOKIE } from "../../../shared/constants.ts";
import { MSG } from "../../../shared/messages.ts";
import { safeNextPath } from "../../../shared/safe-next.ts";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordRequestSchema,
  resetTokenCheckSchema,
  verifyEmailSchema,
} from "../../../shared/schemas/auth.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import type { Deps } from "../../deps.ts";
import { unauthorized } from "../../http-error.ts";
import { memberOnly, requireUser } from "../../plugins/auth-context.ts";
import { checkSecondFactor } from "../account/two-factor.ts";
import { publicUserJson, toPublicUser } from "./public-user.ts";
import {
  authenticate,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  resetTokenValid,
  verifyEmail,
} from "./service.ts";
import { clearSessionCookie, createSession, destroySession, setSessionCookie } from "./sessions.ts";

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  }

  r.post("/api/register", { schema: { body: registerSchema } }, async (req, reply) => {
    const rl = deps.config.rateLimits;
    await deps.limiter.hit(`register-ip:${req.ip}`, rl.registerPerIp, rl.windowMinutes);
    const user = await registerUser(deps, req.body);
    await startSession(req, reply, user);
    return reply.code(201).send(await toPublicUser(deps, user));
  });

  r.post("/api/login", { schema: { body: loginSchema } }, async (req, reply) => {
    const user = await authenticate(deps, req.body.email, req.body.password, req.ip);
    if (user.totpEnabledAt) {
      // The password was right; the session starts only with the second factor.
      if (!req.body.code) return { twoFactorRequired: true, message: MEMBER_MSG.code };
      // Codes have their own counter: a correct password does not reset it.
      const rl = deps.config.rateLimits;
      const key = `2fa-login:${user.id}`;
      await deps.limiter.check(key, rl.loginFailuresPerAccount);
      if (!(await checkSecondFactor(deps, user, req.body.code))) {
        try {
          await deps.limiter.hit(key, rl.loginFailuresPerAccount, rl.windowMinutes);
        } catch {}
        throw unauthorized(MEMBER_MSG.wrongCode);
      }
      await deps.limiter.reset(key);
    }
    await startSession(req, reply, user);
    return toPublicUser(deps, user);
  });

  r.post("/api/logout", async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) await destroySession(deps.db, token);
    clearSessionCookie(reply, secure);
    return { message: "Signed out" };
  });

  r.get("/api/auth/user", async (req, reply) => {
    // A stale hint (expired or ended session) is cleared so the client stops asking.
    if (!req.user && req.cookies[AUTH_HINT_COOKIE]) clearSessionCookie(reply, secure);
    // The same JSON Fastify would have serialized, kept per cached user (public-user.ts).
    const json = await publicUserJson(deps, requireUser(req), app.authCache);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  r.post("/api/forgot-password", { schema: { body: forgotPasswordSchema } }, async (req) => {
    await requestPasswordReset(deps, req.body.email, req.ip);
    return { message: MSG.forgotAnswer };
  });

  r.post("/api/reset-password", { schema: { body: resetPasswordRequestSchema } }, async (req, reply) => {
    await resetPassword(deps, req.body.token, req.body.password, req.ip);
    // The browser that reset the password is signed out too: it signs in with the new one.
    clearSessionCookie(reply, secure);
    return { message: MSG.resetDone };
  });

  /** Asked when a reset link is opened, so a dead link says so before the member types a new password. */
  r.get(
    "/api/reset-password/check",
    { schema: { querystring: resetTokenCheckSchema } },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return { valid: await resetTokenValid(deps, req.query.token, req.ip) };
    },
  );

  /** The link in the verification e-mail. */
  r.get(
    "/api/verify-email",
    // It writes (the address is confirmed, a pending one takes over): the session cache syncs (auth-context.ts).
    { schema: { querystring: verifyEmailSchema }, config: { writes: true } },
    async (req, reply) => {
      try {
        const outcome = await verifyEmail(deps, req.query.token);
        return reply.redirect(outcome === "already" ? "/?verified=already" : "/?verified=1");
      } catch {
        // A spent or replaced link opened by a member whose address is verified: nothing is wrong.
        const user = req.user;
        if (user?.emailVerified && !user.pendingEmail) return reply.redirect("/?verified=already");
        return reply.redirect("/?verified=0");
      }
    },
  );

  r.post("/api/resend-verification", { onRequest: memberOnly }, async (req) => {
    const user = requireUser(req);
    await deps.limiter.hit(`verify-resend:${user.id}`, 3, deps.config.rateLimits.windowMinutes);
    await resendVerification(deps, user);
    return { message: "Verification e-mail sent" };
  });

  /** The spec's login path: the sign-in screen lives at /auth. */
  r.get("/api/login", async (req, reply) => {
    // A member page that found the session gone sends the member here with the page to come back to.
    const raw = (req.query as Record<string, unknown>).next;
    const next = safeNextPath(typeof raw === "string" ? raw : null);
    return reply.redirect(next ? `/auth?next=${encodeURIComponent(next)}` : "/auth");
  });
}
