import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's chromium-headless-shell (the old headless mode, no browser UI) starts faster and costs about a
// third less CPU per test than full Chromium in new headless mode; on two cores that decides whether the
// browser suite fits its time budget. Full Chromium is the fallback, CHROMIUM_PATH overrides both.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI === "true") {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: browser tests cannot run (apt-get install chromium chromium-headless-shell).`,
  );
}
if (!hasChromium) console.warn(`Chromium not found at ${CHROMIUM}: skipping browser tests.`);

// One outbox directory per run, shared by the app under test and the tests that read mail from it.
process.env.E2E_OUTBOX ??= mkdtempSync(path.join(os.tmpdir(), "unveil-e2e-outbox-"));
// The e2e server writes its database address here, so tests can arrange data the UI cannot create yet.
process.env.E2E_DB_URL_FILE ??= path.join(
  process.env.E2E_OUTBOX,
  "..",
  `${path.basename(process.env.E2E_OUTBOX)}.dburl`,
);
const port = Number(process.env.E2E_PORT ?? 5179);

// `npm test` keeps every screen's journey, once, at one width. `npm run test:full` (UNVEIL_E2E_FULL=1) adds the
// long screenshot-and-axe sweeps, the keyboard-only runs, the axe passes inside journeys (npm test keeps axe on
// the main screens: accessibility-main.spec.ts), and the tests tagged @full (a journey at its second width, a second stale-tab or lost-session case: see
// FULL_ONLY in tests/e2e/helpers.ts). Measured on two cores: about 40 % of the browser stage's time.
const full = process.env.UNVEIL_E2E_FULL === "1";
const FULL_ONLY_FILES = [
  "**/accessibility.spec.ts",
  "**/a11y-barriers.spec.ts",
  "**/a11y-states.spec.ts",
  "**/contrast-sweep.spec.ts",
  "**/keyboard.spec.ts",
  "**/screenshots.spec.ts",
];

export default defineConfig({
  // The journeys across features, and each feature's own beside its code (src/features/<name>/e2e).
  testDir: ".",
  testMatch: hasChromium ? ["tests/e2e/**/*.spec.ts", "src/features/*/e2e/**/*.spec.ts"] : "__none__",
  testIgnore: full ? [] : FULL_ONLY_FILES,
  grepInvert: full ? undefined : /@full/,
  fullyParallel: true,
  // Two browsers on the two cores. Three made the stage about 8 % shorter (374 s against 404 s), but each test ran
  // a third slower (decision 0083).
  workers: 2,
  // No retries, in CI too: a test that passes only the second time is a failing test (a flake hides a race
  // in the test or in the app; find it and wait on the real condition).
  retries: 0,
  reporter: [["list"]],
  // Long journeys (a dozen screens, or four screenshots each checked by axe) on two busy cores can pass 60 s
  // without anything being wrong.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps a screenshot of the page. Its trace (actions, network, DOM snapshots) is recorded
    // only with E2E_TRACE=1: recording it for every test, passed or not, cost about 10 % of the browser
    // stage on two cores (settings + admin-venues: 64.7 s with it, 58.5 s without).
    screenshot: "only-on-failure",
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false } : "off",
    // The device asks for reduced motion, as about a quarter of members' phones do: no fades or entrances to
    // draw frame by frame (13 % less browser time). The motion tests ask for motion themselves.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node tests/e2e/server.ts",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      E2E_PORT: String(port),
      E2E_OUTBOX: process.env.E2E_OUTBOX,
      E2E_DB_URL_FILE: process.env.E2E_DB_URL_FILE,
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
