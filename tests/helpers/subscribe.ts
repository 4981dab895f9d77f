import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import type { SignedIn, TestApp } from "./app.ts";

const json = { "content-type": "application/json" };

/** The questionnaire done and the Terms accepted, as the onboarding screen leaves a member. */
export async function acceptTerms(t: TestApp, as: SignedIn) {
  await t.db
    .update(users)
    .set({ termsAccepted: true, termsAcceptedAt: t.clock.now(), onboardingCompleted: true })
    .where(eq(users.id, as.user.id));
}

/** Starts a checkout (accepting the Terms first unless told not to). */
export async function startCheckout(
  t: TestApp,
  as: SignedIn,
  tier: string,
  offerCode?: string,
  opts: { acceptTerms?: boolean } = {},
) {
  if (opts.acceptTerms !== false) await acceptTerms(t, as);
  const res = await t.request({
    method: "POST",
    url: "/api/create-subscription",
    as,
    headers: json,
    payload: JSON.stringify({ tier, offerCode }),
  });
  return res;
}

export async function authoriseAtSandbox(
  t: TestApp,
  redirectUrl: string,
  fields: Record<string, string> = {},
) {
  const path = new URL(redirectUrl).pathname;
  const form = new URLSearchParams({
    action: "authorise",
    account_holder: "Alex Taylor",
    sort_code: "20-00-00",
    account_number: "55779911",
    confirm: "yes",
    ...fields,
  });
  return t.request({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
}

export function tokenFrom(location: string): string {
  return new URL(location, "http://x").searchParams.get("session_token")!;
}

export async function subscribe(
  t: TestApp,
  as: SignedIn,
  tier = "gold",
  offerCode?: string,
): Promise<string> {
  const created = await startCheckout(t, as, tier, offerCode);
  expect(created.statusCode, created.body).toBe(200);
  const auth = await authoriseAtSandbox(t, created.json().redirect_url);
  expect(auth.statusCode).toBe(303);
  const token = tokenFrom(auth.headers.location as string);
  const done = await t.request({
    method: "POST",
    url: "/api/complete-subscription",
    as,
    headers: json,
    payload: JSON.stringify({ session_token: token }),
  });
  expect(done.statusCode, done.body).toBe(200);
  return token;
}
