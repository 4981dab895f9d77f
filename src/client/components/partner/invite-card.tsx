import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowRight, HeartHandshake, LinkIcon, LogOut, MailCheck } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "wouter";
import type { PublicUser } from "../../../shared/api-types.ts";
import { BRAND } from "../../../shared/brand.ts";
import { authApi } from "../../../shared/contract/auth.ts";
import { datesApi } from "../../../shared/contract/dates.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { partnersApi } from "../../../shared/contract/partners.ts";
import { TOAST } from "../../../shared/messages.ts";
import { MEMBER_MSG } from "../../../shared/schemas/member.ts";
import { call, invalidate, storeAnswer } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { cn } from "../../lib/cn.ts";
import {
  CURRENT_USER_KEY,
  errorMessage,
  errorStatus,
  noteDeliberateSignOut,
  queryClient,
  toastCallError,
} from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useResendVerification } from "../../lib/use-resend-verification.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { forgetInvite, invitePath, inviteQuery, rememberInvite } from "./pending-invite.ts";

type PartnerInviteInfo = AnswerOf<typeof partnersApi.inviteInfo>;

/** The sign-in screen, coming back to this invitation afterwards. */
export function authHref(token: string, tab?: "register"): string {
  const next = encodeURIComponent(invitePath(token));
  return `/auth?next=${next}${tab ? `&tab=${tab}` : ""}`;
}

export function inviteHeadline(info: PartnerInviteInfo): string {
  const who = info.inviterFirstName?.trim() || "Your partner";
  return `${who} invited you to join ${BRAND.name} as their partner`;
}

function Shell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      aria-label="Partner invitation"
      data-testid="partner-invite-card"
      className={cn(
        "relative w-full max-w-xl rounded-3xl border border-accent/50 bg-surface p-6 text-surface-foreground shadow-2xl sm:p-8",
        className,
      )}
    >
      {children}
    </section>
  );
}

function Emblem() {
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent-text ring-1 ring-accent/50">
      <HeartHandshake aria-hidden className="size-6" />
    </span>
  );
}

function Invalid({ signedIn, className }: { signedIn: boolean; className?: string }) {
  return (
    <Shell className={className}>
      <div className="flex gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LinkIcon aria-hidden className="size-5" />
        </span>
        <div>
          <h2 className="font-display text-xl font-medium sm:text-2xl">Invitation unavailable</h2>
          <p className="mt-1.5 text-muted-foreground" role="alert">
            {MEMBER_MSG.token}
          </p>
          <p className="mt-3 text-sm text-muted-foreground">
            Ask your partner to send a new one from their {BRAND.name} settings.
          </p>
          {signedIn && (
            <Button asChild variant="outline" className="mt-5">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          )}
        </div>
      </div>
    </Shell>
  );
}

/** The card's buttons, and always a way to leave it for later. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row">
      {children}
      <Button asChild size="lg" variant="ghost" className="w-full sm:w-auto">
        <Link href="/dashboard">Not now</Link>
      </Button>
    </div>
  );
}

/** Signed in with another address: say which one the invitation went to, and offer to switch account. */
function WrongAccount({ token, info, user }: { token: string; info: PartnerInviteInfo; user: PublicUser }) {
  const switchAccount = useMutation({
    mutationFn: async () => {
      await call(authApi.logout);
    },
    onSuccess: () => {
      noteDeliberateSignOut();
      // A full page load, so nothing of this account stays in memory; the invitation is kept in ?next=.
      window.location.href = authHref(token);
    },
    onError: (error) => toastCallError(TOAST.logoutFailed, error),
  });
  const busy = switchAccount.isPending || switchAccount.isSuccess;
  return (
    <>
      <div className="mt-5 rounded-xl border border-border bg-muted/70 p-4 text-sm" role="note">
        <p>
          This invitation was sent to{" "}
          <strong className="font-medium [overflow-wrap:anywhere]">{info.email}</strong>. You're signed in as{" "}
          <strong className="font-medium [overflow-wrap:anywhere]">{user.email}</strong>.
        </p>
        <p className="mt-1.5 text-muted-foreground">
          To accept, sign out and sign in or create an account with the invited address.
        </p>
      </div>
      <Actions>
        <Button size="lg" className="w-full sm:w-auto" disabled={busy} onClick={() => switchAccount.mutate()}>
          <LogOut aria-hidden />
          {busy ? "Signing out..." : "Sign out and switch account"}
        </Button>
      </Actions>
    </>
  );
}

