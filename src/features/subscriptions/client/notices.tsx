import { ArrowRight, Info, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "../../../client/components/ui/button.tsx";
import { cn } from "../../../client/lib/cn.ts";

function Notice({
  icon,
  title,
  children,
  tone = "calm",
  role,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: "calm" | "gold";
  role?: "status";
}) {
  return (
    <section
      role={role}
      aria-label={title}
      className={cn(
        "flex gap-3.5 rounded-2xl border p-4 sm:p-5",
        tone === "gold" ? "border-accent/60 bg-accent/10" : "border-border bg-muted/70",
      )}
    >
      <span aria-hidden className="mt-0.5 shrink-0 text-accent-text [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-sans text-sm font-semibold">{title}</h2>
        <div className="mt-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </section>
  );
}

/** After the member cancelled (or the provider declined) at the payment page. */
export function PaymentNotSetUpNotice() {
  return (
    <Notice icon={<Info />} title="Your Direct Debit wasn't set up" role="status">
      No money has been taken and nothing has changed. Choose a plan and try again whenever you're ready.
    </Notice>
  );
}

/**
 * The questionnaire isn't done yet. Its last step is accepting the Terms, which the server requires before
 * any Direct Debit is set up, so until then this is the way on.
 */
export function OnboardingNotice({ href }: { href: string }) {
  return (
    <Notice icon={<Sparkles />} title="One step before you subscribe" tone="gold">
      <p>
        Tell us about the two of you: six short questions so every date suits you both, and our Terms to
        accept. It takes about five minutes, and your plan choice is kept.
      </p>
      <Button asChild variant="link" size="sm" className="mt-2 font-semibold">
        <Link href={href}>
          Complete your preferences
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </Notice>
  );
}
