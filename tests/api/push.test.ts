import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../src/server/db/schema.ts";
import { isKnownPushService, MAX_PUSH_DEVICES } from "../../src/server/modules/push/devices.ts";
import { PUSH_MSG } from "../../src/shared/schemas/push.ts";
import { createTestApp, type SignedIn, TEST_VAPID_KEYS } from "../helpers/app.ts";

const t = await createTestApp();

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let n = 0;
/** A PushSubscription as a browser's toJSON() gives it (the key is a real P-256 point's length). */
function subscription(host = "fcm.googleapis.com") {
  n++;
  return {
    endpoint: `https://${host}/fcm/send/device-${n}-${Date.now()}`,
    expirationTime: null,
    keys: { p256dh: `B${"A".repeat(85)}${n % 10}`, auth: `auth${"x".repeat(17)}${n % 10}` },
  };
}

const subscribe = (as: SignedIn, body: unknown, ua = ANDROID) =>
  t.request({
    method: "POST",
    url: "/api/push/subscriptions",
    as,
    payload: body as object,
    headers: { "user-agent": ua },
  });
const list = (as: SignedIn, endpoint?: string) =>
  t.request({
    method: "GET",
    url: `/api/push/subscriptions${endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : ""}`,
    as,
  });
const rowsOf = (userId: number) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("GET /api/push/key", () => {
  it("answers the VAPID public key to anyone", async () => {
    const res = await t.request({ method: "GET", url: "/api/push/key" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: TEST_VAPID_KEYS.publicKey });
  });
});

describe("POST /api/push/subscriptions", () => {
  it("saves the browser's subscription with a label from the user agent", async () => {
    const m = await t.member();
    const sub = subscription();
    const res = await subscribe(m, sub);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ label: "Chrome on Android", lastSuccessAt: null, current: true });
    expect(Object.keys(body).sort()).toEqual(["createdAt", "current", "id", "label", "lastSuccessAt"]);
    // The endpoint is a secret of the device: never sent back.
    expect(res.body).not.toContain(sub.endpoint);
    const [row] = await rowsOf(m.user.id);
    expect(row).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
  });

  it("the same endpoint again updates the row (new keys, the member's own name kept), never duplicates", async () => {
    const m = await t.member();
    const sub = subscription();
    const first = (await subscribe(m, sub)).json();
    await t.request({
      method: "PATCH",
      url: `/api/push/subscriptions/${first.id}`,
      as: m,
      payload: { label: "Sam's phone" },
    });
    const again = await subscribe(m, { ...sub, keys: { ...sub.keys, auth: "newauthsecretxxxxxxxxx" } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, label: "Sam's phone" });
    const rows = await rowsOf(m.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].auth).toBe("newauthsecretxxxxxxxxx");
  });

  it("an endpoint belongs to one member: a new sign-in on the same device moves it", async () => {
    const a = await t.member();
    const b = await t.member();
    const sub = subscription();
    await subscribe(a, sub);
    const moved = await subscribe(b, sub, IPHONE);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().label).toBe("Safari on iPhone");
    expect(await rowsOf(a.user.id)).toEqual([]);
    expect(await rowsOf(b.user.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per member, dropping the longest unused`, async () => {
    const m = await t.member();
    const first = (await subscribe(m, subscription())).json();
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) await subscribe(m, subscription());
    const ids = (await rowsOf(m.user.id)).map((r) => r.id);
    expect(ids).toHaveLength(MAX_PUSH_DEVICES);
    expect(ids).not.toContain(first.id);
  });

  it("refuses what is not a browser's subscription, with the form's messages, and saves nothing", async () => {
    const m = await t.member();
    const good = subscription();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: "not a url" }, PUSH_MSG.endpoint],
      [{ ...good, endpoint: "http://push.example/abc" }, PUSH_MSG.endpoint],
      [{ ...good, endpoint: "ftp://push.example/abc" }, PUSH_MSG.endpoint],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${"x".repeat(1000)}` }, PUSH_MSG.endpoint],
      [{ ...good, endpoint: 42 }, PUSH_MSG.endpoint],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, PUSH_MSG.keys],
      [{ ...good, keys: { ...good.keys, auth: "not base64url!!!!!!!!!" } }, PUSH_MSG.keys],
      [{ ...good, keys: undefined }, PUSH_MSG.keys],
      [{ endpoint: good.endpoint }, PUSH_MSG.keys],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(m, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const malformed = await t.request({
      method: "POST",
      url: "/api/push/subscriptions",
      as: m,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it("accepts a push service on this machine outside production only (the tests' local push service)", async () => {
    const m = await t.member();
    expect(
      (await subscribe(m, { ...subscription(), endpoint: "http://127.0.0.1:9/push/1" })).statusCode,
    ).toBe(200);
    expect(isKnownPushService("http://127.0.0.1:9/push/1")).toBe(false);
    expect(isKnownPushService("https://fcm.googleapis.com/fcm/send/abc")).toBe(true);
    expect(isKnownPushService("https://updates.push.services.mozilla.com/wpush/v2/abc")).toBe(true);
    expect(isKnownPushService("https://web.push.apple.com/QGx")).toBe(true);
    expect(isKnownPushService("https://wns2-db5p.notify.windows.com/w/?token=abc")).toBe(true);
    expect(isKnownPushService("https://evil.example/fcm.googleapis.com")).toBe(false);
    expect(isKnownPushService("https://fcm.googleapis.com.evil.example/x")).toBe(false);
    expect(isKnownPushService("https://10.0.0.5/push")).toBe(false);
  });

  it("in production refuses a push service that is not a browser's", async () => {
    const original = t.deps.config.env;
    (t.deps.config as { env: string }).env = "production";
    try {
      const m = await t.member();
      const res = await subscribe(m, subscription("internal.example"));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PUSH_MSG.pushService);
      expect((await subscribe(m, subscription())).statusCode).toBe(200);
    } finally {
      (t.deps.config as { env: string }).env = original;
    }
  });

  it("refuses visitors (401) and other sites (403)", async () => {
    const res = await t.request({ method: "POST", url: "/api/push/subscriptions", payload: subscription() });
    expect(res.statusCode).toBe(401);
    const m = await t.member();
    const cross = await t.request({
      method: "POST",
      url: "/api/push/subscriptions",
      as: m,
      payload: subscription(),
      headers: { origin: "https://evil.example" },
    });
    expect(cross.statusCode).toBe(403);
    expect(await rowsOf(m.user.id)).toEqual([]);
  });
});

