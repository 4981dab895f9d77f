import { useQuery } from "@tanstack/react-query";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { queryOf } from "../../lib/api.ts";

/** The invitation page's address for a token. */
export function invitePath(token: string): string {
  return `/partner-invite?token=${encodeURIComponent(token)}`;
}

/** Who sent an invitation, read by the invitation card and the sign-in screen. */
export function inviteQuery(token: string) {
  return queryOf(partnersApi.inviteInfo, { params: { token } });
}

/** The invitation token inside a `next` address such as "/partner-invite?token=...", if it is one. */
export function inviteTokenFromNext(next: string | null): string | null {
  if (!next) return null;
  const url = new URL(next, "http://x");
  if (url.pathname !== "/partner-invite") return null;
  return url.searchParams.get("token")?.trim() || null;
}

/** The invitation a sign-in or sign-up is for, read from its `next` address: who invited, and which address. */
export function useInviteFromNext(next: string | null): AnswerOf<typeof partnersApi.inviteInfo> | null {
  const token = inviteTokenFromNext(next);
  // Without a token nothing is read: the placeholder only fills the path of a query that never runs.
  const query = useQuery({ ...inviteQuery(token ?? "none"), enabled: token !== null });
  return token ? (query.data ?? null) : null;
}

/**
 * The invitation waiting for its e-mail verification: the verification link lands on "/?verified=1" (perhaps
 * in a new tab), which brings the partner back here to accept. Kept in this browser only, for a week at most
 * (an invitation's life).
 */
const STORE_KEY = "unveil.pendingPartnerInvite";
const KEEP_MS = 7 * 86_400_000;

export function rememberInvite(token: string): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ path: invitePath(token), savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode): the partner opens the invitation link again instead.
  }
}

export function forgetInvite(): void {
  try {
    localStorage.removeItem(STORE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The invitation page to return to after verifying, once; null when none is waiting. */
export function takeRememberedInvite(): string | null {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    if (!raw) return null;
    forgetInvite();
    const saved = JSON.parse(raw) as { path?: unknown; savedAt?: unknown };
    if (typeof saved.path !== "string" || !saved.path.startsWith("/partner-invite?token=")) return null;
    if (typeof saved.savedAt !== "number" || Date.now() - saved.savedAt > KEEP_MS) return null;
    return saved.path;
  } catch {
    return null;
  }
}
