/**
 * npm run bench:lighthouse: Lighthouse (mobile settings) on the built landing page, served by the real app on
 * its own temporary database. Prints the four category scores and LCP, TBT and CLS.
 * Targets: performance >= 95, accessibility, best practices and SEO 100.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const port = Number(process.env.BENCH_PORT ?? 5189);
const url = `http://localhost:${port}/`;
const server = spawn(process.execPath, ["tests/e2e/server.ts"], {
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_OUTBOX: mkdtempSync(path.join(os.tmpdir(), "unveil-bench-")),
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const runs = Number(process.env.RUNS ?? 3);
  const results: Array<Record<string, number>> = [];
  for (let i = 0; i < runs; i++) {
    const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = r!.lhr;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    results.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
      cls: Number((lhr.audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
    });
    if (i === runs - 1) {
      const failing = Object.values(lhr.audits).filter(
        (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary",
      );
      if (failing.length) console.log("failing audits:", failing.map((a) => a.id).join(", "));
    }
  }
  const median = (k: string) =>
    results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  console.log(`Lighthouse, mobile settings, ${runs} runs (median) on ${url}`);
  for (const k of ["performance", "accessibility", "best-practices", "seo"])
    console.log(`  ${k.padEnd(15)} ${median(k)}`);
  console.log(`  LCP ${median("lcpMs")} ms   TBT ${median("tbtMs")} ms   CLS ${median("cls")}`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
}
