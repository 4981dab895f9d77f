import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { TIMING } from "../../shared/constants.ts";
import { TOAST } from "../../shared/messages.ts";
import { toast, toastAcrossNavigation } from "../components/ui/use-toast.ts";
import { safeNextPath } from "./safe-next.ts";

/** The current-user lookup's key: query keys are the path parts. */
export const CURRENT_USER_KEY = ["/api", "auth", "user"] as const;

/** Turns a non-OK answer into an Error "{status}: {body text or status text}" (spec section 7). */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Sends a call with cookies and, when given, a JSON body; throws on a non-OK answer. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? {} : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** The default read: GET the key parts joined by slashes, with cookies. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await fetch(queryKey.join("/"), { credentials: "include" });
  await throwIfResNotOk(res);
  return res.json();
};

/** The status code of an error made by apiRequest or the default read, if it has one. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The hard rules a 422 from the rulebook names (its JSON `rules`), or null when the error carries none. */
export function errorRules(error: unknown): string[] | null {
  if (!(error instanceof Error)) return null;
  const match = /^422: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (parsed && typeof parsed === "object" && "rules" in parsed && Array.isArray(parsed.rules))
      return parsed.rules.filter((r): r is string => typeof r === "string");
  } catch {
    // Not JSON.
  }
  return null;
}

export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/**
 * The text to show a person for an error "{status}: {body}": the server's JSON `message` when the body
 * is JSON, the body when it is short plain text, otherwise a general sentence.
 */
export function errorMessage(error: unknown): string {
  const fallback = "Something went wrong. Please try again.";
  if (!(error instanceof Error)) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match)
    return error.message === "Failed to fetch"
      ? "We couldn't reach Unveil. Check your connection."
      : fallback;
  const body = match[2].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string")
      return parsed.message;
  } catch {
    // Not JSON: fall through to the plain text.
  }
  if (body && body.length <= 200 && !body.startsWith("<")) return body;
  return fallback;
}

/**
 * A destructive toast for a failed call. A lost session (401) is left to the app-wide handler, which
 * shows its own toast and goes to sign in; only calls that expect a 401 (signing in) show theirs.
 */
export function toastCallError(
  title: string,
  error: unknown,
  opts: { expectsUnauthorized?: boolean } = {},
): void {
  if (isUnauthorizedError(error) && !opts.expectsUnauthorized) return;
  toast({ title, description: errorMessage(error), variant: "destructive" });
}

/** Marks a query or mutation whose 401 is an expected answer, not a lost session. */
export interface CallMeta extends Record<string, unknown> {
  expectsUnauthorized?: boolean;
}

const SIGNED_OUT_KEY = "unveil_signed_out_at";
/** How long after a deliberate Sign Out a signed-out answer is expected, not news (Back to a member page). */
const SIGNED_OUT_QUIET_MS = 10 * 60 * 1000;

/** Notes a deliberate Sign Out in this tab, so the pages left behind do not then announce "logged out". */
export function noteDeliberateSignOut(): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
  } catch {}
}

/** Forgets a deliberate Sign Out (on signing in again): a later lost session is news again. */
export function forgetDeliberateSignOut(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {}
}

/** The member signed out on purpose in this tab a short while ago. */
export function signedOutDeliberately(): boolean {
  try {
    const at = Number(sessionStorage.getItem(SIGNED_OUT_KEY));
    return at > 0 && Date.now() - at < SIGNED_OUT_QUIET_MS;
  } catch {
    return false;
  }
}

/** The sign-in address that brings the member back to the page they are on (a same-site path only). */
export function signInAddressForHere(): string {
  const here = safeNextPath(`${window.location.pathname}${window.location.search}`);
  const skip = !here || here === "/" || here.startsWith("/auth");
  return skip ? "/api/login" : `/api/login?next=${encodeURIComponent(here)}`;
}

let redirecting = false;
/** A lost session on any other call: tell the member and go to sign in again (spec section 8). */
function handleUnauthorized(error: unknown, meta: CallMeta | undefined): void {
  if (!isUnauthorizedError(error) || meta?.expectsUnauthorized || redirecting) return;
  redirecting = true;
  if (!signedOutDeliberately())
    toastAcrossNavigation({
      title: TOAST.unauthorizedTitle,
      description: TOAST.loggedOut,
      variant: "destructive",
    });
  const destination = signInAddressForHere();
  setTimeout(() => {
    window.location.href = destination;
  }, TIMING.signInRedirectMs);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => handleUnauthorized(error, query.meta as CallMeta | undefined),
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) =>
      handleUnauthorized(error, mutation.meta as CallMeta | undefined),
  }),
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
