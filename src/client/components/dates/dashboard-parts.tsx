import { ArrowRight, CalendarHeart, Settings, Sparkles, Star } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Link } from "wouter";
import type { PublicUser } from "../../../shared/api-types.ts";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import type { DashboardStats } from "../../../shared/member-api.ts";
import { BOOKED_MAIL_SUBJECT_START } from "../../../shared/planning-schedule.ts";
import { cn } from "../../lib/cn.ts";
import { hasCurrentPlan, partnerCover, planSummary } from "../../lib/plan.ts";
import { partnerNeedsStep, useShortQuestionnaire } from "../partner/short-onboarding.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { MysteryArt } from "./date-art.tsx";
import { PlanNextPayment } from "./plan-next-payment.tsx";

function StatCard({
  label,
  value,
  Icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  Icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-3.5 sm:p-5">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-muted text-accent-text sm:flex">
        <Icon aria-hidden className="size-5" />
      </span>
      {/* On phones the figure comes first and the label, which may wrap, under it. */}
      <div className="flex min-w-0 flex-col gap-1.5 self-start sm:self-auto">
        <p className="order-2 text-xs leading-snug text-muted-foreground sm:order-1 sm:text-sm">{label}</p>
        <p className="order-1 font-display text-3xl leading-none font-medium sm:order-2" data-testid={testId}>
          {value}
        </p>
      </div>
    </Card>
  );
}

/** Upcoming and completed counts and the member's own average rating ("-" before any rating). */
export function StatsRow({
  stats,
  upcoming,
}: {
  stats: DashboardStats | undefined;
  /** The number of upcoming cards shown, once the dates are loaded: the count always matches the cards. */
  upcoming?: number;
}) {
  if (!stats)
    return (
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[4.75rem] rounded-2xl sm:h-[5.5rem]" />
        ))}
      </div>
    );
  return (
    <section aria-label="Your dates in numbers" className="grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard
        label="Upcoming"
        value={upcoming ?? stats.upcoming}
        Icon={CalendarHeart}
        testId="stat-upcoming"
      />
      <StatCard label="Completed" value={stats.completed} Icon={Sparkles} testId="stat-completed" />
      <StatCard
        label="Average rating"
        value={stats.averageRating === null ? "-" : stats.averageRating.toFixed(1)}
        Icon={Star}
        testId="stat-rating"
      />
    </section>
  );
}

/** The member's plan and its status, e.g. "Gold plan · Active", or a way to choose one. */
export function PlanCard({ user, className }: { user: PublicUser; className?: string }) {
  const plan = planSummary(user);
  return (
    <Card className={cn("flex items-center justify-between gap-4 p-4 sm:p-5", className)}>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent-text uppercase">Your plan</p>
        <p className="mt-1 font-display text-xl [overflow-wrap:anywhere]" data-testid="dashboard-plan">
          {plan ? `${plan.name} · ${plan.status}` : "No plan yet"}
        </p>
        <PlanNextPayment />
      </div>
      <Link
        href="/subscription"
        className="shrink-0 rounded-sm text-sm font-medium text-brand underline-offset-4 hover:underline"
      >
        {plan ? "View plan" : "Choose a plan"}
      </Link>
    </Card>
  );
}

/**
 * No dates yet: what happens next, and the one step the member still has to take, if any. With a new plan,
 * the first-month promise: the day the first date will be booked by, and the e-mail that brings it.
 */
export function EmptyDates({ user, bookedBy }: { user: PublicUser; bookedBy?: string | null }) {
  const needsOnboarding = !user.onboardingCompleted;
  const needsPlan = !hasCurrentPlan(user) && !partnerCover(user);
  // A linked partner gives only their own needs; the couple's answers are already in.
  const shortQuestionnaire = useShortQuestionnaire(user);
  const fullStep = needsOnboarding
    ? {
        title: "Tell us what you both love",
        text: "Six quick questions about places, budget and the evenings that suit you. We plan every date around them.",
        href: "/onboarding",
        label: "Start Onboarding",
      }
    : needsPlan
      ? {
          title: "Choose your plan",
          text: "Pick how many dates a month you'd like. We start planning as soon as your Direct Debit is set up.",
          href: "/subscription",
          label: "Choose a plan",
        }
      : null;
  const step = shortQuestionnaire ? partnerNeedsStep(shortQuestionnaire) : fullStep;
  return (
    <Card className="overflow-hidden" data-testid="dates-empty">
      <div className="grid items-center sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="art-panel aspect-[16/9] p-6 sm:aspect-auto sm:h-full sm:min-h-64">
          <MysteryArt />
        </div>
        <div className="p-6 sm:p-8">
          <h2 className="font-display text-2xl font-medium">
            {step
              ? step.title
              : bookedBy
                ? `Your first date will be booked by ${bookedBy}`
                : "Your first date is being planned"}
          </h2>
          <p className="mt-2 text-muted-foreground">
            {step
              ? step.text
              : bookedBy
                ? `Look out for an e-mail titled "${BOOKED_MAIL_SUBJECT_START}" with its day and time and a calendar invitation. It will be on one of the days you chose; where you're going and what to wear arrive ${REVEAL_WINDOW_HOURS} hours before.`
                : `We'll e-mail you as soon as it's booked. You'll see the day and time here straight away, and the rest ${REVEAL_WINDOW_HOURS} hours before.`}
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {step && (
              <Button asChild>
                <Link href={step.href}>
                  {step.label}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            )}
            {step?.href !== "/subscription" && (
              <Button asChild variant="outline">
                <Link href="/subscription">{needsPlan ? "See the plans" : "Your plan"}</Link>
              </Button>
            )}
            <Button asChild variant="ghost">
              <Link href="/settings">
                <Settings aria-hidden />
                Settings
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}

/** Cards standing in for dates while they load. */
export function DateGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="dates-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-border bg-surface">
          <Skeleton className="aspect-[2/1] rounded-none sm:aspect-[16/9]" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-52" />
            <Skeleton className="mt-3 h-4 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}
