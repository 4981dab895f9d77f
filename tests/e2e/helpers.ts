import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-123" };

let counter = 0;
/** A unique address per test so parallel tests never collide on one database. */
export function uniqueEmail(prefix = "couple"): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

/** The newest message in the outbox sent to `to` (optionally of one type), waiting for it to arrive. */
export async function readMail(
  to: string,
  type?: string,
): Promise<{ subject: string; text: string; html: string }> {
  const dir = process.env.E2E_OUTBOX!;
  let found:
    | { subject: string; text: string; html: string; to: string; type: string; sentAt: string }
    | undefined;
  await expect
    .poll(() => {
      const all = readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")))
        .filter((m) => m.to === to && (!type || m.type === type))
        .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1));
      found = all[0];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Registers through the API from the page's context, so the browser holds the session cookie. */
export async function registerViaApi(
  page: Page,
  opts: { email?: string; password?: string; firstName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "a-long-passphrase";
  const res = await page.request.post("/api/register", {
    data: { email, password, firstName: opts.firstName ?? "Alex", lastName: "Taylor" },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}
