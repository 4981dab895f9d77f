import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../src/server/plugins/errors.ts";

/** Database errors that are the caller's doing or a lost race are 4xx answers, never 500s. */
async function answerFor(code: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get("/", async () => {
    throw Object.assign(new Error("db said no"), { code });
  });
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return res;
}

describe("database errors", () => {
  it.each(["23503", "23001", "23505", "40001", "40P01"])(
    "%s (a lost race) is a 409 to retry",
    async (code) => {
      const res = await answerFor(code);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Something changed at the same moment. Please reload and try again.");
    },
  );

  it.each(["22021", "22003", "22P02"])("%s (a value that cannot be stored) is a 400", async (code) => {
    expect((await answerFor(code)).statusCode).toBe(400);
  });

  it("anything else is a 500 without details", async () => {
    const res = await answerFor("XX000");
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain("db said no");
  });
});
