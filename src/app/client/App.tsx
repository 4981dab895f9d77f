import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type MouseEvent, Suspense, useEffect } from "react";
import { Redirect, Route, Router, Switch, useLocation, useSearch } from "wouter";
import { DATES_KEY, dateKey, STATS_KEY } from "../../client/components/dates/queries.ts";
import { Header } from "../../client/components/layout/header.tsx";
import { isNetworkFailure, OfflineHeader, OfflineNotice } from "../../client/components/layout/offline.tsx";
import { RouteAnnouncer } from "../../client/components/layout/route-announcer.tsx";
import { ScreenErrorBoundary } from "../../client/components/layout/screen-error.tsx";
import { SettingsSkeleton } from "../../client/components/settings/settings-skeleton.tsx";
import { LazyToaster } from "../../client/components/ui/lazy-toaster.tsx";
import { FullPageSpinner } from "../../client/components/ui/spinner.tsx";
import { hrefOf } from "../../client/lib/api.ts";
import {
  clearPostAuthDestination,
  currentUserEarly,
  mayBeSignedIn,
  peekPostAuthDestination,
  useAuth,
} from "../../client/lib/auth.ts";
import {
  CURRENT_USER_KEY,
  forgetDeliberateSignOut,
  queryClient,
  signedOutDeliberately,
} from "../../client/lib/queryClient.ts";
import { currentPathForNext } from "../../client/lib/safe-next.ts";
import { isInstalledApp, registerServiceWorker, tellWorkerOwner } from "../../client/lib/service-worker.ts";
import { keepFocusClearOfStickyBars } from "../../client/lib/sticky-clearance.ts";
import { takeCarriedToast, toast, toastAcrossNavigation } from "../../client/lib/toast.ts";
import { useVerificationResult } from "../../client/lib/verification-result.ts";
import NotFoundPage from "../../client/pages/not-found.tsx";
import { TIMING } from "../../shared/constants.ts";
import { authApi } from "../../shared/contract/auth.ts";
import { TOAST } from "../../shared/messages.ts";

// Every screen loads on demand, so no page downloads another's code. Each loader is kept (once), so that the
// early start below and React.lazy share one download. The landing page is in the page already when it is
// prerendered: its code is loaded before the app takes the page over (see loadLanding).
const pages = {
  landing: once(() => import("../../client/pages/landing.tsx")),
  auth: once(() => import("../../client/pages/auth.tsx")),
  home: once(() => import("../../client/pages/home.tsx")),
  dashboard: once(() => import("./pages/dashboard.tsx")),
  dateDetail: once(() => import("../../client/pages/date-detail.tsx")),
  partnerInvite: once(() => import("../../client/pages/partner-invite.tsx")),
  gift: once(() => import("../../features/gifts/client/gift-page.tsx")),
  giftManage: once(() => import("../../features/gifts/client/manage-page.tsx")),
  giftRedeem: once(() => import("../../features/gifts/client/redeem-page.tsx")),
};
const LandingPage = lazy(pages.landing);
const AuthPage = lazy(pages.auth);
const HomePage = lazy(pages.home);
const DashboardPage = lazy(pages.dashboard);
const OnboardingPage = lazy(() => import("../../client/pages/onboarding.tsx"));
const SubscriptionPage = lazy(() => import("../../features/subscriptions/client/subscription-page.tsx"));
const SubscriptionCompletePage = lazy(() => import("../../features/subscriptions/client/complete-page.tsx"));
const DateDetailPage = lazy(pages.dateDetail);
const SettingsPage = lazy(() => import("./pages/settings.tsx"));
const AdminPage = lazy(() => import("./pages/admin.tsx"));
const BillingPage = lazy(() => import("../../features/subscriptions/client/billing-page.tsx"));
const SupportPage = lazy(() => import("../../client/pages/support.tsx"));
const PartnerInvitePage = lazy(pages.partnerInvite);
const AdminMemberPage = lazy(() => import("../../client/pages/admin-member.tsx"));
const GiftPage = lazy(pages.gift);
const GiftManagePage = lazy(pages.giftManage);
const GiftRedeemPage = lazy(pages.giftRedeem);
const VenueBookingPage = lazy(() => import("../../client/pages/venue-booking.tsx"));

