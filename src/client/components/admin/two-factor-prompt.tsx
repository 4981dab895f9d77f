import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { MSG } from "../../../shared/messages.ts";
import { errorMessage, errorStatus } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";

const SETUP = "/settings?tab=privacy";
const ASKED_KEY = "unveil.admin-2fa-asked";

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

function alreadyAsked(): boolean {
  try {
    return sessionStorage.getItem(ASKED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Admins without two-step verification are asked to set it up when they enter the back office (once per
 * browser session), and a reminder stays at the top until they have.
 */
export function TwoFactorPrompt() {
  const [open, setOpen] = useState(() => !alreadyAsked());
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      try {
        sessionStorage.setItem(ASKED_KEY, "1");
      } catch {}
    }
  };
  return (
    <>
      <div
        role="note"
        className="mb-6 flex flex-col gap-3 rounded-xl border border-accent/50 bg-accent/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2">
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <span>
            <strong className="font-semibold">Protect the back office.</strong> Your account has no two-step
            verification yet.
          </span>
        </p>
        <Button asChild size="sm" variant="outline" className="shrink-0">
          <Link href={SETUP}>Set it up</Link>
        </Button>
      </div>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Set up two-step verification</DialogTitle>
            <DialogDescription>
              You can see members' details and payments here. A code from an authenticator app at sign-in
              keeps the back office safe even if your password leaks.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Remind me later</Button>
            </DialogClose>
            <Button asChild>
              <Link href={SETUP} onClick={() => close(false)}>
                <ShieldCheck aria-hidden />
                Set up now
              </Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
