/**
 * Reads other than who is signed in, kept per instance: a couple's date rows, back-office views and table-wide
 * figures. It knows nothing of notifications: ReadCache decides when it may be read, written or forgotten.
 */
import { addToIndex, fresh, removeFromIndex } from "./index-map.ts";
import type { CachedForPartner } from "./user-cache.ts";

export class QueryCache {
  /**
   * A member's couple's dates as read from the database (GET /api/dates/user): the rows, never the answer,
   * which is worked out from them and the clock on every request (what is revealed depends on the time).
   */
  private readonly dates = new Map<number, CachedForPartner<unknown>>();
  /** Partner id -> the members whose cached dates include that partner's. */
  private readonly datesViaPartner = new Map<number, Set<number>>();
  /**
   * Back-office views read from many tables (a page of the assignments list, as JSON text): any user,
   * date, venue or idea may be on the page, so every invalidation forgets them all.
   */
  private readonly views = new Map<string, { value: unknown; cachedAt: number }>();
  /** Table-wide figures (the assignments total), forgotten when their table gains or loses rows. */
  private readonly tableValues = new Map<string, { value: unknown; cachedAt: number }>();

  private readonly ttlMs: number;
  private readonly max: number;

  constructor(ttlMs: number, max: number) {
    this.ttlMs = ttlMs;
    this.max = max;
  }

  tableValue<T>(table: string): T | undefined {
    const entry = this.tableValues.get(table);
    if (!entry || !fresh(entry, Date.now(), this.ttlMs)) return undefined;
    return entry.value as T;
  }

  putTableValue(table: string, value: unknown): void {
    this.tableValues.set(table, { value, cachedAt: Date.now() });
  }

  /** A statement added to or removed from `table`: its figure goes, and every couple's dates with it. */
  forgetTable(table: string): void {
    this.tableValues.delete(table);
    this.dates.clear();
    this.datesViaPartner.clear();
  }

  coupleDates<T>(userId: number, partnerId: number | null): T | undefined {
    const entry = this.dates.get(userId);
    if (!entry || entry.partnerId !== partnerId) return undefined;
    if (!fresh(entry, Date.now(), this.ttlMs)) {
      this.dropDates(userId);
      return undefined;
    }
    this.dates.delete(userId);
    this.dates.set(userId, entry);
    return entry.row as T;
  }

  putCoupleDates(userId: number, partnerId: number | null, rows: unknown): void {
    this.dropDates(userId);
    this.dates.set(userId, { row: rows, partnerId, cachedAt: Date.now() });
    if (partnerId !== null) addToIndex(this.datesViaPartner, partnerId, userId);
    if (this.dates.size > this.max) this.dropDates(this.dates.keys().next().value as number);
  }

  /** Forgets the cached dates that include user `id`'s: their own, and those of members partnered with them. */
  forgetDates(id: number): void {
    this.dropDates(id);
    const members = this.datesViaPartner.get(id);
    if (members) for (const m of [...members]) this.dropDates(m);
  }

  view<T>(key: string): T | undefined {
    const entry = this.views.get(key);
    if (!entry || !fresh(entry, Date.now(), this.ttlMs)) return undefined;
    return entry.value as T;
  }

  putView(key: string, value: unknown): void {
    this.views.delete(key);
    this.views.set(key, { value, cachedAt: Date.now() });
    // A few pages are looked at; a hundred is plenty.
    if (this.views.size > 100) this.views.delete(this.views.keys().next().value as string);
  }

  forgetViews(): void {
    this.views.clear();
  }

  clear(): void {
    this.tableValues.clear();
    this.dates.clear();
    this.datesViaPartner.clear();
    this.views.clear();
  }

  private dropDates(userId: number): void {
    const entry = this.dates.get(userId);
    if (!entry) return;
    this.dates.delete(userId);
    if (entry.partnerId !== null) removeFromIndex(this.datesViaPartner, entry.partnerId, userId);
  }
}
