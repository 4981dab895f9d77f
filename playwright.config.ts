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

// The long screenshot-and-axe sweeps and the keyboard-only runs (about a quarter of the suite's browser time)
// run in `npm run test:full`; `npm test` keeps every journey. UNVEIL_E2E_FULL=1 runs them.
const FULL_ONLY = [
  "**/accessibility.spec.ts",
  "**/a11y-barriers.spec.ts",
  "**/a11y-states.spec.ts",
  "**/keyboard.spec.ts",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: hasChromium ? "**/*.spec.ts" : "__none__",
  testIgnore: process.env.UNVEIL_E2E_FULL === "1" ? [] : FULL_ONLY,
  fullyParallel: true,
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
    // A failed test keeps its trace (actions, network, DOM snapshots the viewer draws), without the
    // screencast: encoding a frame per paint for every test, passed or not, cost about a third of the
    // suite's CPU on two cores (support + sessions specs: 20.8 CPU-s with it, 13.7 without).
    trace: { mode: "retain-on-failure", screenshots: false },
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
