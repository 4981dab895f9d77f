/** bench:api's report: the table of figures, the machine's load, and the targets missed (exit code 1). */
import os from "node:os";
import type { Result } from "autocannon";

export interface Row {
  name: string;
  result: Result;
  /** CPU time per request, in microseconds: the server measured, PostgreSQL, and autocannon (this process). */
  cpu: { server: number; db: number; client: number };
}

/** The targets missed so far, one line each. */
export const failures: string[] = [];

export function printTable(rows: Row[], ceiling: number) {
  const head = ["", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "timeouts", "of ceiling", "CPU µs/req"];
  const widths = [34, 9, 8, 8, 8, 7, 9, 11, 20];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" ");
  console.log(`\n${line(head)}`);
  for (const { name, result: r, cpu } of rows) {
    console.log(
      line([
        name,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(r.non2xx),
        String(r.errors),
        String(r.timeouts),
        `${((100 * r.requests.average) / ceiling).toFixed(1)} %`,
        `${cpu.server.toFixed(0)} + ${cpu.db.toFixed(0)} db`,
      ]),
    );
  }
}

/** A failure for any non-2xx answer, error or timeout in a run. */
export function errorsOf(name: string, r: Result) {
  if (r.non2xx || r.errors || r.timeouts) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => `${code}: ${s.count}`)
      .join(", ");
    failures.push(
      `${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (status codes ${codes})`,
    );
  }
}

export function load(): string {
  const [a, b, c] = os.loadavg();
  return `load average ${a.toFixed(2)} ${b.toFixed(2)} ${c.toFixed(2)} on ${os.availableParallelism()} cores`;
}

/** The targets of issue-level figures, each printed with its verdict at the end (and a miss is a failure). */
const targets: string[] = [];

/** Records a target: `value` must be at least (">=") or under ("<") `limit`. */
export function target(name: string, value: number, op: ">=" | "<", limit: number, unit = "") {
  const pass = op === ">=" ? value >= limit : value < limit;
  const line = `${name}: ${value.toFixed(unit ? 0 : 2)}${unit} (target ${op} ${limit}${unit})`;
  targets.push(`${pass ? "pass" : "FAIL"}  ${line}`);
  if (!pass) failures.push(line);
}

export function printTargets() {
  console.log("\ntargets:");
  for (const t of targets) console.log(`  ${t}`);
}

/** PASS, or FAIL with each missed target and exit code 1. */
export function verdict() {
  if (failures.length) {
    console.log("\nFAIL:");
    for (const f of failures) console.log(`  ${f}`);
    process.exitCode = 1;
  } else {
    console.log("\nPASS: every target met");
  }
}
