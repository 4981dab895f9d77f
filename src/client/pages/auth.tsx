import { type ReactNode, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { formatPence, REVEAL_WINDOW_HOURS, SIGN_IN_LINK_MINUTES, TIERS } from "../../shared/constants.ts";
import { ForgotCard } from "../components/auth/forgot-card.tsx";
import { LoginForm } from "../components/auth/login-form.tsx";
import { RegisterForm } from "../components/auth/register-form.tsx";
import { ResetCard, useResetLink } from "../components/auth/reset-card.tsx";
import { SignInLinkCard } from "../components/auth/sign-in-link-card.tsx";
import { LogoMark } from "../components/logo.tsx";
import { useInviteFromNext } from "../components/partner/pending-invite.ts";
import { Card, CardContent } from "../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";
import { useFocusOnChange } from "../lib/focus-on-change.ts";
import { safeNextPath } from "../lib/safe-next.ts";
import { parseTierId } from "../lib/tiers.ts";

type AuthTab = "login" | "register";

/** Sign in, create an account, ask for a reset link, or (with ?token=) choose a new password. */
export default function AuthPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const tier = parseTierId(params.get("tier"));
  const token = params.get("token");
  // The one-time link of the lockout step-up (e-mailed while the account was under a flood of wrong passwords).
  const signInToken = params.get("signin");
  const next = safeNextPath(params.get("next"));
  // Arriving from a partner invitation: its address is the one to use, filled in.
  const invite = useInviteFromNext(next);
  const inviter = invite?.inviterFirstName?.trim() || "Your partner";
  const [tab, setTab] = useState<AuthTab>(tier || params.get("tab") === "register" ? "register" : "login");
  const [mode, setMode] = useState<"main" | "forgot">("main");
  // A reset link is checked as it opens: a dead one says so before anything is typed.
  const link = useResetLink(token);
  const deadLink = Boolean(token) && link === "dead";
  const heading = useFocusOnChange<HTMLHeadingElement>(
    `${mode}${token ? ":reset" : ""}${signInToken ? ":link" : ""}`,
  );

  useDocumentTitle(
    signInToken
      ? "Sign in with your link"
      : deadLink
        ? "Reset link expired"
        : token
          ? "Choose a new password"
          : mode === "forgot"
            ? "Reset your password"
            : tab === "register"
              ? "Create Account"
              : "Sign in",
  );

  const afterLogin = () => next ?? "/";
  const afterRegister = () => (tier ? `/subscription?tier=${tier}` : (next ?? "/"));

  function onResetDone() {
    navigate("/auth", { replace: true });
    setMode("main");
    setTab("login");
  }

  let content: ReactNode;
  if (signInToken)
    content = (
      <SignInLinkCard
        token={signInToken}
        destination={afterLogin()}
        onBack={() => navigate("/auth", { replace: true })}
      />
    );
  else if (token)
    content = (
      <ResetCard
        token={token}
        state={link}
        onDone={onResetDone}
        onRequestNew={() => {
          navigate("/auth", { replace: true });
          setMode("forgot");
        }}
      />
    );
  else if (mode === "forgot") content = <ForgotCard onDone={() => setMode("main")} />;
  else
    content = (
      <>
        {invite && !tier && (
          <p
            className="mb-4 rounded-xl border border-accent/50 bg-accent/10 px-4 py-3 text-center text-sm"
            data-testid="auth-invite-note"
          >
            {inviter} invited{" "}
            <strong className="font-semibold [overflow-wrap:anywhere]">{invite.email}</strong>. Use that
            address and you'll come straight back to accept.
          </p>
        )}
        {tier && (
          <p className="mb-4 rounded-xl border border-accent/50 bg-accent/10 px-4 py-3 text-center text-sm">
            You chose the <strong className="font-semibold">{TIERS[tier].name}</strong> plan —{" "}
            {formatPence(TIERS[tier].monthlyPricePence)}/month
          </p>
        )}
        <Card>
          <CardContent className="pt-6 sm:pt-8">
            <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
              <TabsList aria-label="Sign in or create an account">
                <TabsTrigger value="login">Sign In</TabsTrigger>
                <TabsTrigger value="register">Create Account</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm
                  destination={afterLogin}
                  onForgot={() => setMode("forgot")}
                  defaultEmail={invite?.email}
                />
              </TabsContent>
              <TabsContent value="register">
                <RegisterForm destination={afterRegister} defaultEmail={invite?.email} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </>
    );

  return (
    <div className="grid flex-1 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="curtain-stage hidden flex-col justify-between p-12 lg:flex">
        <LogoMark variant="dark" className="h-10 w-10" />
        <div>
          <p className="font-display text-4xl leading-tight">
            Keep the evening free. We'll take care of the rest.
          </p>
          <p className="mt-4 max-w-sm text-stage-muted">
            {BRAND.name} plans a date in {BRAND.city} for the two of you and reveals it {REVEAL_WINDOW_HOURS}{" "}
            hours before.
          </p>
        </div>
        <p className="text-sm text-stage-muted">No setup fees · Cancel anytime</p>
      </aside>
      <div className="flex items-start justify-center px-4 py-10 sm:items-center sm:px-6 sm:py-16">
        <div className="w-full max-w-md">
          <div className="mb-8 text-center">
            <h1 ref={heading} tabIndex={-1} className="text-3xl font-normal sm:text-4xl">
              {signInToken
                ? "Sign in with your link"
                : deadLink
                  ? "Let's get you a fresh link"
                  : token
                    ? "Almost there"
                    : mode === "forgot"
                      ? "Forgotten your password?"
                      : `Welcome to ${BRAND.name}`}
            </h1>
            <p className="mt-2 text-muted-foreground">
              {signInToken
                ? `The link from your e-mail works once, for ${SIGN_IN_LINK_MINUTES} minutes.`
                : deadLink
                  ? "It happens. A new one takes a moment."
                  : token
                    ? "Set a new password for your account."
                    : mode === "forgot"
                      ? "It happens. We'll send you a link."
                      : invite
                        ? `Create your account, or sign in, to join ${invite.inviterFirstName?.trim() || "your partner"}.`
                        : "Sign in, or create an account to plan your first date."}
            </p>
          </div>
          {content}
        </div>
      </div>
    </div>
  );
}
