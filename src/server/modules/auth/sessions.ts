import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { SessionInfo } from "../../../shared/api-types.ts";
import {
  ADMIN_SESSION_IDLE_HOURS,
  AUTH_HINT_COOKIE,
  SESSION_ABSOLUTE_DAYS,
  SESSION_COOKIE,
  SESSION_IDLE_HOURS,
  SESSION_TOUCH_MINUTES,
} from "../../../shared/constants.ts";
import { describeUserAgent } from "../../../shared/user-agent.ts";
import type { Db } from "../../db/client.ts";
import {
  planAccounts,
  type SessionUser,
  sessions,
  type User,
  users,
  userTwoFactor,
} from "../../db/schema.ts";
import { stateOf, subscriptionColumns } from "../plan-account/state.ts";
import type { ReadCache } from "./read-cache/read-cache.ts";
import { userColumns } from "./secrets.ts";
import { hashToken, newToken } from "./tokens.ts";

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

/** Creates a session and returns the random token that goes into the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  meta: SessionMeta & { passwordHash?: string | null } = {},
): Promise<string | null> {
  const token = newToken();
  const sess = {
    userId,
    createdAt: now.toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  };
  const expire = new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * 86_400_000);
  if (meta.passwordHash === undefined) {
    await db
      .insert(sessions)
      .values({ sid: hashToken(token), userId, sess, expire, createdAt: now, lastSeenAt: now });
    return token;
  }
  // Signing in: the session is created only if the password checked is still the account's password, so a
  // sign-in racing a password reset cannot outlive the reset.
  const res = await db.execute(sql`
    INSERT INTO sessions (sid, sess, expire, user_id, created_at, last_seen_at)
    SELECT ${hashToken(token)}, ${JSON.stringify(sess)}::jsonb, ${expire.toISOString()}::timestamptz, ${userId},
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND password IS NOT DISTINCT FROM ${meta.passwordHash})`);
  return res.rowCount === 1 ? token : null;
}

/** Idle timeouts in milliseconds: members' sessions and (shorter) admins'. */
export interface SessionIdle {
  memberMs: number;
  adminMs: number;
}

export const DEFAULT_SESSION_IDLE: SessionIdle = {
  memberMs: SESSION_IDLE_HOURS * 3_600_000,
  adminMs: ADMIN_SESSION_IDLE_HOURS * 3_600_000,
};

/** True while a session is inside both its absolute and its idle timeout (admins' idle timeout is shorter). */
function alive(now: Date, idle: SessionIdle) {
  const at = now.toISOString();
  return and(
    gt(sessions.expire, now),
    sql`${sessions.lastSeenAt} > ${at}::timestamptz - make_interval(secs => (CASE WHEN ${users.isAdmin}
      THEN ${idle.adminMs} ELSE ${idle.memberMs} END)::double precision / 1000)`,
  );
}

/**
 * The session lookup runs on every /api request: a named prepared statement, built once per database
 * (PostgreSQL plans it once per connection), with the clock and idle times as parameters.
 */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof buildSessionUserQuery>>();
