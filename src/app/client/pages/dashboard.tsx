import { useQuery } from "@tanstack/react-query";
import { MessageCircle, Settings, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  DateGridSkeleton,
  EmptyDates,
  PlanCard,
  StatsRow,
} from "../../../client/components/dates/dashboard-parts.tsx";
import { PastDateCard, UpcomingDateCard } from "../../../client/components/dates/date-card.tsx";
import { splitDates } from "../../../client/components/dates/date-time.ts";
import { useNow } from "../../../client/components/dates/use-now.ts";
import { LoadErrorCard } from "../../../client/components/load-error-card.tsx";
import { PlanOfferBanner } from "../../../client/components/plan-offer-banner.tsx";
import { queryOf } from "../../../client/lib/api.ts";
import { useAuth } from "../../../client/lib/auth.ts";
import { useDocumentTitle } from "../../../client/lib/document-title.ts";
import { PaymentProblemBanner } from "../../../features/subscriptions/client/payment-problem-banner.tsx";
import { REVEAL_WINDOW_HOURS } from "../../../shared/constants.ts";
import { datesApi } from "../../../shared/contract/dates.ts";

function DatesSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="font-display text-2xl font-medium sm:text-3xl">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** /dashboard: the couple's numbers, their upcoming mystery dates and their past adventures. */
export default function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useAuth();
  const now = useNow();
  const dates = useQuery({
    ...queryOf(datesApi.list),
    // A date in its final touches shows its plan as soon as it is ready, without a reload.
    refetchInterval: (q) => (q.state.data?.some((d) => d.finalTouches) ? 60_000 : false),
  });
  const stats = useQuery(queryOf(datesApi.stats));
  if (!user) return null;

  const { upcoming, past } = splitDates(dates.data ?? []);

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-24">
      <header className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
        <div>
          <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">Dashboard</p>
          <h1 className="mt-3 text-4xl leading-tight font-normal [overflow-wrap:anywhere] sm:text-5xl">
            {user.firstName ? `${user.firstName}, your dates` : "Your dates"}
          </h1>
          <p className="mt-2 max-w-xl text-muted-foreground">
            The day and time of each date as soon as it's booked; where, and what to wear,{" "}
            {REVEAL_WINDOW_HOURS} hours before.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-stretch lg:flex-col lg:items-end">
          <PlanCard user={user} className="sm:flex-1 lg:w-80" />
          <nav
            aria-label="Your account"
            className="flex flex-wrap gap-x-5 gap-y-2 self-start sm:self-center lg:self-end"
          >
            <Link
              href="/settings"
              className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              <Settings aria-hidden className="size-4" />
              Account settings
            </Link>
            <Link
              href="/support"
              className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              <MessageCircle aria-hidden className="size-4" />
              Messages
            </Link>
            {user.onboardingCompleted && (
              <Link
                href={`/onboarding?next=${encodeURIComponent("/dashboard")}`}
                className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                <SlidersHorizontal aria-hidden className="size-4" />
                Your preferences
              </Link>
            )}
          </nav>
        </div>
      </header>

      <PlanOfferBanner user={user} className="mt-8" />
      <PaymentProblemBanner problem={stats.data?.paymentProblem} className="mt-8" />

      <div className="mt-8">
        <StatsRow stats={stats.data} upcoming={dates.data ? upcoming.length : undefined} />
      </div>

      {dates.isPending ? (
        <DatesSection id="upcoming-heading" title="Upcoming Mystery Dates" description="Loading your dates">
          <DateGridSkeleton />
        </DatesSection>
      ) : dates.isError ? (
        <LoadErrorCard
          title="We couldn't load your dates"
          error={dates.error}
          onRetry={() => void dates.refetch()}
          className="mt-12"
          testId="dates-error"
        />
      ) : upcoming.length === 0 && past.length === 0 ? (
        <div className="mt-12">
          <EmptyDates user={user} bookedBy={stats.data?.firstDateBookedBy} />
        </div>
      ) : (
        <>
          <DatesSection
            id="upcoming-heading"
            title="Upcoming Mystery Dates"
            description={`Details unlock ${REVEAL_WINDOW_HOURS} hours before each date`}
          >
            {upcoming.length > 0 ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {upcoming.map((date) => (
                  <li key={date.id}>
                    <UpcomingDateCard date={date} now={now} />
                  </li>
                ))}
              </ul>
            ) : (
              <p
                className="rounded-2xl border border-dashed border-input p-6 text-muted-foreground"
                data-testid="upcoming-empty"
              >
                Your next date is being planned. We'll e-mail you the day and time as soon as it's booked.
              </p>
            )}
          </DatesSection>
          <DatesSection
            id="past-heading"
            title="Past Adventures"
            description="Rate each one: it shapes what we plan next"
          >
            {past.length > 0 ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {past.map((date) => (
                  <li key={date.id}>
                    <PastDateCard date={date} />
                  </li>
                ))}
              </ul>
            ) : (
              <p
                className="rounded-2xl border border-dashed border-input p-6 text-muted-foreground"
                data-testid="past-empty"
              >
                Your adventures will gather here after each date.
              </p>
            )}
          </DatesSection>
        </>
      )}
    </div>
  );
}
