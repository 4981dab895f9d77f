/**
 * `npm test`: every check in order, each stage timed and the times printed at the end (a failing stage stops
 * the run with its exit code). `npm run test:full` adds the long accessibility and keyboard browser runs.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { openSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const full = process.argv.includes("--full");
// Node keeps the code it compiled for each module on disk and reuses it in every process that follows: the
// server suites start the CLI and whole app instances about 40 times, the browser stage its own server.
// A warm cache made cli.test.ts 49 s -> 39 s and instances.test.ts 60 s -> 42 s.
const env: NodeJS.ProcessEnv = {
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

// The two-instance reliability file spends most of its 25-70 s waiting: for its servers, and for a real minute
// boundary (the scheduled jobs' cron ticks once a minute). Inside the server stage it held one of the two
// workers idle for that long; beside the type check it slowed the check (its servers start with it). So it
// starts with the server stage, in a process of its own beside it (UNVEIL_INSTANCES_APART leaves it out of the
// stage's run, vitest.config.ts); its output is printed, and its result counted, when the stage ends.
const APART = "tests/reliability/instances.test.ts";
// Its output goes to a file (a pipe nobody reads while a stage runs could fill and stall it), printed later.
const apartLog = path.join(os.tmpdir(), `unveil-instances-${process.pid}.log`);
let apartChild: ChildProcess | undefined;
function startApart(): Promise<number> {
  const fd = openSync(apartLog, "w");
  apartChild = spawn("npm", ["run", "-s", "test:server", "--", APART], {
    env,
    stdio: ["ignore", fd, fd],
    // Its own process group, so that a failing stage can stop it with its children (vitest, its servers).
    detached: true,
  });
  return new Promise((resolve) => apartChild?.on("close", (code) => resolve(code ?? 1)));
}
const stopApart = () => {
  try {
    if (apartChild?.pid && apartChild.exitCode === null) process.kill(-apartChild.pid, "SIGTERM");
  } catch {}
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopApart();
    process.exit(130);
  });

for (const [name, args] of stages) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const apart = name === "server tests" ? startApart() : undefined;
  const run = spawnSync("npm", args, {
    stdio: "inherit",
    env: apart ? { ...env, UNVEIL_INSTANCES_APART: "1" } : env,
  });
  times.push(`  ${name.padEnd(14)} ${seconds(Date.now() - t0)}`);
  if (run.status !== 0) {
    stopApart();
    process.stdout.write(`\n✗ ${name} failed\n${times.join("\n")}\n`);
    process.exit(run.status ?? 1);
  }
  if (apart) {
    const waited = Date.now();
    const status = await apart;
    // Its last line was written as it ended (its 'close' event is only read once the stage above is over).
    const ms = statSync(apartLog).mtimeMs - t0;
    process.stdout.write(`\n▶ ${APART} (run beside the server stage)\n${readFileSync(apartLog, "utf8")}`);
    rmSync(apartLog, { force: true });
    times.push(
      `  ${"two instances".padEnd(14)} ${seconds(ms)}, beside the server stage (${seconds(Date.now() - waited)} waited for after it)`,
    );
    if (status !== 0) {
      process.stdout.write(`\n✗ ${APART} failed\n${times.join("\n")}\n`);
      process.exit(status);
    }
  }
}
process.stdout.write(
  `\nEvery stage passed:\n${times.join("\n")}\n  ${"total".padEnd(14)} ${seconds(Date.now() - started)}\n`,
);
