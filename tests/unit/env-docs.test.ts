/**
 * The environment tables stay true: the README's and production.md's tables list exactly the variables the
 * app's config reads, and every other variable the code under src/ and scripts/ reads is in contributing.md's
 * table of test and tool variables, each of which something reads.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "../../src/server/config.ts";

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** The names in the first column of every table whose header starts "| variable |". */
function tableVariables(path: string): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of read(path).split("\n")) {
    const row = line.trim();
    if (!row.startsWith("|")) {
      inTable = false;
      continue;
    }
    if (/^\|\s*variable\s*\|/.test(row)) inTable = true;
    else if (inTable) for (const m of row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]);
  }
  return names;
}

/** A feature's own tests (src/features/<name>/tests, e2e) are tests, as tests/ is: they may read what tests read. */
const FEATURE_TESTS = /^src\/features\/[^/]+\/(tests|e2e)\//;

const READ = /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[["']([A-Z][A-Z0-9_]*)["']\]/g;

/** Every `process.env.NAME` read in the TypeScript under the given folders and files. */
function directReads(paths: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of paths) {
    const files = path.endsWith(".ts")
      ? [path]
      : readdirSync(new URL(path, ROOT), { recursive: true, encoding: "utf8" })
          .filter((f) => /\.tsx?$/.test(f))
          .map((f) => `${path}/${f}`);
    for (const file of files)
      for (const m of read(file).matchAll(READ)) if (!found.has(m[1] ?? m[2])) found.set(m[1] ?? m[2], file);
  }
  return found;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("the environment tables", () => {
  it("the README's and production.md's list exactly what the config reads, each once", () => {
    for (const doc of ["README.md", "docs/production.md"]) {
      const listed = tableVariables(doc);
      expect(sorted(listed), doc).toEqual(sorted(ENV_VARIABLES));
      expect(listed.length, `${doc} lists a variable twice`).toBe(new Set(listed).size);
    }
  });

  it("any other variable src/ and scripts/ read is in contributing.md's table, and that table's are read", () => {
    const app = new Set(ENV_VARIABLES);
    const tools = new Set(tableVariables("docs/contributing.md"));
    for (const [name, file] of directReads(["src", "scripts"]))
      if (!FEATURE_TESTS.test(file))
        expect(app.has(name) || tools.has(name), `${name} (read in ${file}) is in no table`).toBe(true);
    const everywhere = directReads([
      "src",
      "scripts",
      "tests",
      "bench",
      "playwright.config.ts",
      "vitest.config.ts",
    ]);
    for (const name of tools) {
      expect(everywhere.has(name), `${name} is listed but nothing reads it`).toBe(true);
      expect(app.has(name), `${name} is the app's: list it in the app's tables`).toBe(false);
    }
  });
});
