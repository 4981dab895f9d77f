/**
 * npm run bench:lighthouse: Lighthouse (mobile settings) on the built landing page, served by the real app on
 * its own temporary database, and on a bare page (a heading and a paragraph from node:http) in the same run,
 * interleaved, so a busy machine weighs on both alike. Prints the four category scores, LCP, TBT and CLS of
 * each (medians), and the landing page's performance as a share of the bare page's.
 * Targets: performance 100 (median), accessibility, best practices and SEO 100.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import type * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { launchLighthouseChrome, saveRun } from "./lighthouse-chrome.ts";

const port = Number(process.env.BENCH_PORT ?? 5189);
const url = `http://localhost:${port}/`;
const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare page for comparison."></head><body><main><h1>A bare page</h1><p>One heading and one paragraph, served by node:http.</p></main></body></html>`;
const bare = createServer((req, res) => {
  if (req.url === "/robots.txt") {
    res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BARE_HTML);
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareAddress = bare.address();
const bareUrl = `http://localhost:${typeof bareAddress === "object" && bareAddress ? bareAddress.port : 0}/`;
const server = spawn(process.execPath, ["tests/e2e/server.ts"], {
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_OUTBOX: mkdtempSync(path.join(os.tmpdir(), "unveil-bench-")),
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForHealth() {
  // Up to two minutes: on a busy shared machine the server (and its fresh database) took 80 s to answer.
  for (let i = 0; i < 480; i++) {
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
  chrome = await launchLighthouseChrome();
  const runs = Number(process.env.RUNS ?? 5);
  const landing: Array<Record<string, number>> = [];
  const bareResults: Array<Record<string, number>> = [];
  let failing: string[] = [];
  let saved = 1;
  const measure = async (target: string) => {
    const r = await lighthouse(target, { port: chrome!.port, output: "json", logLevel: "error" });
    const lhr = r!.lhr;
    // BENCH_SAVE_DIR=dir keeps each report (and the trace it was made from), to see what a figure is made of.
    saveRun(`${target === url ? "landing" : "bare"}-${saved++}`, r!);
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      failed,
      row: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
      },
    };
  };
  for (let i = 0; i < runs; i++) {
    const page = await measure(url);
    landing.push(page.row);
    failing = page.failed;
    bareResults.push((await measure(bareUrl)).row);
  }
  const median = (rows: Array<Record<string, number>>, k: string) =>
    rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  console.log(`Lighthouse, mobile settings, ${runs} runs each (median), landing ${url} beside a bare page`);
  console.log(`  ${"".padEnd(15)} ${"landing".padStart(8)} ${"bare".padStart(8)}`);
  for (const k of ["performance", "accessibility", "best-practices", "seo", "lcpMs", "tbtMs", "cls"])
    console.log(
      `  ${k.padEnd(15)} ${String(median(landing, k)).padStart(8)} ${String(median(bareResults, k)).padStart(8)}`,
    );
  const ratio = median(landing, "performance") / Math.max(1, median(bareResults, "performance"));
  console.log(`  landing performance / bare performance: ${(ratio * 100).toFixed(0)} %`);
  if (failing.length) console.log(`  failing audits (landing, last run): ${failing.join(", ")}`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  bare.close();
}
