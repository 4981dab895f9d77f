/**
 * Sign-in that cannot be turned into a lockout (OWASP's "device cookies"). Wrong passwords are counted per
 * address, per account and address, and per account everywhere; none of those can keep the owner out:
 *
 * - A browser that has signed in to the account before carries a signed device cookie. Its failures count
 *   against that device alone, and a flood from elsewhere never blocks it.
 * - Any other browser, once the account-wide count passes its limit, gets a step-up instead of a sign-in: if
 *   the password was right, a one-time sign-in link goes to the account's inbox; either way the answer is the
 *   same 429, so the flood learns nothing.
 * - Every counter's key carries a fingerprint of the password hash, so a password reset starts them all
 *   afresh without having to find them (the keys are stored hashed).
 *
 * Counters live in PostgreSQL (RateLimiter), shared by every instance. Admins and the two-step code use the
 * same rules.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { SIGN_IN_LINK_MINUTES } from "../../../shared/constants.ts";
import { AUTH_MSG } from "../../../shared/schemas/auth.ts";
import { signInLinks, type UserRow } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http-error.ts";
import { signInLinkEmail } from "../email/templates.ts";
import { hashToken, newToken } from "./tokens.ts";

export const DEVICE_COOKIE = "unveil_device";
/** A browser remembers up to this many accounts (a shared laptop), newest first. */
const DEVICES_PER_BROWSER = 3;
const DEVICE_COOKIE_DAYS = 365;
/** Failures from many addresses against one account before new browsers get the step-up. */
export const ACCOUNT_WIDE_FACTOR = 6;

/** Changes whenever the password does: part of every counter's key, so a reset clears them all. */
export function passwordGeneration(user: Pick<UserRow, "password"> | null): string {
  return user?.password
    ? createHash("sha256").update(user.password).digest("base64url").slice(0, 12)
    : "none";
}

const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("base64url");

function entries(cookie: string | undefined): string[] {
  return cookie ? cookie.split("~").slice(0, DEVICES_PER_BROWSER) : [];
}

/** The device id this browser's cookie proves for `userId`, or null when it carries none (or a forged one). */
export function trustedDevice(secret: string, cookie: string | undefined, userId: number): string | null {
  for (const entry of entries(cookie)) {
    const [version, id, nonce, mac] = entry.split(".");
    if (version !== "v1" || id !== String(userId) || !nonce || !mac) continue;
    const expected = Buffer.from(sign(secret, `v1.${id}.${nonce}`));
    const given = Buffer.from(mac);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

/** Remembers this browser for `userId` (keeping its other accounts), after a successful sign-in. */
export function setDeviceCookie(
  reply: FastifyReply,
  deps: Pick<Deps, "config">,
  current: string | undefined,
  userId: number,
): void {
  const secret = deps.config.deviceCookieSecret;
  const nonce = trustedDevice(secret, current, userId) ?? randomBytes(12).toString("base64url");
  const mine = `v1.${userId}.${nonce}.${sign(secret, `v1.${userId}.${nonce}`)}`;
  const others = entries(current).filter((e) => e.split(".")[1] !== String(userId));
  reply.setCookie(DEVICE_COOKIE, [mine, ...others].slice(0, DEVICES_PER_BROWSER).join("~"), {
    path: "/api",
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.secureCookies,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** The counters one attempt is checked and counted against. */
export interface AttemptKeys {
  /** Keys that refuse at their limit (429 with the wait). */
  own: Array<readonly [key: string, limit: number]>;
  /** The account-wide flood counter, which untrusted browsers count and are stepped up by; null for a device. */
  flood: readonly [key: string, limit: number] | null;
}

/** The keys for a password (`step` "password") or a two-step code ("code") attempt. */
export function attemptKeys(
  deps: Pick<Deps, "config">,
  step: "password" | "code",
  account: string,
  user: Pick<UserRow, "password"> | null,
  ip: string,
  device: string | null,
): AttemptKeys {
  const max = deps.config.rateLimits.loginFailuresPerAccount;
  const gen = passwordGeneration(user);
  if (device) return { own: [[`${step}-fail-device:${device}:${gen}`, max]], flood: null };
  return {
    own: [[`${step}-fail:${account}:${ip}:${gen}`, max]],
    flood: [`${step}-fail:${account}:${gen}`, max * ACCOUNT_WIDE_FACTOR],
  };
}

/** Refuses an attempt whose own counters are spent; answers the minutes left of a flood, or 0 when none. */
export async function checkAttempt(deps: Deps, keys: AttemptKeys): Promise<number> {
  for (const [key, limit] of keys.own) await deps.limiter.check(key, limit);
  if (!keys.flood) return 0;
  try {
    await deps.limiter.check(keys.flood[0], keys.flood[1]);
    return 0;
  } catch (e) {
    if (!(e instanceof HttpError) || e.statusCode !== 429) throw e;
    return Math.max(1, Math.ceil(Number(e.headers?.["retry-after"] ?? 60) / 60));
  }
}

/** Counts a failed attempt on every counter it belongs to (never throws for a limit reached). */
export async function countFailure(deps: Deps, keys: AttemptKeys): Promise<void> {
  const windowMinutes = deps.config.rateLimits.windowMinutes;
  for (const [key, limit] of [...keys.own, ...(keys.flood ? [keys.flood] : [])]) {
    try {
      await deps.limiter.hit(key, limit, windowMinutes);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    }
  }
}

/** A successful attempt forgets its own failures (the flood counter runs out by itself). */
export async function countSuccess(deps: Deps, keys: AttemptKeys): Promise<void> {
  for (const [key] of keys.own) await deps.limiter.reset(key);
}

/**
 * The step-up for a browser new to an account under a flood: when the password was right, a one-time link
 * goes to the account's inbox (at most one per flood window); the answer is the same 429 either way.
 */
export async function stepUp(deps: Deps, user: UserRow | null, passwordRight: boolean, minutes: number) {
  if (user && passwordRight) {
    let send = true;
    try {
      await deps.limiter.hit(`sign-in-link:${user.id}`, 1, deps.config.rateLimits.windowMinutes);
    } catch {
      send = false;
    }
    if (send) await sendSignInLink(deps, user);
  }
  return new HttpError(429, AUTH_MSG.stepUp(minutes), { "retry-after": String(minutes * 60) });
}

async function sendSignInLink(deps: Deps, user: UserRow): Promise<void> {
  const token = newToken();
  await deps.db.insert(signInLinks).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000),
  });
  const url = `${deps.config.appUrl}/auth?signin=${encodeURIComponent(token)}`;
  const m = signInLinkEmail(user.firstName ?? "there", url, SIGN_IN_LINK_MINUTES);
  void deps.mailer.send({
    to: user.email,
    toName: user.firstName,
    ...m,
    type: "sign_in_link",
    userId: user.id,
  });
}

/** The account a live, unspent sign-in link belongs to (it is not spent here), or null. */
export async function signInLinkUser(deps: Deps, token: string): Promise<number | null> {
  const [row] = await deps.db
    .select({ userId: signInLinks.userId })
    .from(signInLinks)
    .where(
      and(
        eq(signInLinks.tokenHash, hashToken(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, deps.now()),
      ),
    );
  return row?.userId ?? null;
}

/** Spends a link once: true for the one caller that did. */
export async function spendSignInLink(deps: Deps, token: string): Promise<boolean> {
  const spent = await deps.db
    .update(signInLinks)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(signInLinks.tokenHash, hashToken(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, deps.now()),
      ),
    )
    .returning({ id: signInLinks.id });
  return spent.length === 1;
}
