/**
 * Settings > Notifications in a real browser: turning push on for this device (permission, service worker,
 * subscription sent to the server), the device list with "This device" and Remove, the Push and Teaser clues
 * switches kept across a reload, and the notice after a STOP reply that turning SMS on clears.
 */
import { existsSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { type PushService, startPushService } from "../helpers/push-service.ts";
import { e2eDb } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

// Chromium's headless shell refuses notification permission whatever is granted; full Chromium (new headless
// mode) grants it, so these tests run there, as the push handler's test does.
const FULL_CHROMIUM = "/usr/bin/chromium";

test.skip(!existsSync(FULL_CHROMIUM), "needs full Chromium for notification permission");
test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  },
});

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

/**
 * Chromium's PushManager.subscribe asks Google's push service (FCM) for an endpoint, which this machine cannot
 * reach (and a test must not depend on). The page's PushManager is replaced before any script runs: subscribe
 * answers a subscription of the local push service (its real P-256 key and auth secret, so the server's
 * validation sees what a browser sends), getSubscription returns it across reloads, and unsubscribe forgets it.
 * Everything else (permission, service worker registration, the form, the API) is the real thing.
 */
async function fakePushManager(page: Page) {
  const sub = push.subscribe();
  await page.addInitScript((s) => {
    const KEY = "e2e-push-subscription";
    const make = () => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(KEY, "1");
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null;
  }, sub);
  return sub;
}

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

interface Device {
  id: number;
  label: string;
  current: boolean;
}

async function serverDevices(page: Page, endpoint?: string): Promise<Device[]> {
  const q = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : "";
  const res = await page.request.get(`/api/push/subscriptions${q}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Device[];
}

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications \(/ });

test("a member turns push on for this device, sees it, and removes it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const sub = await fakePushManager(page);
  await newMember(page);
  await page.goto("/settings?tab=notifications");
  // Members get the service worker (production build); pushManager lives on its registration.
  await waitForControl(page);

  const devices = page.getByTestId("push-devices");
  await expect(devices).toContainText("No devices get push notifications yet.");
  await devices.getByRole("button", { name: "Turn on push on this device" }).click();
  await expect(toasts(page)).toContainText("Push is on");

  const list = page.getByRole("list", { name: "Devices with push" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("This device");
  await expect(devices.getByRole("button", { name: "Turn on push on this device" })).toHaveCount(0);

  const onServer = await serverDevices(page, sub.endpoint);
  expect(onServer).toHaveLength(1);
  expect(onServer[0].current).toBe(true);
  const db = await e2eDb();
  const stored = await db.query("SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1", [
    onServer[0].id,
  ]);
  expect(stored.rows[0]).toEqual({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });

  // After a reload the browser's subscription still marks this device.
  await page.reload();
  await expect(list).toContainText("This device");

  await list.getByRole("button", { name: `Remove ${onServer[0].label}` }).click();
  await expect(devices).toContainText("No devices get push notifications yet.");
  await expect(devices.getByRole("button", { name: "Turn on push on this device" })).toBeVisible();
  expect(await serverDevices(page)).toEqual([]);
  // Removing this device also unsubscribes the browser.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
  ).toBeNull();
});

test("signing out stops this device's pushes: the device leaves the account and the browser unsubscribes", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const sub = await fakePushManager(page);
  await newMember(page);
  const userId = ((await (await page.request.get("/api/auth/user")).json()) as { id: number }).id;
  await page.goto("/settings?tab=notifications");
  await waitForControl(page);
  await page.getByTestId("push-devices").getByRole("button", { name: "Turn on push on this device" }).click();
  await expect(page.getByRole("list", { name: "Devices with push" })).toContainText("This device");
  expect(await serverDevices(page, sub.endpoint)).toHaveLength(1);

  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
  const db = await e2eDb();
  const left = await db.query("SELECT id FROM push_subscriptions WHERE user_id = $1", [userId]);
  expect(left.rows).toEqual([]);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).pushManager.getSubscription()),
  ).toBeNull();
});

test("the Push and Teaser clues switches save and survive a reload", async ({ page }) => {
  await newMember(page);
  await page.goto("/settings?tab=notifications");
  const pushSwitch = page.getByRole("switch", { name: "Push notifications" });
  const clues = page.getByRole("switch", { name: "Teaser clues" });
  await expect(pushSwitch).toBeChecked();
  await expect(clues).not.toBeChecked();

  await pushSwitch.click();
  await clues.click();
  await page.getByRole("button", { name: "Save Notification Settings" }).click();
  await expect(toasts(page)).toContainText("Notification Settings Saved");
  const saved = await page.request.get("/api/account/notifications");
  expect(await saved.json()).toMatchObject({ push: false, clues: true });

  await page.reload();
  await expect(pushSwitch).not.toBeChecked();
  await expect(clues).toBeChecked();

  await pushSwitch.click();
  await clues.click();
  await page.getByRole("button", { name: "Save Notification Settings" }).click();
  await expect(toasts(page)).toContainText("Notification Settings Saved");
  await page.reload();
  await expect(pushSwitch).toBeChecked();
  await expect(clues).not.toBeChecked();
});

test("after a STOP reply the notice shows, and turning SMS on clears it", async ({ page }) => {
  const { email } = await newMember(page);
  const db = await e2eDb();
  await db.query(
    `WITH m AS (UPDATE users SET phone = '+447700900123' WHERE lower(email) = lower($1) RETURNING id)
     INSERT INTO notification_settings (user_id, sms_notifications, sms_stopped_at)
       SELECT id, false, '2026-03-14T12:00:00Z' FROM m`,
    [email],
  );
  await page.goto("/settings?tab=notifications");
  const notice = page.getByTestId("sms-stopped");
  await expect(notice).toContainText("You replied STOP to our texts on 14 March 2026.");

  const sms = page.getByRole("switch", { name: "SMS notifications" });
  await expect(sms).not.toBeChecked();
  await sms.click();
  await page.getByRole("button", { name: "Save Notification Settings" }).click();
  await expect(toasts(page)).toContainText("Notification Settings Saved");
  await expect(notice).toHaveCount(0);
  const channels = await (await page.request.get("/api/account/notifications")).json();
  expect(channels.smsStoppedAt).toBeNull();

  await page.reload();
  await expect(sms).toBeChecked();
  await expect(notice).toHaveCount(0);
});
