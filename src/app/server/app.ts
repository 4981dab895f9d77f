import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { giftRoutes } from "../../features/gifts/server/routes.ts";
import { paymentRoutes } from "../../features/payments/server/routes.ts";
import { subscriptionRoutes } from "../../features/subscriptions/server/routes.ts";
import { APP_SHELL_FILE, appShell } from "../../server/app-shell.ts";
import type { Deps } from "../../server/deps.ts";
import { accountRoutes } from "../../server/modules/account/routes.ts";
import { adminRoutes } from "../../server/modules/admin/routes.ts";
import { authRoutes } from "../../server/modules/auth/routes.ts";
import { billingHistoryRoutes } from "../../server/modules/billing-history/routes.ts";
import { dateRoutes } from "../../server/modules/dates/routes.ts";
import { healthRoutes } from "../../server/modules/health/routes.ts";
import { offerRoutes } from "../../server/modules/offers/routes.ts";
import { onboardingRoutes } from "../../server/modules/onboarding/routes.ts";
import { partnerRoutes } from "../../server/modules/partners/routes.ts";
import { pushRoutes } from "../../server/modules/push/routes.ts";
import { smsRoutes } from "../../server/modules/sms/routes.ts";
import { supportRoutes } from "../../server/modules/support/routes.ts";
import { venueBookingRoutes } from "../../server/modules/venue-bookings/routes.ts";
import { waitlistRoutes } from "../../server/modules/waitlist/routes.ts";
import { registerAuthContext } from "../../server/plugins/auth-context.ts";
import { frameworkErrors, registerErrorHandling } from "../../server/plugins/errors.ts";
import { registerOpenApi } from "../../server/plugins/openapi.ts";
import { RequestLog, registerRequestId, requestIdGenerator } from "../../server/plugins/request-id.ts";
import { isApiPath, registerRequestPath } from "../../server/plugins/request-path.ts";
import { appSecurityHeaders, clientErrorWith, registerSecurity } from "../../server/plugins/security.ts";
import { prerenderedPage } from "../../server/prerendered-page.ts";
import { AUTH_HINT_COOKIE, SESSION_COOKIE } from "../../shared/constants.ts";
import { MSG } from "../../shared/messages.ts";
import { isClientRoute } from "../../shared/routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    routeTable: ReadonlyArray<{ method: string; url: string; declared: boolean }>;
  }
}

export const CLIENT_DIST = fileURLToPath(new URL("../../../dist/client", import.meta.url));

const SECRET_QUERY = /([?&](?:token|session_token|code|password)=)[^&]*/gi;
/** Tokens carried in the path (partner invitations) are redacted too. */
const SECRET_PATH = /(\/api\/partner-invite\/)(?!accept\b)[^/?]+/gi;

