/**
 * `npm test`: every check in order, each stage timed and the times printed at the end (a failing stage stops
 * the run with its exit code). `npm run test:full` adds the long accessibility and keyboard browser runs.
 */
import { spawnSync } from "node:child_process";

const full = process.argv.includes("--full");
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
    env: full ? { ...process.env, UNVEIL_E2E_FULL: "1" } : process.env,
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
