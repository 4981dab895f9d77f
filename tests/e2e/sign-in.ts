/**
 * Signing a test in without the sign-in screens (as epic-stack does): the member is written straight into
 * the e2e server's database with the app's own password hashing, and the session row is created with the
 * app's own createSession, then its cookie (and the "may be signed in" hint) is set on the browser context.
 * The page and page.request then act as that member. Sign-in's own journeys (auth, two-factor, sign-in
 * links, passwords, sessions) still sign in through the screens and the API.
 */
import { type Page, test } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { createDb, type Db } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { hashPassword } from "../../src/server/modules/auth/passwords.ts";
import { createSession } from "../../src/server/modules/auth/sessions.ts";
import { AUTH_HINT_COOKIE, SESSION_COOKIE } from "../../src/shared/constants.ts";
import { ADMIN, e2eDbUrl, uniqueEmail } from "./helpers.ts";

export const DEFAULT_PASSWORD = "a-long-passphrase";

let db: Db | undefined;
function database(): Db {
  db ??= createDb(e2eDbUrl(), 2);
  return db;
}

/** One argon2 hash per password per worker: hashing is the costly part of a sign-up, and no test needs two. */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Starts a session for the account with this address and gives its cookie to the page's browser context. */
export async function signInAs(page: Page, email: string): Promise<{ id: number }> {
  const [user] = await database()
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`no account for ${email}`);
  const token = await createSession(database(), user.id, new Date(), { userAgent: "e2e sign-in fixture" });
  if (!token) throw new Error(`no session for ${email}`);
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("no baseURL to set the session cookie for");
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: "Lax" },
    { name: AUTH_HINT_COOKIE, value: "1", url, sameSite: "Lax" },
  ]);
  return user;
}

/** The operator the e2e server creates at start, signed in. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInAs(page, ADMIN.email);
}

/**
 * A new member, signed in: the account as signing up leaves it (e-mail not yet verified, no questionnaire),
 * without the sign-up screen's mail. Returns what the member would sign in with.
 */
export async function newMember(
  page: Page,
  opts: { email?: string; password?: string; firstName?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const [row] = await database()
    .insert(users)
    .values({
      email,
      password: await hashOf(password),
      firstName: opts.firstName ?? "Alex",
      lastName: "Taylor",
    })
    .returning({ id: users.id });
  await signInAs(page, email);
  return { id: row.id, email, password };
}