/** Log options: tokens in query strings, cookies and authorization headers never reach the log. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    serializers: {
      // Database errors carry the query's parameters (hashes, e-mail addresses): only the query stays.
      err: (err: Error & { code?: string }) => ({
        type: err.name,
        code: err.code,
        message: String(err.message).split("\nparams:")[0],
        stack: err.stack?.split("\nparams:")[0] ?? "",
      }),
      req: (req) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, "$1[redacted]").replace(SECRET_PATH, "$1[redacted]"),
        remoteAddress: req.ip,
      }),
    },
  };
}

function trustProxyOption(v: false | number | string[]) {
  const hops = v;
  return typeof hops === "number" ? (_address: string, hop: number) => hop < hops : hops;
}

/** Builds the whole app without listening, so tests can drive it with inject or a real port. */
export async function buildApp(
  deps: Deps,
  opts: { serveClient?: boolean; clientDir?: string; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const security = appSecurityHeaders(deps.config);
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, opts.logStream),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A random UUID per request (or a trusted proxy's X-Request-Id), echoed and logged as reqId.
    genReqId: requestIdGenerator(deps.config.trustProxy),
    logController: new RequestLog(),
    // A malformed address is answered before the onRequest hooks run: the security headers are set here too.
    frameworkErrors: (err, req, reply) => {
      for (const [name, value] of security) reply.header(name, value);
      frameworkErrors(err, req, reply);
    },
    // Requests Node refuses before routing still get the security headers.
    clientErrorHandler: clientErrorWith(security),
  });
  // Every route the app serves, for the authorisation tests generated from the route table.
  // `declared`: registered from its shared declaration (route.ts), not by hand.
  const routeTable: Array<{ method: string; url: string; declared: boolean }> = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD")
        routeTable.push({ method, url: route.url, declared: route.config?.contract === true });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestId(app);
  registerErrorHandling(app);
  registerRequestPath(app);

  await app.register(cookie);
  // Text answers (the prerendered page, scripts, styles, JSON) are sent compressed when the client accepts it.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await registerSecurity(app, deps.config);
  registerAuthContext(app, deps);
  // Before the routes, so every route is collected; /api/docs is admin-only in production (plugins/openapi.ts).
  await registerOpenApi(app, { adminOnly: deps.config.env === "production" });

  healthRoutes(app, deps);
  authRoutes(app, deps);
  onboardingRoutes(app, deps);
  offerRoutes(app, deps);
  await paymentRoutes(app, deps);
  await smsRoutes(app, deps);
  dateRoutes(app, deps);
  accountRoutes(app, deps);
  subscriptionRoutes(app, deps);
  billingHistoryRoutes(app, deps);
  supportRoutes(app, deps);
  partnerRoutes(app, deps);
  waitlistRoutes(app, deps);
  venueBookingRoutes(app, deps);
  pushRoutes(app, deps);
  await giftRoutes(app, deps);
  await adminRoutes(app, deps);

  const clientDir = opts.clientDir ?? CLIENT_DIST;
  const serveClient = opts.serveClient ?? existsSync(path.join(clientDir, "index.html"));
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (scripts/precompress.ts), for a browser that accepts them.
      preCompressed: true,
      // For this plugin's own routes (the files there at start); sendFile below is kept from it by name.
      allowedPath: (pathName) => pathName !== `/${APP_SHELL_FILE}`,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header("cache-control", "public, max-age=31536000, immutable");
        else reply.header("cache-control", "no-cache");
      },
    });
    // index.html is compressed once per build, not per request (prerendered-page.ts).
    const page = prerenderedPage(path.join(clientDir, "index.html"), { recheckMs: 1000 });
    // Every other address (and "/" for a member) gets the small app shell with its screen's preloads.
    const shell = appShell(path.join(clientDir, APP_SHELL_FILE), { recheckMs: 1000 });
    app.get("/*", async (req, reply) => {
      if (isApiPath(req)) return reply.code(404).send({ message: MSG.notFound });
      const rel = req.pathname.replace(/^\/+/, "");
      const servable = rel && rel !== APP_SHELL_FILE && !rel.includes("..") && path.extname(rel);
      if (servable && existsSync(path.join(clientDir, rel))) {
        return reply.sendFile(rel);
      }
      // Sessions begun before the sign-in hint existed get it here, so the client still asks who is signed in.
      if (req.cookies[SESSION_COOKIE] && !req.cookies[AUTH_HINT_COOKIE]) {
        reply.setCookie(AUTH_HINT_COOKIE, "1", {
          path: "/",
          sameSite: "lax",
          secure: deps.config.secureCookies,
        });
      }
      // Only the landing page is for search engines; an address the app does not know is a real 404.
      if (req.pathname !== "/") reply.header("x-robots-tag", "noindex");
      if (!isClientRoute(req.pathname)) reply.code(404);
      reply.header("cache-control", "no-store");
      const hasSession = Boolean(req.cookies[SESSION_COOKIE]);
      const shellHtml = req.pathname === "/" && !hasSession ? null : shell.html(req.pathname, hasSession);
      if (shellHtml !== null) return reply.type("text/html; charset=utf-8").send(shellHtml);
      return page.send(reply, req.headers["accept-encoding"]);
    });
  }

  app.setNotFoundHandler(async (_req, reply) => reply.code(404).send({ message: MSG.notFound }));
  return app;
}
