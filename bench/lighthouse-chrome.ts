import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";

/** Chromium for Lighthouse, as both Lighthouse benches start it: headless, quiet, no background traffic. */
export function launchLighthouseChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
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
}

/**
 * With BENCH_SAVE_DIR set, keeps a run's Lighthouse report as `name.json` and, beside it, the trace it was
 * made from (`name.trace.json`), for a trace viewer or a script to see which task a figure is made of.
 */
export function saveRun(name: string, result: { lhr: unknown; artifacts: unknown }): void {
  const dir = process.env.BENCH_SAVE_DIR;
  if (!dir) return;
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(result.lhr));
  const trace = (result.artifacts as { Trace?: unknown }).Trace;
  if (trace) writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(trace));
}
