import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { TIMING } from "../../shared/constants.ts";
import { authApi } from "../../shared/contract/auth.ts";
import { urlOf } from "../../shared/contract/endpoint.ts";
import { TOAST } from "../../shared/messages.ts";
import { errorBodySchema } from "../../shared/schemas/responses.ts";
import { safeNextPath } from "./safe-next.ts";
import { toast, toastAcrossNavigation } from "./toast.ts";

/** The current-user lookup's key: its address, as keyOf(authApi.user) gives it (lib/api.ts imports this file). */
export const CURRENT_USER_KEY = [authApi.user.path] as const;

const NOT_PARSED: unique symbol = Symbol("not parsed");

/**
 * A non-OK answer from the API. Its message stays "{status}: {body text or status text}" (spec section 7:
 * screens and tests read it); code reads the fields instead of parsing that string back.
 */
export class ApiError extends Error {
  /** The HTTP status code. */
  readonly status: number;
  /** The answer's body as sent (may be empty). */
  readonly body: string;
  /** The status line's text ("Not Found"): the message's text when the body is empty. */
  readonly statusText: string;
  #json: unknown = NOT_PARSED;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.statusText = statusText;
  }

  /** The body parsed as JSON, read on first use; null when it is empty or not JSON. */
  get json(): unknown {
    if (this.#json === NOT_PARSED) this.#json = parseJsonOrNull(this.body);
    return this.#json;
  }

  /** The ApiError for a non-OK fetch answer (its body is read here). */
  static async from(res: Response): Promise<ApiError> {
    return new ApiError(res.status, await res.text(), res.statusText);
  }
}

function parseJsonOrNull(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Throws an ApiError for a non-OK answer. */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await ApiError.from(res);
}

/**
 * Sends a call with cookies and, when given, a JSON body (and headers: the back office's If-Match); throws an
 * ApiError on a non-OK answer.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** True for the 412 of a stale edit. */
export function isStaleEdit(error: unknown): boolean {
  return errorStatus(error) === 412;
}

/** The default read: GET the key parts joined by slashes, with cookies. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const res = await apiRequest("GET", queryKey.join("/"));
  const body: unknown = await res.json();
  return body;
};

/** The status code of an ApiError, or null for any other error (a network failure, say). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The JSON object an ApiError's body holds, or null (not an ApiError, not JSON, not an object). */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError)) return null;
  return isRecord(error.json) ? error.json : null;
}

/** The failed fields an error answer lists (`errors`, as errorBodySchema documents each), malformed ones left out. */
const fieldErrorSchema = errorBodySchema.shape.errors.unwrap().element;
export function errorFields(error: unknown): Array<{ path: string; message: string }> {
  const listed = errorBody(error)?.errors;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((item: unknown) => {
    const field = fieldErrorSchema.safeParse(item);
    return field.success ? [field.data] : [];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The hard rules a 422 from the rulebook names (its JSON `rules`), or null when the error carries none. */
export function errorRules(error: unknown): string[] | null {
  if (errorStatus(error) !== 422) return null;
  const rules = errorBody(error)?.rules;
  return Array.isArray(rules) ? rules.filter((r): r is string => typeof r === "string") : null;
}

export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** What errorMessage says when it has nothing better. */
export const GENERAL_ERROR = "Something went wrong. Please try again.";
/** What errorMessage says when the browser could not reach the server at all. */
export const UNREACHABLE_ERROR = "We couldn't reach Unveil. Check your connection.";

/**
 * The text to show a person for an ApiError: the server's JSON `message` when the body is JSON, the body
 * (or status text) when it is short plain text, otherwise a general sentence.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError))
    return error instanceof Error && error.message === "Failed to fetch" ? UNREACHABLE_ERROR : GENERAL_ERROR;
  const message = errorBody(error)?.message;
  if (typeof message === "string") return message;
  const text = (error.body || error.statusText).trim();
  if (text && text.length <= 200 && !text.startsWith("<")) return text;
  return GENERAL_ERROR;
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
  return urlOf(authApi.loginPage, skip ? {} : { query: { next: here } });
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
