/**
 * Reads kept in memory, per instance, so a request does not ask PostgreSQL who is signed in (UserCache), nor
 * re-read a couple's dates, a back-office page or a table-wide figure (QueryCache). Entries also age out
 * after `ttlMs`. Absolute and idle timeouts are still checked on every request from the cached times (a
 * session that looks idle here is looked up again, since another instance may have seen it since).
 *
 * Invalidation, across instances: InvalidationListener (listener.ts) hears which user ids, dates or
 * tables changed, or '*', and this forgets them. Within an instance, every request that may write (any method
 * but GET and HEAD) forgets everything when it answers, so the next request of the same browser never waits
 * on the notification. A lookup that was running while anything was forgotten is not cached (the generation
 * check), and nothing is cached or read while the listening connection is down: losing it forgets everything.
 */
import { InvalidationListener, type ListenerOptions } from "./listener.ts";
import { QueryCache } from "./query-cache.ts";
import { type CachedSession, UserCache } from "./user-cache.ts";

export { AUTH_CACHE_CHANNEL } from "./listener.ts";
export type { CachedSession } from "./user-cache.ts";

export interface ReadCacheOptions extends ListenerOptions {
  ttlMs?: number;
  maxEntries?: number;
}

export class ReadCache<U = unknown, R = unknown> {
  private readonly users: UserCache<U, R>;
  private readonly queries: QueryCache;
  private readonly listener: InvalidationListener;
  /** Bumped by every invalidation: a lookup started under an older generation is not stored. */
  generation = 0;

  constructor(opts: ReadCacheOptions) {
    const ttlMs = opts.ttlMs ?? 30_000;
    const max = opts.maxEntries ?? 10_000;
    this.users = new UserCache(ttlMs, max);
    this.queries = new QueryCache(ttlMs, max);
    this.listener = new InvalidationListener(opts, {
      invalidate: (payload) => this.invalidate(payload),
      reset: () => this.clear(),
    });
  }

  /** Connects and LISTENs; resolves once listening (or after the first failure, retrying in the background). */
  start(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  /** Whether lookups may be cached: only while notifications can arrive. */
  get active(): boolean {
    return this.listener.active;
  }

  /** Waits until every instance has read the notifications committed before this call (listener.ts). */
  barrier(db: Parameters<InvalidationListener["barrier"]>[0]): Promise<void> {
    return this.listener.barrier(db);
  }

  /** A notification's payload: comma-separated user ids, "t:<table>", "d:<user ids>" (their dates), or '*'. */
  invalidate(payload: string): void {
    this.queries.forgetViews();
    if (payload === "*" || payload === "") {
      this.clear();
      return;
    }
    this.generation++;
    if (payload.startsWith("t:")) {
      this.queries.forgetTable(payload.slice(2));
      return;
    }
    if (payload.startsWith("d:")) {
      for (const part of payload.slice(2).split(",")) this.queries.forgetDates(Number(part));
      return;
    }
    for (const part of payload.split(",")) {
      const id = Number(part);
      this.queries.forgetDates(id);
      this.users.forgetUser(id);
    }
  }

  clear(): void {
    this.generation++;
    this.users.clear();
    this.queries.clear();
  }

  /** Whether a lookup that began at `generation` may be stored. */
  private mayStore(generation: number): boolean {
    return this.active && generation === this.generation;
  }

  session(sid: string): CachedSession<U> | undefined {
    return this.active ? this.users.session(sid) : undefined;
  }

  /** Stores a lookup that began at `generation` (skipped if anything was invalidated since). */
  putSession(
    sid: string,
    generation: number,
    entry: Omit<CachedSession<U>, "cachedAt">,
  ): CachedSession<U> | undefined {
    return this.mayStore(generation) ? this.users.putSession(sid, entry) : undefined;
  }

  extra(userId: number, partnerId: number | null): R | undefined {
    return this.active ? this.users.extra(userId, partnerId) : undefined;
  }

  putExtra(userId: number, partnerId: number | null, generation: number, row: R): void {
    if (this.mayStore(generation)) this.users.putExtra(userId, partnerId, row);
  }

  /** A figure computed from a whole table (kept while no statement adds to or removes from it). */
  tableValue<T>(table: string): T | undefined {
    return this.active ? this.queries.tableValue<T>(table) : undefined;
  }

  putTableValue(table: string, generation: number, value: unknown): void {
    if (this.mayStore(generation)) this.queries.putTableValue(table, value);
  }

  /** The couple's date rows cached for `userId` read with this partner id (a changed link is a miss). */
  coupleDates<T>(userId: number, partnerId: number | null): T | undefined {
    return this.active ? this.queries.coupleDates<T>(userId, partnerId) : undefined;
  }

  putCoupleDates(userId: number, partnerId: number | null, generation: number, rows: unknown): void {
    if (this.mayStore(generation)) this.queries.putCoupleDates(userId, partnerId, rows);
  }

  /** A back-office view (a page of the assignments list), or undefined. */
  view<T>(key: string): T | undefined {
    return this.active ? this.queries.view<T>(key) : undefined;
  }

  putView(key: string, generation: number, value: unknown): void {
    if (this.mayStore(generation)) this.queries.putView(key, value);
  }
}
