import { describe, expect, it, vi } from "vitest";
import {
  dateCacheAction,
  dateIdFromApiPath,
  datesToEvict,
  isCacheableDateAnswer,
  routeRequest,
  userIdFromSessionAnswer,
} from "../../src/client/sw/cache-policy.ts";
import {
  openFromNotification,
  parsePushPayload,
  safeAppPath,
  showPush,
} from "../../src/client/sw/notifications.ts";
import type { ClientsLike, WindowClientLike } from "../../src/client/sw/types.ts";
import { OFFLINE_DATES_MAX } from "../../src/shared/pwa.ts";

const ORIGIN = "https://unveil.test";
const NOW = Date.parse("2026-11-26T12:00:00Z");
const HOUR = 3_600_000;

/** A date answer as GET /api/dates/{id} sends it (only the fields the decision reads matter). */
function answer(over: Record<string, unknown> = {}) {
  return {
    id: 7,
    scheduledDate: new Date(NOW + 20 * HOUR).toISOString(),
    durationHours: 3,
    status: "revealed",
    revealed: true,
    venue: { name: "The Cellar", address: "12 Secret Street", phone: "020 7946 0000" },
    dateIdea: { title: "Wine tasting", description: null, category: "culinary" },
    ...over,
  };
}

const get = (path: string, mode = "cors") => ({ method: "GET", mode, url: `${ORIGIN}${path}` });

describe("which requests the worker handles", () => {
  it("takes one date's answer, the session check, page loads and built files", () => {
    expect(routeRequest(get("/api/dates/7"), ORIGIN)).toBe("date");
    expect(routeRequest(get("/api/auth/user"), ORIGIN)).toBe("session");
    expect(routeRequest(get("/dates/7", "navigate"), ORIGIN)).toBe("navigation");
    expect(routeRequest(get("/assets/App-abc.js"), ORIGIN)).toBe("asset");
  });

  it("leaves every other API answer alone, the dates list and stats included", () => {
    for (const path of [
      "/api/dates/user",
      "/api/dates/stats",
      "/api/dates/7/calendar.ics",
      "/api/dates/7?x=1",
      "/api/dates/0",
      "/api/dates/abc",
      "/api/subscription",
      "/api/admin/members",
      "/api/clues",
    ])
      expect(routeRequest(get(path), ORIGIN), path).toBe("pass");
  });

  it("leaves writes and other sites alone", () => {
    expect(routeRequest({ method: "POST", mode: "cors", url: `${ORIGIN}/api/dates/7/confirm` }, ORIGIN)).toBe(
      "pass",
    );
    expect(routeRequest({ method: "POST", mode: "cors", url: `${ORIGIN}/api/dates/7` }, ORIGIN)).toBe("pass");
    expect(routeRequest({ method: "GET", mode: "cors", url: "https://evil.test/api/dates/7" }, ORIGIN)).toBe(
      "pass",
    );
  });

  it("reads a date id only from the exact path", () => {
    expect(dateIdFromApiPath("/api/dates/12")).toBe(12);
    expect(dateIdFromApiPath("/api/dates/12/")).toBeNull();
    expect(dateIdFromApiPath("/api/dates/01")).toBeNull();
    expect(dateIdFromApiPath("/api/dates/user")).toBeNull();
  });
});

