import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { BRAND } from "../../../shared/brand.ts";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { COOLING_OFF_RULE } from "../../../shared/cooling-off.ts";
import { cn } from "../../lib/cn.ts";
import { LegalDialog } from "../landing/legal-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { focusRing } from "./controls.tsx";

const SUMMARY = [
  "Your membership pays for planning and booking. You pay venues directly for what you eat, drink and do.",
  "It renews monthly by Direct Debit. Cancel anytime; cancelling takes effect at the end of the billing month.",
  `Each date is revealed ${REVEAL_WINDOW_HOURS} hours before. Please confirm it at least 24 hours ahead, or we release the booking.`,
  "One free reschedule a month with at least 48 hours' notice. Unused dates don't roll over.",
  COOLING_OFF_RULE,
  "Members must be 18 or over. Our liability is limited to that month's fee. English law applies.",
];

const linkClass = cn("rounded-sm text-brand underline underline-offset-4 hover:no-underline", focusRing);

/** A short, plain summary of the Terms, with the full Terms and Privacy Policy a click away. */
export function TermsDialog({ trigger }: { trigger: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content
          className={cn(
            "fixed inset-x-3 bottom-3 z-50 max-h-[85dvh] overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-surface-foreground shadow-2xl outline-none",
            "data-[state=open]:animate-fade-in sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:p-8",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-medium">Terms &amp; Conditions</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={cn(
                "-mt-1 -mr-2 rounded-full p-2 text-muted-foreground hover:bg-muted hover:text-foreground",
                focusRing,
              )}
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            The short version of what you're agreeing to with {BRAND.name}.
          </Dialog.Description>
          <ul className="mt-5 grid gap-3 text-sm leading-relaxed">
            {SUMMARY.map((line) => (
              <li key={line} className="flex gap-3">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm text-muted-foreground">
            Read the full <LegalDialog doc="terms" triggerClassName={linkClass} /> and our{" "}
            <LegalDialog doc="privacy" triggerClassName={linkClass} />. Questions? Write to{" "}
            <a href={`mailto:${BRAND.supportEmail}`} className={linkClass}>
              {BRAND.supportEmail}
            </a>
            .
          </p>
          <Dialog.Close asChild>
            <Button className="mt-6 w-full sm:w-auto">Close</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