/**
 * Calls `load` the first time only and answers the same promise after; once it has arrived, a promise that
 * calls back at once (see settledNow), so React.lazy renders a screen whose code is here in the same pass.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  return () => {
    if (loaded) return settledNow(loaded.value);
    promise ??= load().then((value) => {
      loaded = { value };
      return value;
    });
    return promise;
  };
}

/**
 * A promise of `value` whose then() calls back straight away rather than in a microtask. React.lazy reads
 * its loader's answer synchronously: with an ordinary promise it suspends once even for code already
 * loaded, paints its fallback (a spinner), and renders the screen in a second task after that paint.
 */
function settledNow<T>(value: T): Promise<T> {
  const settled = Promise.resolve(value);
  const callBackNow = (onFulfilled?: ((v: T) => unknown) | null) =>
    Promise.resolve(onFulfilled ? onFulfilled(value) : value);
  // biome-ignore lint/suspicious/noThenProperty: the point of this promise is a then() that answers at once.
  settled.then = callBackNow as unknown as typeof settled.then;
  return settled as Promise<T>;
}

/**
 * What the address being opened needs, started as soon as this code runs rather than when React gets to
 * it: the member (if this browser may be signed in), the screen's code and, once the member is known, the
 * screen's data. Without it each waits for the one before (code, then the member, then the screen, then
 * its data). The landing page ("/" for a visitor) starts nothing here.
 * Answers when all of it has arrived (or failed): see firstScreen.
 */
function startEarly(pathname: string): Promise<unknown> {
  const signedIn = mayBeSignedIn();
  const visitorPage: Record<string, () => Promise<unknown>> = {
    "/auth": pages.auth,
    "/partner-invite": pages.partnerInvite,
    "/gift": pages.gift,
    "/gift/manage": pages.giftManage,
    "/gift/redeem": pages.giftRedeem,
  };
  if (!signedIn) {
    const page = quietly(visitorPage[pathname]?.());
    // Signing in comes next: the member's everyday code is fetched meanwhile, in idle time, so the screen
    // after it (and the data that screen reads at once) does not wait for it.
    if (pathname === "/auth") whenIdle(() => quietly(pages.home()));
    return page;
  }
  const user = currentUserEarly();
  const dateId = /^\/dates\/(\d+)$/.exec(pathname)?.[1];
  const memberPage = pathname === "/" ? pages.home : pathname === "/dashboard" ? pages.dashboard : undefined;
  const page = dateId ? pages.dateDetail : memberPage;
  if (!page) return user;
  // The screen's data only for a member known signed in: a stale hint must not set off a lost-session alarm.
  const data = user.then((member) => {
    if (!member) return;
    const keys = dateId ? [dateKey(dateId)] : pathname === "/dashboard" ? [DATES_KEY, STATS_KEY] : [];
    return Promise.all(keys.map((queryKey) => queryClient.prefetchQuery({ queryKey })));
  });
  return Promise.all([quietly(page()), data]);
}
/** An early start that fails (offline, a new deploy) is left to the screen, which asks again and says so. */
function quietly(started: Promise<unknown> | undefined): Promise<unknown> {
  return started?.catch(() => undefined) ?? Promise.resolve();
}
/** Runs `run` when the browser has nothing else to do (soon, in any case). */
function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}
/**
 * Loads the landing page's code. Before the app takes over the prerendered landing page (main.tsx) or renders
 * it ahead of time (entry-prerender.tsx): React.lazy then renders it in the same pass (see once), and the
 * page is taken over as it is, never swapped for a spinner while its code arrives.
 */
export const loadLanding = (): Promise<unknown> => pages.landing();

/** Whether the page came with the landing page in it (index.html, prerendered), rather than an empty shell. */
const prerendered = typeof document !== "undefined" && !!document.getElementById("root")?.firstElementChild;

const early: Promise<unknown> =
  typeof window === "undefined" ? Promise.resolve() : startEarly(window.location.pathname);

