import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ADMIN_SESSION_IDLE_HOURS, SESSION_IDLE_HOURS } from "../shared/constants.ts";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  /** Public address of the app, used in e-mail links and the Origin check. */
  APP_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  /** Where embedded PostgreSQL keeps its data when DATABASE_URL is unset. */
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Unveil <hello@unveil.date>"),
  SUPPORT_EMAIL: z.email().default("support@unveil.date"),
  /** Directory of the local outbox used when SMTP_URL is unset. */
  OUTBOX_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Behind a load balancer: the number of proxy hops to trust, or a comma-separated list of proxy addresses. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === "false" || v === "0") return false;
      if (/^\d+$/.test(v)) return Number(v);
      if (v === "true") {
        ctx.addIssue({
          code: "custom",
          message:
            'use a hop count (e.g. "1") or proxy addresses, not "true", so clients cannot forge their address',
        });
        return z.NEVER;
      }
      return v.split(",").map((x) => x.trim());
    }),
  /** Allows the built-in sandbox in production (a staging site); never on a live site. */
  ALLOW_SANDBOX_PAYMENTS: bool,
  GOCARDLESS_ACCESS_TOKEN: z.string().optional(),
  GOCARDLESS_ENVIRONMENT: z.enum(["sandbox", "live"]).default("sandbox"),
  GOCARDLESS_WEBHOOK_SECRET: z.string().optional(),
  /** Webhook secret for the built-in sandbox provider (random per start when unset). */
  PAYMENTS_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Signs the device cookie of browsers that have signed in to an account (auth/lockout.ts). Set it to the same
   * value on every instance; random per start when unset (devices are then remembered until a restart).
   */
  DEVICE_COOKIE_SECRET: z.string().min(32, "DEVICE_COOKIE_SECRET must be at least 32 characters").optional(),
  /** Shared secret of the inbound support-mail webhook (POST /api/support/inbound); unset: the webhook is off. */
  SUPPORT_INBOUND_SECRET: z
    .string()
    .min(24, "SUPPORT_INBOUND_SECRET must be at least 24 characters")
    .optional(),
  SEED_DEMO: bool,
  /** Who carries texts: "outbox" (recorded in OUTBOX_DIR, never sent; the default) or "twilio". */
  SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  /** Also the key of the signatures on Twilio's delivery receipts and replies. */
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sender (a number or an alphanumeric id), unless TWILIO_MESSAGING_SERVICE_SID picks it. */
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  /** Twilio's API address; tests point it at their local fake. */
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  /**
   * Web push (VAPID, RFC 8292): the application server's P-256 key pair, base64url (web-push's
   * generateVAPIDKeys). Unset: generated once by the first instance and kept in the database (push/vapid.ts).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{42,44}$/,
      "VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)",
    )
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: address (default: the support address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must start with mailto: or https://")
    .optional(),
  /** A postcodes.io-compatible API (GET {url}/postcodes/{postcode}); unset: the shipped district centroids only. */
  GEOCODER_URL: z.url().optional(),
  /** Optional LLM wording of suggestions (the `openai` client); OPENAI_BASE_URL for any compatible server. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  /** Keeps the back office closed to admins until they have set up two-step verification (recommended live). */
  ADMIN_2FA_REQUIRED: bool,
  /** Idle timeouts: a member's session unused this many hours ends; admins' sessions sooner. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(SESSION_IDLE_HOURS),
  ADMIN_SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(ADMIN_SESSION_IDLE_HOURS),
  /** Run the scheduled jobs (pg-boss workers) in this process; "false" for an API-only instance. */
  /**
   * Keep signed-in users in memory (kept in step across instances by PostgreSQL notifications): on by default,
   * off by default under NODE_ENV=test, whose tests change rows behind the app's back.
   */
  SESSION_CACHE: z.enum(["true", "false", "1", "0", ""]).optional(),
  JOBS_ENABLED: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
});

/** Every variable the app reads from its environment (the docs' tables list exactly these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  outboxDir: string;
  logLevel: string;
  trustProxy: false | number | string[];
  secureCookies: boolean;
  payments: {
    provider: "sandbox" | "gocardless";
    gocardlessToken?: string;
    gocardlessEnvironment: "sandbox" | "live";
  };
  webhookSecret: string;
  deviceCookieSecret: string;
  supportInboundSecret: string | undefined;
  /** Seed demo venues, ideas and offer codes at start even on an external database. */
  seedDemo: boolean;
  /** Requests per window for the sign-in family of endpoints; tests may lower or raise them. */
  rateLimits: RateLimits;
  geocoderUrl: string | undefined;
  llm: { apiKey: string; baseUrl: string | undefined; model: string } | null;
  jobsEnabled: boolean;
  /** The texts' carrier (modules/sms). */
  sms: SmsConfig;
  admin2faRequired: boolean;
  /** Idle timeouts in milliseconds (the absolute one is SESSION_ABSOLUTE_DAYS). */
  sessionIdle: { memberMs: number; adminMs: number };
  /** Cache sessions and their users per instance (modules/auth/read-cache/). */
  sessionCache: boolean;
  /**
   * Web push: the VAPID keys from the environment, or null until push/vapid.ts has read or generated the
   * local ones at start (main.ts). The subject is always known.
   */
  vapid: VapidKeys | null;
  vapidSubject: string;
};

