/**
 * The service worker's push handler: a push delivered through the DevTools protocol (as a push service
 * would) is shown as a notification with the payload's title, body, tag and address.
 */
import { existsSync } from "node:fs";
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./helpers.ts";

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

test("a push shows a notification that leads to its date", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await registerViaApi(page);
  await page.goto("/dashboard");
  await waitForControl(page);
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
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
          icon: new URL(n.icon).pathname,
        })),
      ),
    )
    .toEqual([
      {
        title: "Your date is revealed",
        body: "Open it to see where you're going.",
        tag: "reveal-7",
        data: { url: "/dates/7" },
        icon: "/icons/icon-192.png",
      },
    ]);
});

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
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
