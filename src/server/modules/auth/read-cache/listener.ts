/**
 * The LISTEN/NOTIFY connection that keeps every instance's ReadCache honest.
 *
 * Triggers (migrations/0012_auth_cache_notify.sql) NOTIFY auth_cache at commit with what changed; this
 * connection hands each such payload to `handlers.invalidate`. Losing the connection, or (re)starting to
 * listen, calls `handlers.reset`: anything cached meanwhile may have missed a notification. It reconnects
 * within a second.
 *
 * A connection can die without saying so (a database failover, a NAT or load balancer dropping an idle
 * connection: the socket stays half-open and no error ever comes). So the listener also checks that it still
 * hears itself: TCP keepalive, a heartbeat notification every `heartbeatMs` that must come back within
 * `heartbeatTimeoutMs`, and every request's sync marker (`barrier`), which must come back too. Silence counts
 * as a lost connection.
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

export interface ListenerOptions {
  connectionString: string;
  /** How often the listener notifies itself to prove it still hears (default 5 s); 0: never. */
  heartbeatMs?: number;
  /** How long it waits to hear that heartbeat before it takes the connection as lost (default 2 s). */
  heartbeatTimeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

export interface ListenerHandlers {
  /** A change notification's payload (user ids, "t:<table>", "d:<user ids>" or "*"). */
  invalidate(payload: string): void;
  /** Forget everything: the connection was lost, (re)started listening, or closed. */
  reset(): void;
}

export class InvalidationListener {
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Drops the current listening connection as lost (set while one is open). */
  private lose: ((err?: unknown) => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatDeadline: NodeJS.Timeout | null = null;
  private heartbeatSeq = 0;
  private readonly id = randomUUID();
  private syncSeq = 0;
  private readonly syncs = new Map<number, { own: boolean; acks: Set<string>; check: () => void }>();

  private readonly opts: ListenerOptions;
  private readonly handlers: ListenerHandlers;

  constructor(opts: ListenerOptions, handlers: ListenerHandlers) {
    this.opts = opts;
    this.handlers = handlers;
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
      this.handlers.reset();
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
        this.handlers.reset();
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
    this.handlers.reset();
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
      this.handlers.invalidate(payload);
    }
  }
}