export type SmsConfig =
  | { provider: "outbox" }
  | {
      provider: "twilio";
      accountSid: string;
      authToken: string;
      from?: string;
      messagingServiceSid?: string;
      apiBase: string;
    };
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface RateLimits {
  loginPerIp: number;
  loginFailuresPerAccount: number;
  registerPerIp: number;
  forgotPerIp: number;
  forgotPerAccount: number;
  resetPerIp: number;
  windowMinutes: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: 30,
  loginFailuresPerAccount: 8,
  registerPerIp: 10,
  forgotPerIp: 10,
  forgotPerAccount: 3,
  resetPerIp: 10,
  windowMinutes: 15,
};

/** Parses the environment once; every bad value is listed and the process stops. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === "twilio") {
    const missing: string[] = [];
    if (!e.TWILIO_ACCOUNT_SID) missing.push("TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio");
    if (!e.TWILIO_AUTH_TOKEN) missing.push("TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio");
    if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID)
      missing.push(
        "TWILIO_FROM: a sender number, or TWILIO_MESSAGING_SERVICE_SID, is required with SMS_PROVIDER=twilio",
      );
    if (missing.length) throw new Error(`Invalid environment:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  }
  // Half a key pair would sign with a key the browsers never saw.
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new Error(
      "Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (a pair is then generated)",
    );
  if (e.NODE_ENV === "production") {
    // A live site must never fall back to things meant for development.
    const missing: string[] = [];
    if (!e.APP_URL) missing.push("APP_URL: the public https address is required in production");
    if (!e.GOCARDLESS_ACCESS_TOKEN && !e.ALLOW_SANDBOX_PAYMENTS)
      missing.push(
        "GOCARDLESS_ACCESS_TOKEN: required in production (or ALLOW_SANDBOX_PAYMENTS=true on a staging site)",
      );
    if (e.GOCARDLESS_ACCESS_TOKEN && !e.GOCARDLESS_WEBHOOK_SECRET)
      missing.push(
        "GOCARDLESS_WEBHOOK_SECRET: required with GOCARDLESS_ACCESS_TOKEN, or every webhook is refused",
      );
    if (!e.SMTP_URL) missing.push("SMTP_URL: production mail must really be sent");
    if (missing.length) throw new Error(`Invalid environment:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    outboxDir: e.OUTBOX_DIR ?? `${e.DATA_DIR}/outbox`,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secureCookies: e.NODE_ENV === "production",
    seedDemo: e.SEED_DEMO,
    payments: {
      provider: e.GOCARDLESS_ACCESS_TOKEN ? "gocardless" : "sandbox",
      gocardlessToken: e.GOCARDLESS_ACCESS_TOKEN || undefined,
      gocardlessEnvironment: e.GOCARDLESS_ENVIRONMENT,
    },
    webhookSecret:
      e.GOCARDLESS_WEBHOOK_SECRET || e.PAYMENTS_WEBHOOK_SECRET || randomBytes(32).toString("hex"),
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET || randomBytes(32).toString("hex"),
    supportInboundSecret: e.SUPPORT_INBOUND_SECRET || undefined,
    rateLimits: DEFAULT_RATE_LIMITS,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/$/, ""),
    llm: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL }
      : null,
    jobsEnabled: e.JOBS_ENABLED,
    sms:
      e.SMS_PROVIDER === "twilio" && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            provider: "twilio",
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM || undefined,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID || undefined,
            apiBase: e.TWILIO_API_BASE.replace(/\/$/, ""),
          }
        : { provider: "outbox" },
    sessionCache:
      e.SESSION_CACHE === undefined || e.SESSION_CACHE === ""
        ? e.NODE_ENV !== "test"
        : e.SESSION_CACHE === "true" || e.SESSION_CACHE === "1",
    admin2faRequired: e.ADMIN_2FA_REQUIRED,
    sessionIdle: {
      memberMs: e.SESSION_IDLE_HOURS * 3_600_000,
      adminMs: e.ADMIN_SESSION_IDLE_HOURS * 3_600_000,
    },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
  };
}
