import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { AUTH_HINT_COOKIE, SESSION_ABSOLUTE_DAYS, SESSION_COOKIE } from "../../../shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { sessions, type User, users } from "../../db/schema.ts";
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
    await db.insert(sessions).values({ sid: hashToken(token), userId, sess, expire });
    return token;
  }
  // Signing in: the session is created only if the password checked is still the account's password, so a
  // sign-in racing a password reset cannot outlive the reset.
  const res = await db.execute(sql`
    INSERT INTO sessions (sid, sess, expire, user_id)
    SELECT ${hashToken(token)}, ${JSON.stringify(sess)}::jsonb, ${expire.toISOString()}::timestamptz, ${userId}
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND password IS NOT DISTINCT FROM ${meta.passwordHash})`);
  return res.rowCount === 1 ? token : null;
}

export async function findSessionUser(db: Db, token: string, now: Date): Promise<User | null> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, hashToken(token)), gt(sessions.expire, now)))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  const res = await db.delete(sessions).where(lt(sessions.expire, now));
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
