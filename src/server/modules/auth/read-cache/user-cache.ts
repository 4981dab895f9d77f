/**
 * Signed-in users: session (hash of the cookie token) -> user row with the session's expiry and last-seen time,
 * and user id -> the extra row GET /api/auth/user shows (preferences, offer, partner's plan). Each map is a
 * size-bounded LRU (Map keeps insertion order: the oldest is evicted first) whose entries also age out.
 * It knows nothing of notifications: ReadCache decides when it may be read, written or forgotten.
 */
import { addToIndex, fresh, removeFromIndex } from "./index-map.ts";

export interface CachedSession<U> {
  user: U;
  userId: number;
  /** Absolute expiry and last request seen, in ms since the epoch. */
  expire: number;
  lastSeenAt: number;
  cachedAt: number;
}

export interface CachedForPartner<R> {
  row: R;
  /** The partner id the row was read for (a changed partner link is a miss). */
  partnerId: number | null;
  cachedAt: number;
}

export class UserCache<U, R> {
  private readonly sessions = new Map<string, CachedSession<U>>();
  private readonly sidsByUser = new Map<number, Set<string>>();
  private readonly extras = new Map<number, CachedForPartner<R>>();

  private readonly ttlMs: number;
  private readonly max: number;

  constructor(ttlMs: number, max: number) {
    this.ttlMs = ttlMs;
    this.max = max;
  }

  session(sid: string): CachedSession<U> | undefined {
    const entry = this.sessions.get(sid);
    if (!entry) return undefined;
    if (!fresh(entry, Date.now(), this.ttlMs)) {
      this.dropSession(sid, entry.userId);
      return undefined;
    }
    // Most recently used last: the oldest is evicted first.
    this.sessions.delete(sid);
    this.sessions.set(sid, entry);
    return entry;
  }

  putSession(sid: string, entry: Omit<CachedSession<U>, "cachedAt">): CachedSession<U> {
    const old = this.sessions.get(sid);
    if (old) this.dropSession(sid, old.userId);
    const stored = { ...entry, cachedAt: Date.now() };
    this.sessions.set(sid, stored);
    addToIndex(this.sidsByUser, entry.userId, sid);
    if (this.sessions.size > this.max) {
      const [oldest, e] = this.sessions.entries().next().value as [string, CachedSession<U>];
      this.dropSession(oldest, e.userId);
    }
    return stored;
  }

  extra(userId: number, partnerId: number | null): R | undefined {
    const entry = this.extras.get(userId);
    if (!entry || entry.partnerId !== partnerId) return undefined;
    if (!fresh(entry, Date.now(), this.ttlMs)) {
      this.extras.delete(userId);
      return undefined;
    }
    this.extras.delete(userId);
    this.extras.set(userId, entry);
    return entry.row;
  }

  putExtra(userId: number, partnerId: number | null, row: R): void {
    this.extras.delete(userId);
    this.extras.set(userId, { row, partnerId, cachedAt: Date.now() });
    if (this.extras.size > this.max) this.extras.delete(this.extras.keys().next().value as number);
  }

  /** Forgets user `id`'s sessions and extra row. */
  forgetUser(id: number): void {
    this.extras.delete(id);
    const sids = this.sidsByUser.get(id);
    if (!sids) return;
    this.sidsByUser.delete(id);
    for (const sid of sids) this.sessions.delete(sid);
  }

  clear(): void {
    this.sessions.clear();
    this.sidsByUser.clear();
    this.extras.clear();
  }

  private dropSession(sid: string, userId: number): void {
    this.sessions.delete(sid);
    removeFromIndex(this.sidsByUser, userId, sid);
  }
}
