import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { THEME_BOOT_HASH } from "../../src/server/plugins/security.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { arrangeDate, hours } from "../helpers/arrange.ts";
import { startCheckout } from "../helpers/subscribe.ts";

/**
 * Security headers on a sample of every kind of answer (API JSON 2xx/4xx/404, pages, a static asset, the
 * member's data download, an admin spreadsheet, a calendar file, the sandbox's bank-details page), in
 * production and in development, and the session cookie's flags.
 */
const clientDir = mkdtempSync(path.join(os.tmpdir(), "unveil-client-"));
mkdirSync(path.join(clientDir, "assets"));
writeFileSync(
  path.join(clientDir, "index.html"),
  "<!doctype html><html><body><div id=root></div></body></html>",
);
writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log(1);");

const production = await createTestApp({
  clientDir,
  env: {
    NODE_ENV: "production",
    APP_URL: "https://unveil.example",
    SMTP_URL: "smtp://localhost:2525",
    ALLOW_SANDBOX_PAYMENTS: "true",
  },
});
const development = await createTestApp({ clientDir, env: { NODE_ENV: "development" } });

interface Sample {
  name: string;
  res: LightMyRequestResponse;
  /** Pages and answers that carry a member's data or a token: never stored by the browser or a proxy. */
  noStore: boolean;
}

/** One answer of every kind from `t`. */
async function samples(t: TestApp): Promise<Sample[]> {
  const member = await t.member();
  const admin = await t.admin();
  const { reservation } = await arrangeDate(t.db, member.user.id, {
    at: new Date(t.clock.now().getTime() + hours(24)),
  });
  const checkout = await startCheckout(t, member, "gold");
  if (!checkout.json().redirect_url) throw new Error(`checkout: ${checkout.statusCode} ${checkout.body}`);
  const sandboxUrl = new URL(checkout.json().redirect_url).pathname;
  const get = (url: string, as = member) => t.request({ method: "GET", url, as });
  const token = "T0kenT0kenT0kenT0kenT0kenT0kenT0kenT0ken123";
  return [
    { name: "API JSON 200", res: await get("/api/auth/user"), noStore: true },
    {
      name: "API JSON 400",
      res: await t.request({ method: "POST", url: "/api/login", payload: { email: "x" } }),
      noStore: true,
    },
    { name: "API JSON 401", res: await t.request({ method: "GET", url: "/api/dates/user" }), noStore: true },
    { name: "API JSON 404", res: await get("/api/no-such-thing"), noStore: true },
    { name: "landing page", res: await t.request({ method: "GET", url: "/" }), noStore: false },
    { name: "member page /dashboard", res: await get("/dashboard"), noStore: true },
    { name: "member page /dates/:id", res: await get(`/dates/${reservation.id}`), noStore: true },
    { name: "unknown page (404)", res: await get("/no-such-page"), noStore: false },
    { name: "static asset", res: await get("/assets/app-abc123.js"), noStore: false },
    {
      name: "reset link page /auth?token=",
      res: await get(`/auth?token=${token}`, undefined),
      noStore: true,
    },
    {
      name: "partner invitation page /partner-invite?token=",
      res: await get(`/partner-invite?token=${token}`, undefined),
      noStore: true,
    },
    {
      name: "verification link /api/verify-email?token=",
      res: await get(`/api/verify-email?token=${token}`, undefined),
      noStore: true,
    },
    {
      name: "checkout return /subscription/complete?session_token=",
      res: await get(`/subscription/complete?session_token=${token}`),
      noStore: true,
    },
    { name: "sandbox bank details page", res: await get(sandboxUrl), noStore: true },
    { name: "member data download", res: await get("/api/account/export"), noStore: true },
    { name: "calendar file", res: await get(`/api/dates/${reservation.id}/calendar.ics`), noStore: true },
    { name: "admin members .xlsx", res: await get("/api/admin/users/export", admin), noStore: true },
    {
      name: "admin venues .xlsx",
      res: await t.request({ method: "POST", url: "/api/admin/venues/export", as: admin, payload: {} }),
      noStore: true,
    },
  ];
}

const prod = await samples(production);
const dev = await samples(development);
const all = [
  ...prod.map((s) => ({ ...s, env: "production" })),
  ...dev.map((s) => ({ ...s, env: "development" })),
];

describe("headers on every kind of answer", () => {
  it("the samples are what they claim to be", () => {
    const status = Object.fromEntries(prod.map((s) => [s.name, s.res.statusCode]));
    expect(status).toMatchObject({
      "API JSON 200": 200,
      "API JSON 400": 400,
      "API JSON 401": 401,
      "API JSON 404": 404,
      "landing page": 200,
      "member page /dashboard": 200,
      "static asset": 200,
      "sandbox bank details page": 200,
      "member data download": 200,
      "calendar file": 200,
      "admin members .xlsx": 200,
      "admin venues .xlsx": 200,
    });
    const type = (name: string) => String(prod.find((s) => s.name === name)!.res.headers["content-type"]);
    expect(type("admin members .xlsx")).toMatch(/spreadsheetml/);
    expect(type("calendar file")).toMatch(/text\/calendar/);
    expect(type("sandbox bank details page")).toMatch(/text\/html/);
  });

  it.each(all)("$env $name: CSP, nosniff, no referrer", ({ res }) => {
    const csp = String(res.headers["content-security-policy"]);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    expect(csp).not.toContain("unsafe-eval");
    // Scripts from the app itself, and one inline script by its hash (the theme's, before the first paint).
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(csp).toContain(THEME_BOOT_HASH);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  const noStore = ({ res }: Sample) => expect(String(res.headers["cache-control"])).toMatch(/\bno-store\b/);
  // The client's pages once lost their no-store to @fastify/static's setHeaders (no-cache).
  it.each(all.filter((s) => s.noStore))("$env $name: Cache-Control no-store", noStore);

  it("hashed assets are cached for long, and nothing else is", () => {
    expect(prod.find((s) => s.name === "static asset")!.res.headers["cache-control"]).toMatch(/immutable/);
  });

  it.each(prod)("production $name: HSTS", ({ res }) => {
    expect(String(res.headers["strict-transport-security"])).toMatch(/max-age=\d{8,}/);
  });

  it.each(dev)("development $name: no HSTS (plain http on localhost)", ({ res }) => {
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("the session cookie", () => {
  async function signInCookie(t: TestApp) {
    const m = await t.member();
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { email: m.user.email, password: m.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const raw = [res.headers["set-cookie"]].flat().find((c) => String(c).startsWith(`${SESSION_COOKIE}=`));
    return String(raw);
  }

  it("production: HttpOnly, SameSite=Lax, Path=/, Secure, no Domain", async () => {
    const c = await signInCookie(production);
    expect(c).toMatch(/;\s*HttpOnly/i);
    expect(c).toMatch(/;\s*SameSite=Lax/i);
    expect(c).toMatch(/;\s*Path=\/(;|$)/);
    expect(c).toMatch(/;\s*Secure/i);
    expect(c).not.toMatch(/Domain=/i);
  });

  it("development: the same without Secure (plain http on localhost)", async () => {
    const c = await signInCookie(development);
    expect(c).toMatch(/;\s*HttpOnly/i);
    expect(c).toMatch(/;\s*SameSite=Lax/i);
    expect(c).toMatch(/;\s*Path=\/(;|$)/);
    expect(c).not.toMatch(/;\s*Secure/i);
    expect(c).not.toMatch(/Domain=/i);
  });
});