describe("what is kept of a date", () => {
  it("keeps a revealed date with its venue", () => {
    expect(isCacheableDateAnswer(7, 200, answer(), NOW)).toBe(true);
    expect(dateCacheAction(7, 200, answer(), NOW)).toBe("put");
  });

  it("never keeps a date that is not revealed, even one carrying a venue by mistake", () => {
    expect(isCacheableDateAnswer(7, 200, answer({ revealed: false, venue: null, dateIdea: null }), NOW)).toBe(
      false,
    );
    expect(isCacheableDateAnswer(7, 200, answer({ revealed: false }), NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, answer({ revealed: "true" }), NOW)).toBe(false);
    expect(dateCacheAction(7, 200, answer({ revealed: false, venue: null }), NOW)).toBe("delete");
  });

  it("never keeps a revealed date without a venue, a cancelled one, or one long past", () => {
    expect(isCacheableDateAnswer(7, 200, answer({ venue: null }), NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, answer({ status: "cancelled" }), NOW)).toBe(false);
    const past = answer({ scheduledDate: new Date(NOW - 30 * HOUR).toISOString(), durationHours: 3 });
    expect(isCacheableDateAnswer(7, 200, past, NOW)).toBe(false);
    const lastNight = answer({ scheduledDate: new Date(NOW - 10 * HOUR).toISOString(), durationHours: 3 });
    expect(isCacheableDateAnswer(7, 200, lastNight, NOW)).toBe(true);
  });

  it("never keeps another date's answer, a list, an error or something unreadable", () => {
    expect(isCacheableDateAnswer(8, 200, answer(), NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, [answer()], NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, null, NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, "text", NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 304, answer(), NOW)).toBe(false);
    expect(isCacheableDateAnswer(7, 200, answer({ scheduledDate: "soon" }), NOW)).toBe(false);
  });

  it("drops the copy when the date is gone or no longer the member's, and everything when signed out", () => {
    expect(dateCacheAction(7, 404, { message: "Not found" }, NOW)).toBe("delete");
    expect(dateCacheAction(7, 403, null, NOW)).toBe("delete");
    expect(dateCacheAction(7, 401, null, NOW)).toBe("clear-all");
    expect(dateCacheAction(7, 503, null, NOW)).toBe("keep");
  });

  it("evicts expired copies and all but the newest few", () => {
    const kept = Array.from({ length: OFFLINE_DATES_MAX + 2 }, (_, i) => ({
      url: `${ORIGIN}/api/dates/${i + 1}`,
      until: NOW + (i + 1) * HOUR,
    }));
    kept.push({ url: `${ORIGIN}/api/dates/99`, until: NOW - HOUR });
    const evicted = datesToEvict(kept, NOW);
    expect(evicted).toEqual([`${ORIGIN}/api/dates/1`, `${ORIGIN}/api/dates/2`, `${ORIGIN}/api/dates/99`]);
  });

  it("reads the member id from the session answer", () => {
    expect(userIdFromSessionAnswer({ id: 4, email: "a@b.c" })).toBe(4);
    expect(userIdFromSessionAnswer({ message: "Unauthorized" })).toBeNull();
    expect(userIdFromSessionAnswer(null)).toBeNull();
  });
});

describe("push notifications", () => {
  const data = (v: unknown) => ({
    json: () => (typeof v === "string" ? JSON.parse(v) : v),
    text: () => JSON.stringify(v),
  });

  it("shows the payload's title and body, tagged, with the app's icon and where to go", async () => {
    const showNotification = vi.fn(async () => {});
    await showPush(
      { showNotification },
      data({
        title: "Your date is revealed",
        body: "Open it to see where you're going.",
        url: "/dates/7",
        tag: "reveal-7",
      }),
      ORIGIN,
    );
    expect(showNotification).toHaveBeenCalledWith("Your date is revealed", {
      body: "Open it to see where you're going.",
      tag: "reveal-7",
      data: { url: "/dates/7" },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
    });
  });

  it("falls back to a plain message for an empty or broken payload, and never leaves the app", () => {
    expect(parsePushPayload(null, ORIGIN).title).toBe("Unveil");
    expect(parsePushPayload(data("{not json"), ORIGIN).url).toBe("/dashboard");
    expect(parsePushPayload(data({ title: "Hi", url: "https://evil.test/x" }), ORIGIN).url).toBe(
      "/dashboard",
    );
    expect(safeAppPath("//evil.test/x", ORIGIN)).toBe("/dashboard");
    expect(safeAppPath("/dates/7?from=push", ORIGIN)).toBe("/dates/7?from=push");
  });

  function fakeClients(urls: string[]) {
    const opened: string[] = [];
    const made = urls.map((url) => {
      const client: WindowClientLike & { focusedNow: boolean; navigatedTo?: string } = {
        url,
        focused: false,
        focusedNow: false,
        focus: vi.fn(async () => {
          client.focusedNow = true;
          return client;
        }),
        navigate: vi.fn(async (to: string) => {
          client.navigatedTo = to;
          return client;
        }),
      };
      return client;
    });
    const clients: ClientsLike = {
      matchAll: async () => made,
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
      claim: async () => {},
    };
    return { clients, made, opened };
  }

  it("a tap focuses the tab already at the address", async () => {
    const { clients, made, opened } = fakeClients([`${ORIGIN}/dashboard`, `${ORIGIN}/dates/7`]);
    await openFromNotification(clients, { url: "/dates/7" }, ORIGIN);
    expect(made[1].focusedNow).toBe(true);
    expect(made[0].focusedNow).toBe(false);
    expect(opened).toEqual([]);
  });

  it("a tap takes an open Unveil tab to the address, or opens one", async () => {
    const one = fakeClients([`${ORIGIN}/dashboard`]);
    await openFromNotification(one.clients, { url: "/dates/7" }, ORIGIN);
    expect(one.made[0].navigatedTo).toBe(`${ORIGIN}/dates/7`);
    const none = fakeClients([]);
    await openFromNotification(none.clients, { url: "/dates/7" }, ORIGIN);
    expect(none.opened).toEqual([`${ORIGIN}/dates/7`]);
  });
});
