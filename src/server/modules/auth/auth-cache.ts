/**
 * Signed-in users kept in memory, per instance, so a request does not ask PostgreSQL who is signed in.
 *
 * Two maps, each a size-bounded LRU whose entries also age out after `ttlMs`: session (hash of the cookie
 * token) -> user row with the session's expiry and last-seen time, and user id -> the extra row GET
 * /api/auth/user shows (preferences, offer, partner's plan). Also a few table-wide figures (the admin
 * assignments total), forgotten when a statement adds to or removes from their table ("t:<table>"). Absolute and idle timeouts are still checked on
 * every request from the cached times (a session that looks idle here is looked up again, since another
 * instance may have seen it since).
 *
 * Invalidation, across instances: triggers (migrations/0012_auth_cache_notify.sql) NOTIFY auth_cache at
 * commit with the user ids whose session, user row, preferences or offer changed (a user's partner too), or
 * '*'; every instance LISTENs on its own connection and forgets those users. Within an instance, every request
 * that may write (any method but GET and HEAD) forgets everything when it answers, so the next request of the
 * same browser never waits on the notification. A lookup that was running while anything was forgotten is not
 * cached (the generation check), and nothing is cached while the listening connection is down: losing it
 * forgets everything, and it reconnects within a second.
 *
 * A connection can die without saying so (a database failover, a NAT or load balancer dropping an idle
 * connection: the socket stays half-open and no error ever comes). So the listener also checks that it still
 * hears itself: TCP keepalive, a heartbeat notification every `heartbeatMs` that must come back within
 * `heartbeatTimeoutMs`, and every request's sync marker (below), which must come back too. Silence counts as
 * a lost connection: everything is forgotten and the listener connects again.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export const AUTH_CACHE_CHANNEL = "auth_cache";
/** The listening connections' application_name: how an instance counts the others. */
const LISTENER_NAME = "unveil-auth-cache";
/** The longest a request that wrote waits for the other instances to confirm (one may be stopping). */
const BARRIER_TIMEOUT_MS = 250;
/** A sync marker this instance sent and has not heard back this long after: its listener has gone deaf. */
const OWN_MARKER_GRACE_MS = 1000;

export interface CachedSession<U> {
  user: U;
  userId: number;
  /** Absolute expiry and last request seen, in ms since the epoch. */
  expire: number;
  lastSeenAt: number;
  cachedAt: number;
}

interface CachedExtra<R> {
  row: R;
  /** The partner id the row was read for (a changed partner link is a miss). */
  partnerId: number | null;
  cachedAt: number;
}

