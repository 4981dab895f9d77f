import { afterAll, inject } from "vitest";
import { createDb, type Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { SESSION_COOKIE } from "../../src/shared/constants.ts";
import { type ServerProcess, startServer } from "../helpers/server-process.ts";
import { storedMember } from "../helpers/stored-member.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

/**
 * A fresh database and the real server on it as a child process (tests/helpers/server-process.ts), with a
 * direct database handle to arrange and check state. Members are made in the database with a session, then
 * go through the real HTTP checkout. Everything is closed in the file's afterAll.
 */
export interface World {
  server: ServerProcess;
  databaseUrl: string;
  db: Db;
  /** Starts the server again on the same database (after a kill). */
  restart(env?: Record<string, string>): Promise<ServerProcess>;
  member(overrides?: Partial<typeof users.$inferInsert>): Promise<Member>;
  http(
    path: string,
    opts?: { method?: string; as?: Member; json?: unknown; form?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: Answer; headers: Headers }>;
}

/** A JSON answer, read loosely by the tests (the API's own tests check the shapes). */
// biome-ignore lint/suspicious/noExplicitAny: answers of many endpoints, checked field by field
export type Answer = any;

export interface Member {
  id: number;
  email: string;
  cookie: string;
}

let counter = 0;

export async function openWorld(env: Record<string, string> = {}): Promise<World> {
  const { url: databaseUrl, drop } = await createTestDatabase(inject("pgBaseUrl"));
  const db = createDb(databaseUrl, 5);
  const world: World = {
    server: await startServer({ databaseUrl, env }),
    databaseUrl,
    db,
    async restart(more = {}) {
      await world.server.stop();
      world.server = await startServer({ databaseUrl, env: { ...env, ...more } });
      return world.server;
    },
    async member(overrides = {}) {
      counter++;
      const [user] = await db
        .insert(users)
        .values({
          email: `rel${counter}-${process.pid}@example.com`,
          firstName: "Rel",
          lastName: `Member${counter}`,
          password: null,
          emailVerified: true,
          termsAccepted: true,
          termsAcceptedAt: new Date(),
          onboardingCompleted: true,
          ...overrides,
        })
        .returning();
      const token = await createSession(db, user.id, new Date());
      return { id: user.id, email: user.email, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async http(path, opts = {}) {
      const headers: Record<string, string> = {};
      let body: string | undefined;
      if (opts.as) headers.cookie = opts.as.cookie;
      if (opts.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(opts.json);
      } else if (opts.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        body = new URLSearchParams(opts.form).toString();
      } else if (opts.raw !== undefined) {
        headers["content-type"] = "application/json";
        body = opts.raw;
      }
      const res = await fetch(`${world.server.url}${path}`, {
        method: opts.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        redirect: "manual",
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
  afterAll(async () => {
    await world.server.stop();
    await db.$client.end();
    await drop();
  });
  return world;
}

/**
 * The member starts a checkout (optionally with an offer code) and authorises the direct debit on the
 * sandbox's hosted page; returns the session token the provider sends them back with.
 */
export async function authorisedCheckout(w: World, m: Member, tier = "gold", offerCode?: string) {
  const created = await w.http("/api/create-subscription", { as: m, json: { tier, offerCode } });
  if (created.status !== 200)
    throw new Error(`create-subscription: ${created.status} ${JSON.stringify(created.body)}`);
  const auth = await w.http(new URL(created.body.redirect_url).pathname, {
    form: {
      action: "authorise",
      account_holder: "Alex Taylor",
      sort_code: "20-00-00",
      account_number: "55779911",
      confirm: "yes",
    },
  });
  if (auth.status !== 303) throw new Error(`sandbox authorisation: ${auth.status}`);
  const location = auth.headers.get("location") ?? "";
  return new URL(location, w.server.url).searchParams.get("session_token")!;
}

export function complete(w: World, m: Member, token: string) {
  return w.http("/api/complete-subscription", { as: m, json: { session_token: token } });
}

/** The member's users row with their payment links beside it. */
export const userRow = (w: World, id: number) => storedMember(w.db, id);

/** Runs `fn` over the items, at most `limit` at a time. */
export async function inBatches<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}
