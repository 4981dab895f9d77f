import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/modules/auth/passwords.ts";

describe("argon2id on threads of its own", () => {
  it("hashes and verifies, many at once, each with its own salt", async () => {
    const passwords = Array.from({ length: 6 }, () => randomBytes(9).toString("base64"));
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    expect(new Set(hashes).size).toBe(6);
    for (const h of hashes)
      expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, passwords[i])));
    expect(checks).toEqual([true, true, true, true, true, true]);
    expect(await verifyPassword(hashes[0], passwords[1])).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
  });

  it("verifies a hash made by node:crypto's own argon2 (the stored hashes of before)", async () => {
    const { argon2Sync } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = argon2Sync("argon2id", {
      message: "an old passphrase",
      nonce: salt,
      tagLength: 32,
      memory: 19_456,
      passes: 2,
      parallelism: 1,
    });
    const b64 = (b: Buffer) => b.toString("base64").replace(/=+$/, "");
    const stored = `$argon2id$v=19$m=19456,t=2,p=1$${b64(salt)}$${b64(key)}`;
    expect(await verifyPassword(stored, "an old passphrase")).toBe(true);
  });
});