/** The invited address, not yet confirmed: the verification link brings the partner back here. */
function VerifyFirst({ token, email }: { token: string; email: string }) {
  useEffect(() => rememberInvite(token), [token]);
  const resend = useResendVerification(email);
  return (
    <>
      <div
        className="mt-5 flex gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4 text-sm"
        data-testid="invite-verify-first"
      >
        <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
        <div className="min-w-0">
          <p className="font-semibold">One more step: confirm your e-mail address</p>
          <p className="mt-1 text-muted-foreground">
            We sent a link to{" "}
            <span className="font-medium text-foreground [overflow-wrap:anywhere]">{email}</span>. Open it and
            you'll come straight back here to accept.
          </p>
        </div>
      </div>
      <Actions>
        <Button
          size="lg"
          variant="outline"
          className="w-full sm:w-auto"
          pending={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? "Sending..." : "Resend the link"}
        </Button>
      </Actions>
    </>
  );
}

/**
 * A signed-in member: only the account whose verified address is the invited one accepts (the server says
 * so too). Accepting goes on to the partner's short questionnaire, or the dashboard once they have answered.
 */
function AcceptButton({ token, info, user }: { token: string; info: PartnerInviteInfo; user: PublicUser }) {
  const [, navigate] = useLocation();
  const accept = useSingleFlightMutation({
    mutationFn: async () => await call(partnersApi.accept, { body: { token } }),
    onSuccess: (updated) => {
      forgetInvite();
      storeAnswer(queryClient, CURRENT_USER_KEY, updated);
      // The partner's status and, under its address, the partner's questionnaire.
      void invalidate(queryClient, partnersApi.status);
      // Every date read: the list, the counts and each date (all at an address under one date's).
      void invalidate(queryClient, datesApi.get);
      const who = info.inviterFirstName?.trim();
      toast({
        title: "Partner linked",
        description: who ? `You and ${who} now share your dates.` : "You now share your dates.",
        variant: "success",
      });
      navigate(updated.onboardingCompleted ? "/dashboard" : "/onboarding");
    },
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const invited = info.email.toLowerCase();
  const pendingHere = user.pendingEmail?.toLowerCase() === invited;
  if (user.email.toLowerCase() !== invited && !pendingHere)
    return <WrongAccount token={token} info={info} user={user} />;
  if (!user.emailVerified || pendingHere) return <VerifyFirst token={token} email={info.email} />;
  return (
    <Actions>
      <Button
        size="lg"
        className="w-full sm:w-auto"
        disabled={accept.isPending || accept.isSuccess}
        onClick={() => accept.mutate()}
      >
        {accept.isPending ? "Accepting..." : "Accept invitation"}
        <ArrowRight aria-hidden />
      </Button>
    </Actions>
  );
}

/**
 * The invitation from /partner-invite?token=...: who invited, and the way to accept. A visitor signs in or
 * creates an account first and comes back here; a member accepts at once.
 */
export function PartnerInviteCard({ token, className }: { token: string; className?: string }) {
  const { user } = useAuth();
  const query = useQuery(inviteQuery(token));

  if (query.isPending)
    return (
      <Shell className={cn("flex items-center justify-center py-10", className)}>
        <Spinner className="size-7 text-brand" label="Loading the invitation" />
      </Shell>
    );
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 404 || status === 400 || status === 410)
      return <Invalid signedIn={Boolean(user)} className={className} />;
    return (
      <Shell className={className}>
        <p className="text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Shell>
    );
  }

  const info = query.data;
  return (
    <Shell className={className}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Emblem />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">You're invited</p>
          <h2 className="mt-1.5 font-display text-2xl leading-snug font-medium text-balance sm:text-[1.7rem]">
            {inviteHeadline(info)}
          </h2>
          <p className="mt-2 text-muted-foreground">
            Partners share the couple's dates: you'll see each one, its countdown and the reveal. The plan and
            its billing stay with {info.inviterFirstName?.trim() || "the member who subscribed"}.
          </p>
        </div>
      </div>
      {user ? (
        <AcceptButton token={token} info={info} user={user} />
      ) : (
        <>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link href={authHref(token, "register")}>Create account</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link href={authHref(token)}>Sign in</Link>
            </Button>
          </div>
          <p className="mt-4 text-xs text-muted-foreground">
            Sent to <span className="[overflow-wrap:anywhere]">{info.email}</span>. Use this address (we'll
            fill it in) and you'll come straight back here to accept.
          </p>
        </>
      )}
    </Shell>
  );
}
