/**
 * The service worker's push handler: a push delivered through the DevTools protocol (as a push service
 * would) is shown as a notification with the payload's title, body, tag and address.
 */
import { existsSync } from "node:fs";
import { type CDPSession, expect, type Page, test, type Worker } from "@playwright/test";

import { newMember } from "./sign-in.ts";

// Chromium's headless shell refuses notification permission whatever is granted; full Chromium (new headless
// mode) shows them, so the push test runs there.
const FULL_CHROMIUM = "/usr/bin/chromium";

test.skip(!existsSync(FULL_CHROMIUM), "needs full Chromium for notifications");
test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  },
});

/** The worker's own deadline for a push event's work is minutes; a loaded machine needs seconds, not 7. */
const PUSH_HANDLED_WITHIN = 30_000;

test("a push shows a notification that leads to its date", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await newMember(page);
  await page.goto("/dashboard");
  await waitForControl(page);
  const worker = await runningWorker(page);
  await watchPushes(worker);
  const cdp = await context.newCDPSession(page);
  const registrationId = await workerRegistrationId(cdp, baseURL!);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify({
      title: "Your date is revealed",
      body: "Open it to see where you're going.",
      url: "/dates/7",
      tag: "reveal-7",
    }),
  });
  // The push is handled once the promise the handler gave waitUntil settles (showNotification resolved).
  // Only then are the notifications read: Chromium's getNotifications drops a notification that is stored
  // but not yet on screen, so a read racing the handler lost it for good on a busy machine.
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as PushWatch).__pushesHandled), {
      timeout: PUSH_HANDLED_WITHIN,
    })
    .toEqual(["shown"]);
  const shown = await page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data,
      icon: new URL(n.icon).pathname,
    })),
  );
  expect(shown).toEqual([
    {
      title: "Your date is revealed",
      body: "Open it to see where you're going.",
      tag: "reveal-7",
      data: { url: "/dates/7" },
      icon: "/icons/icon-192.png",
    },
  ]);
});

type PushWatch = { __pushesHandled: string[] };

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The app's worker as Playwright reaches it (it controls the page, so it is running). */
async function runningWorker(page: Page): Promise<Worker> {
  const context = page.context();
  const [worker] = context.serviceWorkers();
  return worker ?? (await context.waitForEvent("serviceworker"));
}

/**
 * Records, inside the worker, how each push event's work ends: "shown" once the promise its handler passed
 * to waitUntil resolves, or the error it rejected with. Observes only; the handler runs unchanged.
 */
async function watchPushes(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    type WaitUntil = (work: Promise<unknown>) => void;
    const scope = self as unknown as PushWatch & { PushEvent: { prototype: { waitUntil: WaitUntil } } };
    scope.__pushesHandled = [];
    const original = scope.PushEvent.prototype.waitUntil;
    scope.PushEvent.prototype.waitUntil = function (this: unknown, work: Promise<unknown>) {
      Promise.resolve(work).then(
        () => scope.__pushesHandled.push("shown"),
        (error: unknown) => scope.__pushesHandled.push(String(error)),
      );
      return original.call(this, work);
    };
  });
}

/** The worker registration's id as the DevTools protocol knows it (needed to deliver a push). */
async function workerRegistrationId(cdp: CDPSession, baseURL: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}