describe("GET /api/push/subscriptions", () => {
  it("lists only the member's devices, marking the one whose endpoint was sent", async () => {
    const m = await t.member();
    const other = await t.member();
    const phone = subscription();
    const laptop = subscription();
    await subscribe(m, phone);
    await subscribe(m, laptop, IPHONE);
    await subscribe(other, subscription());
    const res = await list(m, laptop.endpoint);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { label: string; current: boolean }) => [d.label, d.current])).toEqual([
      ["Chrome on Android", false],
      ["Safari on iPhone", true],
    ]);
    expect(res.body).not.toContain(phone.endpoint);
    expect((await list(m)).json().every((d: { current: boolean }) => !d.current)).toBe(true);
    // An admin has their own devices like any member.
    const admin = await t.admin();
    expect((await list(admin)).json()).toEqual([]);
  });

  it("refuses visitors and unknown query fields", async () => {
    expect((await t.request({ method: "GET", url: "/api/push/subscriptions" })).statusCode).toBe(401);
    const m = await t.member();
    expect(
      (await t.request({ method: "GET", url: "/api/push/subscriptions?userId=1", as: m })).statusCode,
    ).toBe(400);
  });
});

describe("PATCH and DELETE /api/push/subscriptions/:id", () => {
  it("renames the member's device, with the form's message for a bad name", async () => {
    const m = await t.member();
    const { id } = (await subscribe(m, subscription())).json();
    const res = await t.request({
      method: "PATCH",
      url: `/api/push/subscriptions/${id}`,
      as: m,
      payload: { label: "  Kitchen iPad  " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, label: "Kitchen iPad" });
    for (const label of ["", "   ", "x".repeat(81), 5]) {
      const bad = await t.request({
        method: "PATCH",
        url: `/api/push/subscriptions/${id}`,
        as: m,
        payload: { label },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(PUSH_MSG.label);
    }
    const extra = await t.request({
      method: "PATCH",
      url: `/api/push/subscriptions/${id}`,
      as: m,
      payload: { label: "Mine", userId: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await rowsOf(m.user.id))[0].label).toBe("Kitchen iPad");
  });

  it("removes the member's device", async () => {
    const m = await t.member();
    const { id } = (await subscribe(m, subscription())).json();
    const res = await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, as: m });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(m.user.id)).toEqual([]);
    const again = await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, as: m });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PUSH_MSG.notFound);
  });

  it("another member's device is not found (404), for members and admins alike; visitors get 401", async () => {
    const owner = await t.member();
    const { id } = (await subscribe(owner, subscription())).json();
    for (const as of [await t.member(), await t.admin()]) {
      const rename = await t.request({
        method: "PATCH",
        url: `/api/push/subscriptions/${id}`,
        as,
        payload: { label: "Mine now" },
      });
      expect(rename.statusCode).toBe(404);
      expect(
        (await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, as })).statusCode,
      ).toBe(404);
    }
    expect((await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}` })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: "PATCH", url: `/api/push/subscriptions/${id}`, payload: { label: "x" } }))
        .statusCode,
    ).toBe(401);
    const [row] = await rowsOf(owner.user.id);
    expect(row.label).toBe("Chrome on Android");
  });

  it("a malformed id is 400", async () => {
    const m = await t.member();
    for (const id of ["abc", "-1", "1e3", "0"]) {
      expect(
        (await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, as: m })).statusCode,
      ).toBe(400);
    }
  });
});

describe("leaving removes the devices", () => {
  it("signing out every other device removes the member's push devices", async () => {
    const m = await t.member();
    await subscribe(m, subscription());
    await subscribe(m, subscription());
    const res = await t.request({ method: "DELETE", url: "/api/account/sessions", as: m });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it("an admin signing a member out everywhere removes them too", async () => {
    const m = await t.member();
    await subscribe(m, subscription());
    const admin = await t.admin();
    const res = await t.request({
      method: "DELETE",
      url: `/api/admin/users/${m.user.id}/sessions`,
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it("deleting the account removes them", async () => {
    const m = await t.member();
    await subscribe(m, subscription());
    const res = await t.request({
      method: "DELETE",
      url: "/api/auth/user",
      as: m,
      payload: { password: m.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(m.user.id)).toEqual([]);
  });
});

describe("GET and PATCH /api/account/notifications", () => {
  it("reads and changes the push and teaser-clue switches; malformed input changes nothing", async () => {
    const m = await t.member();
    const url = "/api/account/notifications";
    expect((await t.request({ method: "GET", url, as: m })).json()).toEqual({
      push: true,
      clues: false,
      smsStoppedAt: null,
    });
    const res = await t.request({ method: "PATCH", url, as: m, payload: { push: false, clues: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ push: false, clues: true });
    for (const payload of [{ push: "yes" }, { clues: 1 }, { smsStoppedAt: null }]) {
      const bad = await t.request({ method: "PATCH", url, as: m, payload });
      expect(bad.statusCode).toBe(400);
    }
    expect((await t.request({ method: "GET", url, as: m })).json()).toMatchObject({
      push: false,
      clues: true,
    });
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.request({ method: "PATCH", url, payload: { push: true } })).statusCode).toBe(401);
  });

  it("turning SMS on after a STOP reply clears it", async () => {
    const stoppedAt = new Date("2026-11-01T10:00:00Z");
    const m = await t.member({ phone: "+447700900123", smsNotifications: false, smsStoppedAt: stoppedAt });
    const url = "/api/account/notifications";
    expect((await t.request({ method: "GET", url, as: m })).json().smsStoppedAt).toBe(
      stoppedAt.toISOString(),
    );
    const on = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: m,
      payload: { smsNotifications: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url, as: m })).json().smsStoppedAt).toBeNull();
  });
});
