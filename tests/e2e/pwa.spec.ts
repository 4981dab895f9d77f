/**
 * The installable app: the manifest and icons, the service worker controlling the page, a revealed date
 * opening with the network cut, nothing unrevealed in the worker's cache, the caches cleared on signing out
 * or when another member signs in. The push handler is tested in pwa-push.spec.ts.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { arrangeDate } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

const SHOTS = process.env.SHOTS_DIR;
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface CacheEntry {
  cache: string;
  url: string;
  bytes: number;
  text: string;
}

/** Everything in the page's caches (the service worker's), with each answer's body. */
async function cacheContents(page: Page): Promise<CacheEntry[]> {
  return page.evaluate(async () => {
    const out: Array<{ cache: string; url: string; bytes: number; text: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const buf = res ? await res.arrayBuffer() : new ArrayBuffer(0);
        const isText = /json|html|javascript|css/.test(res?.headers.get("content-type") ?? "");
        out.push({
          cache: name,
          url: new URL(req.url).pathname,
          bytes: buf.byteLength,
          text: isText ? new TextDecoder().decode(buf) : "",
        });
      }
    }
    return out;
  });
}

/** Waits until a service worker controls the page. */
async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The member's dashboard: the worker takes control, Chromium finds nothing missing, the shell is kept. */
async function installable(page: Page) {
  await newMember(page);
  await page.goto("/dashboard");
  await waitForControl(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");
  // Chromium's own installability checks (Lighthouse 12 dropped its installable-manifest audit for these).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const { errors } = await cdp.send("Page.getAppManifest");
  expect(errors).toEqual([]);
  // The shell is kept on install: the page and the files a date page needs.
  const shell = (await cacheContents(page)).filter((e) => e.cache.startsWith("unveil-shell-"));
  expect(shell.map((e) => e.url)).toContain("/");
  expect(shell.some((e) => /^\/assets\/date-detail-.*\.js$/.test(e.url))).toBe(true);
  // And the landing page's code: the kept "/" may be the landing page, which the app takes over.
  expect(shell.some((e) => /^\/assets\/landing-.*\.js$/.test(e.url))).toBe(true);
}

/** A member with a revealed date (20 hours away) and a locked one (100 hours away). */
async function memberWithDates(page: Page) {
  const { email } = await newMember(page);
  const revealedVenue = unique("Lantern Room");
  const lockedVenue = unique("Secret Cellar");
  const revealed = await arrangeDate(email, { hoursFromNow: 20, venueName: revealedVenue });
  const locked = await arrangeDate(email, { hoursFromNow: 100, venueName: lockedVenue });
  return { email, revealed, locked, revealedVenue, lockedVenue };
}

/** Opens the dashboard, waits for the worker to take control, then opens both dates through it. */
async function visitDatesControlled(page: Page, ids: { revealed: number; locked: number }, venue: string) {
  await page.goto("/dashboard");
  await waitForControl(page);
  await page.goto(`/dates/${ids.locked}`);
  await expect(page.getByTestId("details-locked")).toBeVisible();
  await page.goto(`/dates/${ids.revealed}`);
  await expect(page.getByTestId("detail-venue")).toHaveText(venue);
  // The worker stores the copy just after answering.
  await expect
    .poll(async () => (await cacheContents(page)).some((e) => e.url === `/api/dates/${ids.revealed}`))
    .toBe(true);
}

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

type RegisterCalls = { __swRegisterCalls: number };

test.describe("installable app", () => {
  test("the manifest is linked, served and complete, and its icons load", async ({ page, request }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "Unveil",
      short_name: "Unveil",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      background_color: "#faf7f2",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    for (const size of [192, 512]) {
      const icon = icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === "any");
      expect(icon?.type).toBe("image/png");
      const png = await request.get(icon!.src);
      expect(png.status()).toBe(200);
      expect(pngSize(await png.body())).toEqual({ width: size, height: size });
    }
    const maskable = icons.find((i) => i.purpose === "maskable");
    expect(pngSize(await (await request.get(maskable!.src)).body())).toEqual({ width: 512, height: 512 });
    const svg = icons.find((i) => i.type === "image/svg+xml");
    expect((await request.get(svg!.src)).headers()["content-type"]).toMatch(/^image\/svg\+xml/);

    await page.clock.install();
    // Each call to register a worker is counted, so that "none" is read as a fact, not as not yet.
    await page.addInitScript(() => {
      const scope = window as unknown as RegisterCalls;
      scope.__swRegisterCalls = 0;
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        scope.__swRegisterCalls++;
        return register.apply(this, args);
      };
    });
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(
      1,
    );
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(
      1,
    );
    const csp = (await request.get("/")).headers()["content-security-policy"];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // A visitor's landing page registers no worker (it would download the shell for nothing), even once the
    // app has taken it over (it does on a first key press).
    await page.keyboard.press("Shift");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    // A member's page registers in idle time, 5 s at the latest: the page's clock runs through that at once.
    await page.clock.runFor(6_000);
    expect(await page.evaluate(() => (window as unknown as RegisterCalls).__swRegisterCalls)).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
  });

  test("the worker registers, controls the page, and Chromium finds the app installable", async ({
    request,
  }, testInfo) => {
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["content-type"]).toMatch(/javascript/);

    // A profile on disk: Playwright's usual contexts are off the record, and Chromium (150 on) then reports
    // "in-incognito" before checking the app at all.
    const { baseURL, launchOptions } = testInfo.project.use;
    const profile = mkdtempSync(path.join(os.tmpdir(), "unveil-pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await installable(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("a revealed date opens offline at the venue; nothing unrevealed is ever cached", async ({
    page,
    context,
  }) => {
    const m = await memberWithDates(page);
    await visitDatesControlled(page, m, m.revealedVenue);
    await page.goto("/dashboard");
    await expect(page.getByTestId(`date-card-${m.locked}`)).toBeVisible();

    const entries = await cacheContents(page);
    const apiEntries = entries.filter((e) => e.url.startsWith("/api/"));
    // The one API answer kept is the revealed date: not the locked one, the list, the stats or the member.
    expect(apiEntries.map((e) => e.url)).toEqual([`/api/dates/${m.revealed}`]);
    for (const e of entries) {
      expect(e.text, e.url).not.toContain(m.lockedVenue);
    }
    const total = entries.reduce((sum, e) => sum + e.bytes, 0);
    const dateBytes = apiEntries.reduce((sum, e) => sum + e.bytes, 0);
    console.log(
      `service worker cache after a revealed date: ${total} bytes in ${entries.length} entries (the date: ${dateBytes} bytes)`,
    );

    await context.setOffline(true);
    await page.goto(`/dates/${m.revealed}`);
    await expect(page.getByTestId("offline-badge")).toBeVisible();
    await expect(page.getByTestId("detail-venue")).toHaveText(m.revealedVenue);
    await expect(page.getByTestId("detail-address")).toHaveText("12 Secret Street, London, SE1 9PX");
    await expect(
      page.getByTestId("details-revealed").getByRole("link", { name: "020 7946 0000" }),
    ).toHaveAttribute("href", "tel:02079460000");
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 390, height: 844 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `${SHOTS}/pwa-offline-date-phone-${colorScheme}.png`, fullPage: true });
      }
      await page.emulateMedia({ colorScheme: "light" });
    }

    // Another page offline says so, and offers the kept date.
    await page.goto("/dashboard");
    await expect(page.getByTestId("offline-notice")).toContainText("You're offline");
    await expect(
      page.getByTestId("offline-notice").getByRole("link", { name: new RegExp(m.revealedVenue) }),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-offline-dashboard-phone-light.png` });
    // The locked date was never kept: offline it cannot open.
    await page.goto(`/dates/${m.locked}`);
    await expect(page.getByText("We couldn't load this date")).toBeVisible();
    expect(await page.content()).not.toContain(m.lockedVenue);
    await context.setOffline(false);
  });

  test("signing out clears the caches", async ({ page }) => {
    const m = await memberWithDates(page);
    await visitDatesControlled(page, m, m.revealedVenue);
    const signOut = page.waitForResponse((r) => r.url().endsWith("/api/logout"));
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    const res = await signOut;
    expect((await res.allHeaders())["clear-site-data"]).toBe('"cache"');
    await expect(page).toHaveURL(/\/$/);
    const entries = await cacheContents(page);
    expect(entries.filter((e) => e.url.startsWith("/api/"))).toEqual([]);
    expect(entries.filter((e) => e.cache.startsWith("unveil-dates-"))).toEqual([]);
    expect(entries.some((e) => e.text.includes(m.revealedVenue))).toBe(false);
  });

  test("another member signing in on the same device never sees the first one's dates", async ({ page }) => {
    const first = await memberWithDates(page);
    await visitDatesControlled(page, first, first.revealedVenue);
    // A second member signs in on this browser without the first signing out.
    await newMember(page);
    await page.goto("/dashboard");
    await expect
      .poll(async () =>
        (await cacheContents(page)).filter((e) => e.url.startsWith("/api/")).map((e) => e.url),
      )
      .toEqual([]);
    await page.goto(`/dates/${first.revealed}`);
    await expect(page.getByText(/doesn't exist or you don't have access to it/)).toBeVisible();
  });

  test("a new deploy takes over at a quiet moment and says Updated", async ({ page }) => {
    await newMember(page);
    await page.goto("/dashboard");
    await waitForControl(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // A new deploy: the worker file changes (the app reads it from disk on each request).
    const file = "dist/client/sw.js";
    const original = readFileSync(file, "utf8");
    try {
      appendFileSync(file, `\n// deploy ${Date.now()}\n`);
      const reloaded = page.waitForEvent("load");
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      await reloaded;
      await expect(page.getByText("Updated", { exact: true })).toBeVisible();
      await waitForControl(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    } finally {
      writeFileSync(file, original);
    }
  });
});
