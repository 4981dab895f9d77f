import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { createTestApp } from "../helpers/app.ts";

const t = await createTestApp();
it("dump", async () => {
  const res = await t.request({ method: "GET", url: "/api/docs/openapi.json" });
  writeFileSync("/tmp/openapi.json", res.body);
});