function buildSessionUserQuery(db: Db) {
  return db
    .select({
      user: userColumns,
      // Flat, not a nested object: drizzle reads a nested one whose left-joined fields are all null as null.
      ...subscriptionColumns,
      twoFactorOn: sql<boolean>`${userTwoFactor.enabledAt} is not null`,
      lastSeenAt: sessions.lastSeenAt,
      expire: sessions.expire,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .leftJoin(planAccounts, stateOf(users.id))
    .where(
      and(
        eq(sessions.sid, sql.placeholder("sid")),
        sql`${sessions.expire} > ${sql.placeholder("now")}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${sql.placeholder("now")}::timestamptz - make_interval(secs => (CASE WHEN
          ${users.isAdmin} THEN ${sql.placeholder("adminSecs")} ELSE ${sql.placeholder("memberSecs")} END)::double precision)`,
      ),
    )
    .limit(1)
    .prepare("session_user");
}

/**
 * The signed-in user of a cookie token, or null when the session is unknown, past its absolute timeout or
 * idle too long. One indexed query, or none when `cache` holds the session (its timeouts are checked here from
 * the cached times); the last-seen time is written at most every SESSION_TOUCH_MINUTES.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  idle: SessionIdle = DEFAULT_SESSION_IDLE,
  cache?: ReadCache<SessionUser> | null,
): Promise<SessionUser | null> {
  const sid = hashToken(token);
  const at = now.getTime();
  let entry = cache?.session(sid);
  // A session idle here may have been used on another instance since: only the database can say.
  if (entry && (entry.expire <= at || at - entry.lastSeenAt >= idleMs(entry.user, idle))) entry = undefined;
  if (!entry) {
    const generation = cache?.generation ?? 0;
    let query = sessionUserQueries.get(db);
    if (!query) {
      query = buildSessionUserQuery(db);
      sessionUserQueries.set(db, query);
    }
    const [row] = await query.execute({
      sid,
      now: now.toISOString(),
      adminSecs: idle.adminMs / 1000,
      memberSecs: idle.memberMs / 1000,
    });
    if (!row) return null;
    entry = {
      user: {
        ...row.user,
        subscriptionTier: row.subscriptionTier,
        subscriptionStatus: row.subscriptionStatus,
        currentPeriodEnd: row.currentPeriodEnd,
        pendingTier: row.pendingTier,
        twoFactorOn: row.twoFactorOn,
      },
      userId: row.user.id,
      expire: row.expire.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
      cachedAt: 0,
    };
    entry = cache?.putSession(sid, generation, entry) ?? entry;
  }
  if (at - entry.lastSeenAt > SESSION_TOUCH_MINUTES * 60_000) {
    entry.lastSeenAt = at;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sid, sid));
  }
  return entry.user;
}

const idleMs = (user: User, idle: SessionIdle) => (user.isAdmin ? idle.adminMs : idle.memberMs);

/** The member's live sessions (devices), most recently used first; `current` marks the one asking. */
export async function listSessions(
  db: Db,
  userId: number,
  currentToken: string | null,
  now: Date,
  idle: SessionIdle = DEFAULT_SESSION_IDLE,
): Promise<SessionInfo[]> {
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .select({
      sid: sessions.sid,
      id: sessions.publicId,
      sess: sessions.sess,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), alive(now, idle)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((r) => {
    const meta = (r.sess ?? {}) as SessionMeta;
    return {
      id: r.id,
      current: r.sid === current,
      device: describeUserAgent(meta.userAgent),
      ip: meta.ip ?? null,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    };
  });
}

/**
 * Ends one of the member's own sessions by its public id: "gone" when it is not theirs (or already ended),
 * "this" when it was the session of `currentToken`, else "other".
 */
export async function endSession(
  db: Db,
  userId: number,
  publicId: string,
  currentToken: string | null,
): Promise<"gone" | "this" | "other"> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ sid: sessions.sid });
  if (!ended) return "gone";
  return currentToken && ended.sid === hashToken(currentToken) ? "this" : "other";
}

/** Ends every session of the member except the one asking; answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, currentToken: string | null): Promise<number> {
  const res = await db
    .delete(sessions)
    .where(
      currentToken
        ? and(eq(sessions.userId, userId), ne(sessions.sid, hashToken(currentToken)))
        : eq(sessions.userId, userId),
    );
  return res.rowCount ?? 0;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<number> {
  const res = await db.delete(sessions).where(eq(sessions.userId, userId));
  return res.rowCount ?? 0;
}

/** Deletes sessions past their absolute timeout or idle too long (members' and admins' idle timeouts). */
export async function purgeExpiredSessions(
  db: Db,
  now: Date,
  idle: SessionIdle = DEFAULT_SESSION_IDLE,
): Promise<number> {
  const at = now.toISOString();
  const res = await db.delete(sessions).where(
    or(
      lt(sessions.expire, now),
      sql`${sessions.lastSeenAt} < ${at}::timestamptz - make_interval(secs => ${Math.min(idle.adminMs, idle.memberMs) / 1000})
        AND ${sessions.lastSeenAt} < ${at}::timestamptz - make_interval(secs => (CASE WHEN
          (SELECT is_admin FROM users WHERE users.id = ${sessions.userId}) THEN ${idle.adminMs} ELSE ${idle.memberMs}
          END)::double precision / 1000)`,
    ),
  );
  return res.rowCount ?? 0;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
  });
  reply.setCookie(AUTH_HINT_COOKIE, "1", {
    path: "/",
    sameSite: "lax",
    secure,
    maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
  reply.clearCookie(AUTH_HINT_COOKIE, { path: "/", sameSite: "lax", secure });
}
