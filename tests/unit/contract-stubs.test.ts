/**
 * The browser's bundle carries each endpoint declaration as its method and path only (scripts/contract-stubs.ts):
 * every declaration file exports groups of endpoints and nothing else, and its stub keeps each one's address.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { stubOf } from "../../scripts/contract-stubs.ts";

/** The declaration files: src/shared/contract/<area>.ts, and each feature's src/features/<name>/contract.ts. */
const DIR = path.resolve("src/shared/contract");
const FEATURES = path.resolve("src/features");
const files = [
  ...readdirSync(DIR)
    .filter((f) => f.endsWith(".ts") && f !== "endpoint.ts")
    .map((f) => path.join(DIR, f)),
  ...readdirSync(FEATURES).map((name) => path.join(FEATURES, name, "contract.ts")),
].map((f) => path.relative(process.cwd(), f));

describe("the contract's browser stubs", () => {
  it.each(files)("%s exports only endpoints, and its stub keeps their methods and paths", async (file) => {
    const exports: Record<string, Record<string, { method: string; path: string }>> = await import(
      pathToFileURL(path.resolve(file)).href
    );
    const stub = stubOf(exports, file);
    for (const [name, group] of Object.entries(exports)) {
      const line = stub.split("\n").find((l) => l.startsWith(`export const ${name} = `));
      expect(line, name).toBeDefined();
      const parsed = JSON.parse((line ?? "").slice(`export const ${name} = `.length, -1));
      for (const [key, ep] of Object.entries(group))
        expect(parsed[key]).toEqual({ method: ep.method, path: ep.path });
      // No schema travels: only method and path.
      expect(line).not.toMatch(/"(body|query|params|responses)"/);
    }
  });

  it("refuses a declaration file that exports anything but endpoints", () => {
    expect(() => stubOf({ helper: () => 1 }, "x.ts")).toThrow(/not a group of endpoints/);
    expect(() => stubOf({ api: { x: { method: "GET" } } }, "x.ts")).toThrow(/not an endpoint declaration/);
  });
});
