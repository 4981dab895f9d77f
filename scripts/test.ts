/**
 * `npm test`: every check in order, each stage timed and the times printed at the end (a failing stage stops
 * the run with its exit code). `npm run test:full` adds the long accessibility and keyboard browser runs.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const full = process.argv.includes("--full");
// Node keeps the code it compiled for each module on disk and reuses it in every process that follows: the
// server suites start the CLI and whole app instances about 40 times, the browser stage its own server.
// A warm cache made cli.test.ts 49 s -> 39 s and instances.test.ts 60 s -> 42 s.
const env = {
  ...process.env,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), "unveil-node-compile-cache"),
  ...(full ? { UNVEIL_E2E_FULL: "1" } : {}),
};
const stages: Array<[string, string[]]> = [
  ["typecheck", ["run", "-s", "typecheck"]],
  ["lint", ["run", "-s", "lint"]],
  ["server tests", ["run", "-s", "test:server"]],
  ["build", ["run", "-s", "build"]],
  ["browser tests", ["run", "-s", "test:browser"]],
];

const times: string[] = [];
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
for (const [name, args] of stages) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const run = spawnSync("npm", args, {
    stdio: "inherit",
    env,
  });
  times.push(`  ${name.padEnd(14)} ${seconds(Date.now() - t0)}`);
  if (run.status !== 0) {
    process.stdout.write(`\n✗ ${name} failed\n${times.join("\n")}\n`);
    process.exit(run.status ?? 1);
  }
}
process.stdout.write(
  `\nEvery stage passed:\n${times.join("\n")}\n  ${"total".padEnd(14)} ${seconds(Date.now() - started)}\n`,
);
