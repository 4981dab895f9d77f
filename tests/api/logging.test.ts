import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createDb } from "../../src/server/db/client.ts";
import { createDeps } from "../../src/server/deps-factory.ts";
import { outboxTransport } from "../../src/server/modules/email/mailer.ts";
import { createTestDatabase } from "../helpers/test-postgres.ts";

const lines: string[] = [];
const { url, drop } = await createTestDatabase(inject("pgBaseUrl"));
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DATABASE_URL: url });
const db = createDb(url, 2);
const app = await buildApp(createDeps(config, db, { transport: outboxTransport(null) }), {
  serveClient: false,
  logStream: { write: (l) => void lines.push(l) },
});
afterAll(async () => {
  await app.close();
  await db.$client.end();
  await drop();
});

describe("request logs", () => {
  it("never contain tokens, cookies, authorization headers or passwords", async () => {
    const secret = "S3cr3tT0kenValue";
    await app.inject({ method: "GET", url: `/api/verify-email?token=${secret}&x=1` });
    await app.inject({ method: "GET", url: `/subscription/complete?session_token=${secret}` });
    await app.inject({ method: "GET", url: `/api/partner-invite/${secret}` });
    await app.inject({ method: "GET", url: `/partner-invite?token=${secret}` });
    await app.inject({
      method: "POST",
      url: "/api/account/password",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ currentPassword: secret, newPassword: secret }),
    });
    await app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `unveil_sid=${secret}`, authorization: `Bearer ${secret}` },
    });
    await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: secret }),
    });
    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain("/api/verify-email?token=[redacted]&x=1");
    expect(log).toContain("/api/partner-invite/[redacted]");
    expect(log).not.toContain(secret);
  });
});

describe("configuration", () => {
  it("refuses to start in production without the settings a live site needs", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /APP_URL[\s\S]*GOCARDLESS_ACCESS_TOKEN[\s\S]*SMTP_URL/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        APP_URL: "https://unveil.date",
        GOCARDLESS_ACCESS_TOKEN: "live_x",
        SMTP_URL: "smtp://a",
      }),
    ).toThrow(/GOCARDLESS_WEBHOOK_SECRET/);
    const ok = loadConfig({
      NODE_ENV: "production",
      APP_URL: "https://unveil.date",
      GOCARDLESS_ACCESS_TOKEN: "live_x",
      GOCARDLESS_WEBHOOK_SECRET: "s",
      SMTP_URL: "smtp://a",
    });
    expect(ok).toMatchObject({ secureCookies: true, payments: { provider: "gocardless" } });
  });

  it("lists every bad value", () => {
    expect(() => loadConfig({ PORT: "http", APP_URL: "nope", TRUST_PROXY: "true" })).toThrow(
      /PORT[\s\S]*APP_URL[\s\S]*TRUST_PROXY/,
    );
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
  });
});
