import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { MSG } from "../../../shared/messages.ts";
import { errorMessage, errorStatus } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

const SETUP = "/settings?tab=privacy";

/** True when the server keeps the back office closed until this admin sets up two-step verification. */
export function isTwoFactorGate(error: unknown): boolean {
  return errorStatus(error) === 403 && errorMessage(error) === MSG.adminTwoFactorRequired;
}

/** With ADMIN_2FA_REQUIRED the back office shows only this until two-step verification is on. */
export function TwoFactorGate() {
  return (
    <Card
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center"
      role="region"
      aria-labelledby="gate-title"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-brand">
        <ShieldAlert aria-hidden className="size-7" />
      </span>
      <h2 id="gate-title" className="font-display text-3xl font-medium">
        Two-step verification is required
      </h2>
      <p className="max-w-md text-muted-foreground">
        The back office holds members' personal details and payments, so it opens only to admins who sign in
        with a code from an authenticator app as well as their password. It takes two minutes.
      </p>
      <Button asChild>
        <Link href={SETUP}>
          <ShieldCheck aria-hidden />
          Set up two-step verification
        </Link>
      </Button>
    </Card>
  );
}

/**
 * Admins without two-step verification are asked to set it up as they enter the back office: a notice above
 * the tabs until they have (not a modal, so it never stands between an admin and urgent work).
 */
export function TwoFactorPrompt() {
  return (
    <section
      aria-labelledby="admin-2fa-title"
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-accent/50 bg-accent/10 p-4 sm:mb-8 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-text" />
        <div className="grid gap-1">
          <h2 id="admin-2fa-title" className="font-semibold">
            Set up two-step verification
          </h2>
          <p className="text-sm text-muted-foreground">
            You can see members' details and payments here. A code from an authenticator app at sign-in keeps
            the back office safe even if your password leaks.
          </p>
        </div>
      </div>
      <Button asChild size="sm" className="shrink-0">
        <Link href={SETUP}>
          <ShieldCheck aria-hidden />
          Set up now
        </Link>
      </Button>
    </section>
  );
}
