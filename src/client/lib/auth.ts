import { useMutation, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "../../shared/api-types.ts";
import { AUTH_HINT_COOKIE, TIMING } from "../../shared/constants.ts";
import { authApi } from "../../shared/contract/auth.ts";
import { TOAST } from "../../shared/messages.ts";
import type { RegisterInput } from "../../shared/schemas/auth.ts";
import { call } from "./api.ts";
import { forgetPushOnThisDevice } from "./push-device.ts";
import {
  ApiError,
  CURRENT_USER_KEY,
  forgetDeliberateSignOut,
  noteDeliberateSignOut,
  queryClient,
  toastCallError,
} from "./queryClient.ts";
import { clearOfflineCaches } from "./service-worker.ts";
import { toast } from "./toast.ts";

/**
 * Whether this browser may hold a session. The server sets a script-readable hint cookie (no secret in it)
 * beside the HttpOnly session cookie when signing in and clears it when signing out or when the session
 * has ended, so a visitor without it is known to be signed out without asking (and without a 401).
 */
export function mayBeSignedIn(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${AUTH_HINT_COOKIE}=`));
}

/** The current-user lookup: a 401 means signed out (null); any other failure is an error. */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  if (!mayBeSignedIn()) return null;
  try {
    return await call(authApi.user);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return null;
    // Spec section 7 gives this read its own message, "HTTP {status}: {statusText}".
    throw new Error(`HTTP ${error.status}: ${error.statusText}`);
  }
}

/** The current-user query's options, shared by useAuth and the early start of the read (currentUserEarly). */
const currentUserQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchCurrentUser,
  staleTime: TIMING.currentUserStaleMs,
  retry: false,
} as const;

/**
 * Starts the current-user read before the screens render (App.tsx calls it as its code arrives), so it runs
 * beside the download of the page's code instead of after it; useAuth then finds it under way. Answers the
 * member (null when signed out); never rejects (a failure stays in the query for useAuth to show).
 */
export function currentUserEarly(): Promise<PublicUser | null> {
  if (!mayBeSignedIn()) return Promise.resolve(null);
  return queryClient.fetchQuery(currentUserQuery).catch(() => null);
}

export function useAuth() {
  const query = useQuery({
    ...currentUserQuery,
    // A visitor without the hint is signed out from the first render: no spinner, no call.
    initialData: mayBeSignedIn() ? undefined : null,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.isAdmin === true,
    error: query.error,
  };
}

/**
 * Where to go once the signed-in screens take over after signing in or up. The auth screen unmounts as
 * soon as the user is stored, so it leaves the destination here and the signed-in router follows it.
 */
let pendingDestination: string | null = null;
export function setPostAuthDestination(path: string): void {
  pendingDestination = path;
}
export function peekPostAuthDestination(): string | null {
  return pendingDestination;
}
export function clearPostAuthDestination(): void {
  pendingDestination = null;
}

function storeUser(user: PublicUser) {
  forgetDeliberateSignOut();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/**
 * Create Account. `onFieldErrors` gets the server's field messages (a password too common, say) to show
 * under their fields; when it takes them, no toast repeats them.
 */
export function useRegisterMutation(destination: () => string, onFieldErrors?: (error: unknown) => boolean) {
  return useMutation({
    mutationFn: async (input: RegisterInput) => await call(authApi.register, { body: input }),
    onSuccess: (user) => {
      setPostAuthDestination(destination());
      storeUser(user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: TOAST.accountCreatedTitle, description: TOAST.accountCreated });
    },
    onError: (error) => {
      if (onFieldErrors?.(error)) return;
      toastCallError(TOAST.registrationFailed, error);
    },
  });
}

/** Signs out, then a full page load of "/" so no member data stays in memory. */
export function useLogoutMutation() {
  const mutation = useMutation({
    mutationFn: async () => {
      await forgetPushOnThisDevice();
      await call(authApi.logout);
      // The revealed dates kept for offline use go with the session (the answer's Clear-Site-Data does
      // not reach the service worker's caches in every browser).
      await clearOfflineCaches();
    },
    onSuccess: () => {
      // Back to a member page after this is expected to find the member signed out: no "logged out" alarm.
      noteDeliberateSignOut();
      window.location.href = "/";
    },
    onError: (error) => {
      toastCallError(TOAST.logoutFailed, error);
    },
  });
  // Stay "Signing out..." until the new page replaces this one.
  return { ...mutation, isSigningOut: mutation.isPending || mutation.isSuccess };
}

export function displayName(user: PublicUser): string {
  return user.firstName?.trim() || user.email;
}
