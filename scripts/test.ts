/**
 * `npm test`: every check, each stage timed and the times printed at the end (a failing stage stops the run with
 * its exit code). The type check, the lint and the build run beside the server suites (one process each, while
 * the suites' two workers wait on PostgreSQL much of the time), their output held back and printed when they end;
 * the browser tests run last, alone. `npm run test:full` adds the long accessibility and keyboard browser runs.
 */
import { spawn } from "node:child_process";

const full = process.argv.includes("--full");
const env = full ? { ...process.env, UNVEIL_E2E_FULL: "1" } : process.env;
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const times: string[] = [];

interface Stage {
  name: string;
  script: string;
  /** Output held back until the stage ends (a stage run beside another). */
  quiet?: boolean;
}

function run(stage: Stage): Promise<number> {
  const t0 = Date.now();
  if (!stage.quiet) process.stdout.write(`\n▶ ${stage.name}\n`);
  const child = spawn("npm", ["run", "-s", stage.script], {
    env,
    stdio: stage.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  const held: Buffer[] = [];
  child.stdout?.on("data", (b: Buffer) => held.push(b));
  child.stderr?.on("data", (b: Buffer) => held.push(b));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      times.push(`  ${stage.name.padEnd(14)} ${seconds(Date.now() - t0)}`);
      if (stage.quiet) {
        process.stdout.write(`\n▶ ${stage.name} (beside the server tests)\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve(code ?? 1);
    });
  });
}

function stop(failed: string[], code: number): never {
  process.stdout.write(`\n✗ ${failed.join(", ")} failed\n${times.join("\n")}\n`);
  process.exit(code);
}

// Together: the server suites, with the type check, lint and build one after another beside them.
const besides = (async () => {
  const results: Array<[string, number]> = [];
  for (const stage of [
    { name: "typecheck", script: "typecheck", quiet: true },
    { name: "lint", script: "lint", quiet: true },
    { name: "build", script: "build", quiet: true },
  ])
    results.push([stage.name, await run(stage)]);
  return results;
})();
const server = run({ name: "server tests", script: "test:server" });
const outcomes = [...(await besides), ["server tests", await server] as [string, number]];
const failed = outcomes.filter(([, code]) => code !== 0);
if (failed.length > 0)
  stop(
    failed.map(([name]) => name),
    failed[0][1],
  );

const browser = await run({ name: "browser tests", script: "test:browser" });
if (browser !== 0) stop(["browser tests"], browser);
process.stdout.write(
  `\nEvery stage passed:\n${times.join("\n")}\n  ${"total".padEnd(14)} ${seconds(Date.now() - started)}\n`,
);