/**
 * Answers once what the first screen needs (the member, the screen's code and its first reads, all started
 * by startEarly) has arrived, or after `maxWaitMs`, whichever comes first. The first render then draws the
 * finished screen in one go, instead of a spinner, then a skeleton, then the screen: less work on the main
 * thread, and nothing that flashes. The wait is bounded, so a slow answer still gets the skeleton.
 */
export function firstScreen(maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    void early.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A toast the page before announced just as it left (see toastAcrossNavigation), shown once on start. */
let carriedToast = typeof window === "undefined" ? null : takeCarriedToast();

/** Routes that need a signed-in member; a visitor opening one is sent to sign in and brought back. */
const MEMBER_PATHS = [
  "/dashboard",
  "/onboarding",
  "/subscription",
  "/subscription/complete",
  "/dates/:id",
  "/settings",
  "/billing",
  "/support",
  "/support/:id",
  "/admin",
  "/admin/members/:userId",
];

/** The spec's /login: the server's login path, which leads to the sign-in screen. */
function LoginRedirect() {
  useEffect(() => {
    window.location.href = hrefOf(authApi.loginPage, { query: {} });
  }, []);
  return <FullPageSpinner />;
}

/** Pages where the spec says a signed-out member is "logged out" and sent through the server's login path. */
const LOGGED_OUT_PATHS = /^\/(settings|dates\/[^/]+|admin|admin\/members\/[^/]+)$/;

/** A visitor on a member page: say so, then go to sign in with the page kept in ?next=. */
function SignInRequired() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const nextPath = currentPathForNext(location, search);
    const next = encodeURIComponent(nextPath);
    const loggedOut = LOGGED_OUT_PATHS.test(location);
    const message = {
      title: TOAST.unauthorizedTitle,
      description: loggedOut ? TOAST.loggedOut : TOAST.needSignIn,
      variant: "destructive" as const,
    };
    // Going through the server's login path is a full page load: the message is carried over to the sign-in page.
    // Back to a member page just after a deliberate Sign Out is no news: no alarm, only the way to sign in.
    const quiet = signedOutDeliberately();
    if (!quiet && loggedOut) toastAcrossNavigation(message);
    else if (!quiet) toast(message);
    const timer = setTimeout(() => {
      if (loggedOut) window.location.href = hrefOf(authApi.loginPage, { query: { next: nextPath } });
      else navigate(`/auth?next=${next}`, { replace: true });
    }, TIMING.signInRedirectMs);
    return () => clearTimeout(timer);
  }, [location, search, navigate]);
  return <FullPageSpinner label="Taking you to sign in" />;
}

/** /auth once signed in: the page chosen by the sign-in or sign-up that just happened, else home. */
function SignedInAuthRedirect() {
  const destination = peekPostAuthDestination() ?? "/";
  useEffect(() => clearPostAuthDestination(), []);
  return <Redirect to={destination} replace />;
}

function VisitorRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/partner-invite" component={PartnerInvitePage} />
        <Route path="/gift" component={GiftPage} />
        <Route path="/gift/manage" component={GiftManagePage} />
        <Route path="/gift/redeem" component={GiftRedeemPage} />
        <Route path="/venue-booking/:token" component={VenueBookingPage} />
        <Route path="/login" component={LoginRedirect} />
        {MEMBER_PATHS.map((path) => (
          <Route key={path} path={path} component={SignInRequired} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

function MemberRoutes({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/auth" component={SignedInAuthRedirect} />
        <Route path="/login" component={LoginRedirect} />
        <Route path="/partner-invite" component={PartnerInvitePage} />
        <Route path="/gift" component={GiftPage} />
        <Route path="/gift/manage" component={GiftManagePage} />
        <Route path="/gift/redeem" component={GiftRedeemPage} />
        <Route path="/venue-booking/:token" component={VenueBookingPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/onboarding" component={OnboardingPage} />
        <Route path="/subscription" component={SubscriptionPage} />
        <Route path="/subscription/complete" component={SubscriptionCompletePage} />
        <Route path="/dates/:id" component={DateDetailPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/billing" component={BillingPage} />
        <Route path="/support" component={SupportPage} />
        <Route path="/support/:id" component={SupportPage} />
        {isAdmin && <Route path="/admin" component={AdminPage} />}
        {isAdmin && <Route path="/admin/members/:userId" component={AdminMemberPage} />}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * A member with no network: who they are cannot be asked, but the revealed dates this device kept (the
 * service worker's cache) open, and every other page says it needs a connection.
 */
function OfflineRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/dates/:id" component={DateDetailPage} />
        <Route component={OfflineNotice} />
      </Switch>
    </Suspense>
  );
}

function Shell() {
  const { user, isLoading, error } = useAuth();
  const [location] = useLocation();
  useVerificationResult();
  // Signed in again: a session lost from now on is news again.
  useEffect(() => {
    if (user) forgetDeliberateSignOut();
  }, [user]);
  // Offline: the session could not be checked, so nobody is known signed in or out.
  const offline = isNetworkFailure(error) && mayBeSignedIn();
  const userId = user?.id ?? null;
  const known = !isLoading && !error;
  // The service worker keeps only this member's revealed dates: another member (or nobody) means it drops them.
  useEffect(() => {
    if (known) tellWorkerOwner(userId);
    // A member's device (lib/service-worker.ts registers after load, in idle time, once). With only the
    // sign-in hint, too: offline nobody can be known, and the worker should still look for updates.
    if ((known && userId !== null) || mayBeSignedIn() || isInstalledApp()) registerServiceWorker();
  }, [known, userId]);
  useEffect(() => {
    // A signed-in page brought back from the browser's back-forward cache after signing out: load it afresh.
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted && queryClient.getQueryData(CURRENT_USER_KEY) && !mayBeSignedIn())
        window.location.reload();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  useEffect(() => {
    // Marks the page as running (hydrated or rendered): before this, the prerendered page is static HTML.
    document.documentElement.setAttribute("data-app-ready", "");
    const stopClearance = keepFocusClearOfStickyBars();
    if (carriedToast) {
      toast(carriedToast);
      carriedToast = null;
    }
    return stopClearance;
  }, []);
  // On a prerendered "/" the landing page shows while a possible session is checked (it is the page the
  // browser already shows): a member then sees home, and no spinner ever covers the landing page. The app
  // shell's "/" (a member's) has no landing page to keep: it waits for the member, like any other address.
  // Settings shows its own skeleton while the member loads (the spec's loading state for that screen).
  if (isLoading && location === "/settings")
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-5xl flex-col px-4 pt-8 pb-32 sm:px-6 sm:pt-14 sm:pb-24">
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Your account</p>
        <h1 className="mt-3 text-4xl leading-tight font-normal sm:text-5xl">Account Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Your profile, notifications, membership, privacy and security.
        </p>
        <SettingsSkeleton />
      </main>
    );
  if (isLoading && (location !== "/" || !prerendered))
    return (
      <main className="flex min-h-dvh flex-col">
        <FullPageSpinner />
      </main>
    );
  return (
    <div className="flex min-h-dvh flex-col">
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to #main (it works before the app boots); the handler also moves focus */}
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only z-50 rounded-full bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* A venue's booking link is not the members' site: its page draws only the brand mark. */}
      {offline ? <OfflineHeader /> : location.startsWith("/venue-booking/") ? null : <Header />}
      <main id="main" className="flex flex-1 flex-col">
        <ScreenErrorBoundary location={location}>
          {offline ? <OfflineRoutes /> : user ? <MemberRoutes isAdmin={user.isAdmin} /> : <VisitorRoutes />}
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}

/**
 * The skip link moves focus, not only the view: to the page's main heading (read first, as when a page
 * opens), or to <main> itself when the page has none. A bare #main link left focus where it was.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  const heading = main.querySelector<HTMLElement>("h1");
  const target = heading ?? main;
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  // Reading starts here; it is not a control, so no ring (index.css).
  target.setAttribute("data-route-focus", "");
  target.focus();
}

/** The whole app; `ssrPath` is the address when rendered ahead of time (scripts/prerender.ts renders "/"). */
export default function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <Shell />
        <RouteAnnouncer />
      </Router>
      <LazyToaster />
    </QueryClientProvider>
  );
}
