import { ArrowRight, Info, MailCheck } from "lucide-react";
import { Link } from "wouter";
import type { PublicUser } from "../../shared/api-types.ts";
import { REVEAL_WINDOW_HOURS, TIERS } from "../../shared/constants.ts";
import { londonHour } from "../../shared/london-time.ts";
import { partnerNeedsStep, useShortQuestionnaire } from "../components/partner/short-onboarding.ts";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Tooltip } from "../components/ui/tooltip.tsx";
import { useAuth } from "../lib/auth.ts";
import { cn } from "../lib/cn.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { partnerCover, partnerName } from "../lib/plan.ts";
import { useResendVerification } from "../lib/use-resend-verification.ts";

/** "Good morning/afternoon/evening" by the time in London. */
function greeting(now = new Date()): string {
  const hour = londonHour(now);
  if (hour >= 5 && hour < 12) return "Good morning";
  if (hour >= 12 && hour < 18) return "Good afternoon";
  return "Good evening";
}

const JOURNEY = [
  { title: "Your preferences", text: "Six short questions about the two of you." },
  { title: "Your plan", text: "Choose Silver, Gold or Platinum and set up your direct debit." },
  { title: "Your first reveal", text: `Where you're going arrives ${REVEAL_WINDOW_HOURS} hours before.` },
];

export default function HomePage() {
  const { user } = useAuth();
  const short = useShortQuestionnaire(user);
  useDocumentTitle("Home");
  if (!user) return null;
  const ready = user.onboardingCompleted;
  // The partner's membership covers the couple: nothing to buy, so no Direct Debit step.
  const cover = partnerCover(user);
  // A linked partner whose partner answered the couple's questions gives only their own needs.
  const needs = short ? partnerNeedsStep(short) : null;
  const first = needs ? { title: "Your own needs", text: needs.text } : JOURNEY[0];
  const journey = cover
    ? [
        first,
        {
          title: "Your plan",
          text: `${cover.firstName?.trim() ? `${partnerName(cover)}'s` : "Your partner's"} ${TIERS[cover.tier].name} membership already covers you both.`,
        },
        JOURNEY[2],
      ]
    : [first, ...JOURNEY.slice(1)];

  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
      <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">{greeting()}</p>
      <h1 className="mt-3 text-4xl leading-tight font-normal [overflow-wrap:anywhere] sm:text-5xl">
        {user.firstName ? `Hello, ${user.firstName}.` : "Hello."}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-muted-foreground">
        {ready
          ? "Your dates are being planned. Everything you need is on your dashboard."
          : needs
            ? "You're linked with your partner. One short step and we can plan around you both."
            : "Let's begin with the two of you. It takes about five minutes, and then we can start planning."}
      </p>
      <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
        <Link href={ready ? "/dashboard" : "/onboarding"}>
          {ready ? "Go to Dashboard" : needs ? needs.label : "Start Onboarding"}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
      {!user.emailVerified && <VerifyEmailNotice user={user} />}

      {!ready && (
        <section aria-labelledby="next-heading" className="mt-14">
          <h2 id="next-heading" className="text-xl font-medium">
            What happens next
          </h2>
          <ol className="mt-5 grid gap-3">
            {journey.map((step, i) => (
              <li key={step.title}>
                <Card className={cn("flex items-start gap-4 p-5", i > 0 && "shadow-none")}>
                  <span
                    className={cn(
                      "flex size-8 shrink-0 items-center justify-center rounded-full font-display text-sm",
                      i === 0 ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
                    )}
                  >
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-medium">{step.title}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function VerifyEmailNotice({ user }: { user: PublicUser }) {
  const resend = useResendVerification(user.email);
  return (
    <section
      aria-labelledby="verify-heading"
      className="mt-10 flex flex-col gap-4 rounded-2xl border border-border bg-muted/70 p-5 sm:flex-row sm:items-center"
    >
      <MailCheck aria-hidden className="size-6 shrink-0 text-accent-text" />
      <div className="min-w-0 flex-1">
        <h2 id="verify-heading" className="flex items-center gap-1.5 font-sans text-sm font-semibold">
          Please confirm your e-mail address
          <Tooltip content="Your reveals are sent to this address, so we check that it reaches you.">
            <button
              type="button"
              aria-label="Why we ask"
              className="rounded-full p-0.5 text-muted-foreground"
            >
              <Info aria-hidden className="size-4" />
            </button>
          </Tooltip>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          We sent a link to{" "}
          <span className="font-medium text-foreground [overflow-wrap:anywhere]">{user.email}</span>.
        </p>
      </div>
      <Button variant="outline" size="sm" pending={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? "Sending..." : "Resend verification e-mail"}
      </Button>
    </section>
  );
}
