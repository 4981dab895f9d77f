import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, inject } from "vitest";
import { buildApp } from "../../src/app/server/app.ts";
import { createDeps } from "../../src/app/server/deps-factory.ts";
import { type Config, DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from "../../src/server/config.ts";
import { createDb, type Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import type { Deps } from "../../src/server/deps.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { outboxTransport, type SentMail, type Transport } from "../../src/server/modules/email/mailer.ts";
import {
  DEFAULT_SWITCHES,
  type NotificationSwitches,
  saveSwitches,
} from "../../src/server/modules/notifications/switches.ts";
import { NO_LINKS, type PaymentLinks, saveLinks } from "../../src/server/modules/payments/links.ts";
import { NO_CHOICES, type PlanChoices, saveChoices } from "../../src/server/modules/plan-account/choices.ts";
import { NO_STATE, type PlanState, saveState } from "../../src/server/modules/plan-account/state.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { type DocumentChecker, documentChecker, type OpenApiDoc } from "./document-check.ts";
import { createTestDatabase } from "./test-postgres.ts";

export interface TestClock {
  now: () => Date;
  set(d: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  deps: Deps;
  config: Config;
  clock: TestClock;
  /** Messages the app has sent (when no transport was given). */
  mail: SentMail[];
  /** A signed-in member: the cookie header to send, and the user row. */
  member(overrides?: MemberOverrides): Promise<SignedIn>;
  admin(overrides?: MemberOverrides): Promise<SignedIn>;
  /**
   * A request to the app. `offDocument` (why) skips the document check for this one answer: only for a test
   * that breaks the server on purpose (a failing trigger), whose 500 no document lists.
   */
  request(opts: InjectOptions & { as?: SignedIn; offDocument?: string }): Promise<LightMyRequestResponse>;
}

/**
 * Columns of the users row, notification switches (saved in their own table, notifications/switches.ts),
 * payment links (payment_links, payments/links.ts), the chosen plan and plan offer (plan_choices,
 * plan-account/choices.ts) and the plan account's own state (plan_accounts, plan-account/state.ts).
 */
export type MemberOverrides = Partial<typeof users.$inferInsert> &
  Partial<NotificationSwitches> &
  Partial<PaymentLinks> &
  Partial<PlanChoices> &
  Partial<PlanState>;

const SWITCH_KEYS = Object.keys(DEFAULT_SWITCHES) as (keyof NotificationSwitches)[];
const LINK_KEYS = Object.keys(NO_LINKS) as (keyof PaymentLinks)[];
const CHOICE_KEYS = Object.keys(NO_CHOICES) as (keyof PlanChoices)[];
const STATE_KEYS = Object.keys(NO_STATE) as (keyof PlanState)[];

export interface SignedIn {
  /** The users row as created, with the payment links, plan choices and plan state it was given beside it. */
  user: typeof users.$inferSelect & PaymentLinks & PlanChoices & PlanState;
  cookie: string;
  password: string;
}

/** The web push key pair of every test app (a pair made for the tests, never used anywhere else). */
export const TEST_VAPID_KEYS = {
  publicKey: "BATz_ibvyjUW1jj7qtedNwq1jdT1eHn4UJPjGfk0M4YSgKTHpIz1qHZhlt58PThOwQBZy84Sk5CBengTN8IacCM",
  privateKey: "6EPiqvaeTUjGX5yMXSd8wvsQxB9zXIHbjXfW8E219F8",
};

let counter = 0;
const PASSWORD = "correct horse battery staple";
let cachedHash: Promise<string> | undefined;

/**
 * One line per test file: a fresh database copied from the migrated template, the real app on it, a
 * controllable clock and a readable outbox. Closed and dropped after the file's tests.
 */
export async function createTestApp(
  opts: {
    rateLimits?: Partial<RateLimits>;
    transport?: Transport;
    env?: Record<string, string>;
    /** Serve a client build from this folder (default: API only). */
    clientDir?: string;
    /**
     * Hold every answer to the API document (default on): a status, media type or JSON body the document does
     * not list fails the request that received it. Off only where a test breaks the server on purpose.
     */
    checkAnswers?: boolean;
  } = {},
): Promise<TestApp> {
  const { url, drop } = await createTestDatabase(inject("pgBaseUrl"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      APP_URL: "http://localhost:5000",
      DATABASE_URL: url,
      // Tests move the clock by weeks and months with members signed in: idle timeouts are as long as the
      // absolute one here, except in tests/security/sessions.test.ts, which sets the real defaults.
      SESSION_IDLE_HOURS: "720",
      ADMIN_SESSION_IDLE_HOURS: "720",
      // Fixed web push keys: the local push endpoint (tests/helpers/push-service.ts) checks pushes against them.
      VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
      VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
      ...opts.env,
    }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
  };
  const db = createDb(url, 5);
  const clock = testClock();
  const outbox = outboxTransport(null);
  const deps = createDeps(config, db, { transport: opts.transport ?? outbox, now: clock.now });
  const app = await buildApp(
    deps,
    opts.clientDir ? { serveClient: true, clientDir: opts.clientDir } : { serveClient: false },
  );
  await app.ready();
  const unchecked = opts.checkAnswers === false ? app.inject.bind(app) : checkAnswersOf(app);

  async function signedIn(isAdmin: boolean, { ...overrides }: MemberOverrides = {}): Promise<SignedIn> {
    counter++;
    const switches: Partial<NotificationSwitches> = {};
    for (const key of SWITCH_KEYS) {
      if (key in overrides) Object.assign(switches, { [key]: overrides[key] });
      delete overrides[key];
    }
    const links: Partial<PaymentLinks> = {};
    for (const key of LINK_KEYS) {
      if (key in overrides) Object.assign(links, { [key]: overrides[key] });
      delete overrides[key];
    }
    const choices: Partial<PlanChoices> = {};
    for (const key of CHOICE_KEYS) {
      if (key in overrides) Object.assign(choices, { [key]: overrides[key] });
      delete overrides[key];
    }
    const state: Partial<PlanState> = {};
    for (const key of STATE_KEYS) {
      if (key in overrides) Object.assign(state, { [key]: overrides[key] });
      delete overrides[key];
    }
    cachedHash ??= hashPassword(PASSWORD);
    const [user] = await db
      .insert(users)
      .values({
        email: `${isAdmin ? "admin" : "member"}${counter}-${process.pid}@example.com`,
        firstName: isAdmin ? "Ada" : "Sam",
        lastName: isAdmin ? "Admin" : `Member${counter}`,
        password: await cachedHash,
        emailVerified: true,
        isAdmin,
        ...overrides,
      })
      .returning();
    await saveSwitches(db, user.id, switches);
    await saveLinks(db, user.id, links);
    await saveChoices(db, user.id, choices);
    await saveState(db, user.id, state);
    const token = (await createSession(db, user.id, clock.now()))!;
    return {
      user: { ...user, ...NO_LINKS, ...links, ...NO_CHOICES, ...choices, ...NO_STATE, ...state },
      cookie: `${SESSION_COOKIE}=${token}`,
      password: PASSWORD,
    };
  }

  const t: TestApp = {
    app,
    db,
    deps,
    config,
    clock,
    mail: outbox.messages,
    member: (o) => signedIn(false, o),
    admin: (o) => signedIn(true, o),
    request: ({ as, offDocument, ...o }) =>
      (offDocument ? unchecked : app.inject.bind(app))({
        ...o,
        headers: { ...(o.headers ?? {}), ...(as ? { cookie: as.cookie } : {}) },
      } as InjectOptions),
  };
  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await drop();
  });
  return t;
}

/**
 * Every answer app.inject returns (so every t.request and any direct t.app.inject) is checked against the app's
 * own OpenAPI document before the test sees it; a mismatch throws, failing the test that made the request.
 */
/**
 * One checker per route table in a worker: files share their worker's modules (vitest.config.ts), so two test
 * apps with the same routes declared them with the very same schema objects (the contracts in src/shared and
 * src/features are static: no schema is built from the config) and answer with the same document. Keyed by
 * the route table (a few ms), the document is built and its schemas compiled once per worker rather than once
 * per file (building the document alone took 70-200 ms a file).
 */
const checkers = new Map<string, DocumentChecker>();

function checkAnswersOf(app: FastifyInstance): FastifyInstance["inject"] {
  let checker: DocumentChecker | undefined;
  const inject = app.inject.bind(app);
  async function checked(opts: InjectOptions) {
    const res = await inject(opts);
    if (typeof opts.url !== "string") return res;
    if (!checker) {
      const shape = app.printRoutes({ commonPrefix: false });
      checker = checkers.get(shape);
      if (!checker) {
        // Once per worker and route table: the document as plain JSON (400 kB), each schema compiled on first use.
        checker = documentChecker(JSON.parse(JSON.stringify(app.swagger())) as OpenApiDoc);
        checkers.set(shape, checker);
      }
    }
    const problem = checker.check(opts.method ?? "GET", opts.url, res);
    if (problem) throw new Error(`The answer breaks the API document: ${problem}`);
    return res;
  }
  // Tests use the promise form only (no callback, no chain).
  Object.assign(app, {
    inject: (opts: InjectOptions | string) => checked(typeof opts === "string" ? { url: opts } : opts),
  });
  return inject;
}

/** The session cookie value an answer set, if any. */
export function sessionCookieFrom(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c?.value ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

/** Waits until fire-and-forget work (mail sent after answering) has happened. */
export async function eventually<T>(fn: () => T | Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
