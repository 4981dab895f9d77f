/**
 * The API description passes `redocly lint` (recommended rules, raised by redocly.yaml): every operation has an
 * operationId, a success answer with its schema, its error answers and its security; no duplicate paths.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REDOCLY = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: Array<{ pointer: string }>;
}

/** Operations that have no error answer by nature: the health check and the sign-in page redirect. */
const NO_4XX = new Set(["#/paths/~1api~1health/get/responses", "#/paths/~1api~1login/get/responses"]);

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
let doc: Doc;

/** "#/paths/~1api~1login/get/responses" -> whether that operation answers with a redirect. */
function redirects(pointer: string): boolean {
  const [, path, method] = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(pointer) ?? [];
  if (!path) return false;
  const op = doc.paths[path.replaceAll("~1", "/").replaceAll("~0", "~")]?.[method];
  return Object.keys(op?.responses ?? {}).some((code) => code.startsWith("3"));
}

async function lint(): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  const res = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  const file = join(mkdtempSync(join(tmpdir(), "unveil-openapi-")), "openapi.json");
  writeFileSync(file, res.body);
  // The exit code is 1 when there are errors; the JSON report is what the test reads either way.
  const out = await run(process.execPath, [REDOCLY, "lint", file, "--format", "json"], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return JSON.parse(out.stdout);
}

describe("redocly lint of /api/docs/openapi.json", () => {
  it("reports no errors, and no warnings beyond the known few", async () => {
    const report = await lint();
    const show = (p: Problem) => `${p.ruleId}: ${p.location[0]?.pointer} ${p.message}`;
    expect(report.problems.filter((p) => p.severity === "error").map(show)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const unexpected = report.problems.filter(
      (p) =>
        !(p.ruleId === "operation-4xx-response" && NO_4XX.has(p.location[0]?.pointer)) &&
        !(p.ruleId === "operation-2xx-response" && redirects(p.location[0]?.pointer)) &&
        // Literal segments beside a parameter ("auto" beside "{assignmentId}"): Fastify matches literals first.
        p.ruleId !== "no-ambiguous-paths",
    );
    expect(unexpected.map(show)).toEqual([]);
  }, 60_000);
});