export interface AuthCacheOptions {
  connectionString: string;
  ttlMs?: number;
  maxEntries?: number;
  /** How often the listener notifies itself to prove it still hears (default 5 s); 0: never. */
  heartbeatMs?: number;
  /** How long it waits to hear that heartbeat before it takes the connection as lost (default 2 s). */
  heartbeatTimeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export class AuthCache<U = unknown, R = unknown> {
  private readonly sessions = new Map<string, CachedSession<U>>();
  private readonly sidsByUser = new Map<number, Set<string>>();
  private readonly extras = new Map<number, CachedExtra<R>>();
  /**
   * A member's couple's dates as read from the database (GET /api/dates/user): the rows, never the answer,
   * which is worked out from them and the clock on every request (what is revealed depends on the time).
   * Forgotten on a "d:<user ids>" notification (a reservation of theirs changed), when either of the couple
   * is forgotten, and on any change to venues, date ideas or the set of reservations ("t:" notifications).
   */
  private readonly dates = new Map<number, CachedExtra<unknown>>();
  /** Partner id -> the members whose cached dates include that partner's. */
  private readonly datesViaPartner = new Map<number, Set<number>>();
  /**
   * Back-office views read from many tables (a page of the assignments list, as JSON text), forgotten on every
   * notification whatever it names: any user, reservation, venue or idea may be on the page.
   */
  private readonly views = new Map<string, { value: unknown; cachedAt: number }>();
  /** Table-wide figures (the assignments total), forgotten on a "t:<table>" notification. */
  private readonly tableValues = new Map<string, { value: unknown; cachedAt: number }>();
  private readonly ttlMs: number;
  private readonly max: number;
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Drops the current listening connection as lost (set while one is open). */
  private lose: ((err?: unknown) => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatDeadline: NodeJS.Timeout | null = null;
  private heartbeatSeq = 0;
  /** Bumped by every invalidation: a lookup started under an older generation is not stored. */
  generation = 0;
  private readonly id = randomUUID();
  private syncSeq = 0;
  private readonly syncs = new Map<number, { own: boolean; acks: Set<string>; check: () => void }>();

  private readonly opts: AuthCacheOptions;

  constructor(opts: AuthCacheOptions) {
    this.opts = opts;
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.max = opts.maxEntries ?? 10_000;
  }

  /** Connects and LISTENs; resolves once listening (or after the first failure, retrying in the background). */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      application_name: LISTENER_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.lose = null;
      this.listening = false;
      this.stopHeartbeat();
      this.clear();
      client.end().catch(() => {});
      if (this.closed) return;
      this.opts.log?.("auth cache: the notification connection was lost; reconnecting", err);
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.start();
      }, 1000);
      this.retry.unref();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (msg) => {
      if (msg.channel === AUTH_CACHE_CHANNEL) this.onNotification(client, msg.payload ?? "*");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CACHE_CHANNEL}`);
      if (this.client === client) {
        // Anything cached before this connection listened may have missed a notification.
        this.clear();
        this.listening = true;
        this.lose = lost;
        this.startHeartbeat(client);
      }
    } catch (err) {
      lost(err);
    }
  }

  /** Every heartbeatMs: a "ping" notification to itself, which must come back within heartbeatTimeoutMs. */
  private startHeartbeat(client: pg.Client): void {
    const every = this.opts.heartbeatMs ?? 5000;
    if (every <= 0) return;
    this.heartbeat = setInterval(() => {
      if (this.heartbeatDeadline) return;
      const seq = ++this.heartbeatSeq;
      this.heartbeatDeadline = setTimeout(() => {
        this.heartbeatDeadline = null;
        this.lose?.(new Error(`no heartbeat heard back within ${this.opts.heartbeatTimeoutMs ?? 2000} ms`));
      }, this.opts.heartbeatTimeoutMs ?? 2000);
      this.heartbeatDeadline.unref();
      client
        .query("SELECT pg_notify($1, $2)", [AUTH_CACHE_CHANNEL, `ping:${this.id}:${seq}`])
        .catch(() => {});
    }, every);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.heartbeatDeadline) clearTimeout(this.heartbeatDeadline);
    this.heartbeat = null;
    this.heartbeatDeadline = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopHeartbeat();
    this.lose = null;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    this.clear();
    await client?.end().catch(() => {});
  }

  /** Whether lookups may be cached: only while notifications can arrive. */
  get active(): boolean {
    return this.listening;
  }

  /**
   * Returns once every instance listening has read the notifications committed before this call: a request
   * that changed anything waits for this before it answers, so the browser's next request, on whichever
   * instance, sees the change. Each instance answers a "sync" marker with an "ack" once it has read it (markers
   * come in commit order, after everything committed before); waits BARRIER_TIMEOUT_MS at the most.
   */
  async barrier(db: { query(text: string, values?: unknown[]): Promise<{ rows: Array<{ n: number }> }> }) {
    if (!this.listening) return;
    const seq = ++this.syncSeq;
    let done = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    let expected = Number.POSITIVE_INFINITY;
    let sent = false;
    let failed: unknown = null;
    const state = {
      own: false,
      acks: new Set<string>(),
      check: () => {
        if (state.own && state.acks.size >= expected) done();
      },
    };
    this.syncs.set(seq, state);
    // The query is inside the time limit too: a busy pool must not hold the answer back for long.
    const timer = setTimeout(done, BARRIER_TIMEOUT_MS);
    db.query(
      `SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $1
         AND datname = current_database()) - 1 AS n, pg_notify($2, $3) IS NULL AS sent`,
      [LISTENER_NAME, AUTH_CACHE_CHANNEL, `sync:${this.id}:${seq}`],
    ).then(
      ({ rows }) => {
        sent = true;
        expected = rows[0].n;
        state.check();
      },
      (err) => {
        failed = err;
        done();
      },
    );
    await finished;
    clearTimeout(timer);
    if (sent && !state.own) {
      // Committed, yet not heard back: unless it arrives after all, this listener has gone deaf.
      const listener = this.lose;
      setTimeout(() => {
        this.syncs.delete(seq);
        if (!state.own && listener === this.lose)
          listener?.(new Error("a sync marker was not heard back: the listening connection is silent"));
      }, OWN_MARKER_GRACE_MS).unref();
    } else {
      this.syncs.delete(seq);
    }
    if (failed) throw failed;
  }

  private onNotification(client: pg.Client, payload: string): void {
    if (payload.startsWith("ping:")) {
      if (payload.split(":")[1] === this.id && this.heartbeatDeadline) {
        clearTimeout(this.heartbeatDeadline);
        this.heartbeatDeadline = null;
      }
    } else if (payload.startsWith("sync:")) {
      const [, from, seq] = payload.split(":");
      if (from === this.id) {
        const state = this.syncs.get(Number(seq));
        if (state) {
          state.own = true;
          state.check();
        }
      } else {
        client
          .query("SELECT pg_notify($1, $2)", [AUTH_CACHE_CHANNEL, `ack:${from}:${seq}:${this.id}`])
          .catch(() => {});
      }
    } else if (payload.startsWith("ack:")) {
      const [, to, seq, by] = payload.split(":");
      const state = to === this.id ? this.syncs.get(Number(seq)) : undefined;
      if (state && by) {
        state.acks.add(by);
        state.check();
      }
    } else {
      this.invalidate(payload);
    }
  }

  /** A notification's payload: comma-separated user ids, "t:<table>", "d:<user ids>" (their reservations), or '*'. */
  invalidate(payload: string): void {
    this.views.clear();
    if (payload === "*" || payload === "") {
      this.clear();
      return;
    }
    if (payload.startsWith("t:")) {
      this.generation++;
      this.tableValues.delete(payload.slice(2));
      this.dates.clear();
      this.datesViaPartner.clear();
      return;
    }
    if (payload.startsWith("d:")) {
      this.generation++;
      for (const part of payload.slice(2).split(",")) this.forgetDates(Number(part));
      return;
    }
    this.generation++;
    for (const part of payload.split(",")) this.forgetUser(Number(part));
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.sidsByUser.clear();
    this.extras.clear();
    this.tableValues.clear();
    this.dates.clear();
    this.datesViaPartner.clear();
    this.views.clear();
  }

  /** Forgets the cached dates that include user `id`'s: their own, and those of members partnered with them. */
  private forgetDates(id: number): void {
    this.dropDates(id);
    const members = this.datesViaPartner.get(id);
    if (members) for (const m of [...members]) this.dropDates(m);
  }

  private dropDates(userId: number): void {
    const entry = this.dates.get(userId);
    if (!entry) return;
    this.dates.delete(userId);
    if (entry.partnerId !== null) removeFromIndex(this.datesViaPartner, entry.partnerId, userId);
  }

  private forgetUser(id: number): void {
    this.forgetDates(id);
    this.extras.delete(id);
    const sids = this.sidsByUser.get(id);
    if (!sids) return;
    this.sidsByUser.delete(id);
    for (const sid of sids) this.sessions.delete(sid);
  }

  private fresh(entry: { cachedAt: number } | undefined, now: number): boolean {
    return !!entry && now - entry.cachedAt < this.ttlMs;
  }

  session(sid: string): CachedSession<U> | undefined {
    if (!this.listening) return undefined;
    const entry = this.sessions.get(sid);
    if (!entry) return undefined;
    if (!this.fresh(entry, Date.now())) {
      this.dropSession(sid, entry.userId);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order): the oldest is evicted first.
    this.sessions.delete(sid);
    this.sessions.set(sid, entry);
    return entry;
  }

  /** Stores a lookup that began at `generation` (skipped if anything was invalidated since). */
  putSession(
    sid: string,
    generation: number,
    entry: Omit<CachedSession<U>, "cachedAt">,
  ): CachedSession<U> | undefined {
    if (!this.listening || generation !== this.generation) return undefined;
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

  private dropSession(sid: string, userId: number): void {
    this.sessions.delete(sid);
    removeFromIndex(this.sidsByUser, userId, sid);
  }

  extra(userId: number, partnerId: number | null): R | undefined {
    if (!this.listening) return undefined;
    const entry = this.extras.get(userId);
    if (!entry || entry.partnerId !== partnerId) return undefined;
    if (!this.fresh(entry, Date.now())) {
      this.extras.delete(userId);
      return undefined;
    }
    this.extras.delete(userId);
    this.extras.set(userId, entry);
    return entry.row;
  }

  putExtra(userId: number, partnerId: number | null, generation: number, row: R): void {
    if (!this.listening || generation !== this.generation) return;
    this.extras.delete(userId);
    this.extras.set(userId, { row, partnerId, cachedAt: Date.now() });
    if (this.extras.size > this.max) this.extras.delete(this.extras.keys().next().value as number);
  }

  /** A figure computed from a whole table (kept while no statement adds to or removes from it). */
  tableValue<T>(table: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.tableValues.get(table);
    if (!entry || !this.fresh(entry, Date.now())) return undefined;
    return entry.value as T;
  }

  putTableValue(table: string, generation: number, value: unknown): void {
    if (!this.listening || generation !== this.generation) return;
    this.tableValues.set(table, { value, cachedAt: Date.now() });
  }

  /** The couple's date rows cached for `userId` read with this partner id (a changed link is a miss). */
  coupleDates<T>(userId: number, partnerId: number | null): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.dates.get(userId);
    if (!entry || entry.partnerId !== partnerId) return undefined;
    if (!this.fresh(entry, Date.now())) {
      this.dropDates(userId);
      return undefined;
    }
    this.dates.delete(userId);
    this.dates.set(userId, entry);
    return entry.row as T;
  }

  putCoupleDates(userId: number, partnerId: number | null, generation: number, rows: unknown): void {
    if (!this.listening || generation !== this.generation) return;
    this.dropDates(userId);
    this.dates.set(userId, { row: rows, partnerId, cachedAt: Date.now() });
    if (partnerId !== null) addToIndex(this.datesViaPartner, partnerId, userId);
    if (this.dates.size > this.max) this.dropDates(this.dates.keys().next().value as number);
  }

  /** A back-office view (see `views`), or undefined. */
  view<T>(key: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.views.get(key);
    if (!entry || !this.fresh(entry, Date.now())) return undefined;
    return entry.value as T;
  }

  putView(key: string, generation: number, value: unknown): void {
    if (!this.listening || generation !== this.generation) return;
    this.views.delete(key);
    this.views.set(key, { value, cachedAt: Date.now() });
    // A few pages are looked at; a hundred is plenty.
    if (this.views.size > 100) this.views.delete(this.views.keys().next().value as string);
  }
}

/** key -> set of values, as the session and dates indexes keep them (an empty set is removed). */
function addToIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}

function removeFromIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  set?.delete(value);
  if (set?.size === 0) index.delete(key);
}
