import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { datesApi } from "../../shared/contract/dates.ts";
import { CluePanel, showsClues } from "../components/dates/clue-panel.tsx";
import { DateDetails } from "../components/dates/date-details.tsx";
import { DateHero } from "../components/dates/date-hero.tsx";
import { completedAhead, msUntilReveal } from "../components/dates/date-time.ts";
import { DateDetailSkeleton, DateNotFound } from "../components/dates/detail-states.tsx";
import { CouldntGo, NoShowCard } from "../components/dates/no-show-card.tsx";
import { QuickActions } from "../components/dates/quick-actions.tsx";
import { RatingCard } from "../components/dates/rating-card.tsx";
import { EmergencySupport, PreparationTips } from "../components/dates/support-cards.tsx";
import { useNow } from "../components/dates/use-now.ts";
import { LoadErrorCard } from "../components/load-error-card.tsx";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { invalidate, queryOf } from "../lib/api.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { errorStatus, queryClient } from "../lib/queryClient.ts";

/** How often a date in its final touches is asked for again. */
const FINAL_TOUCHES_POLL_MS = 60_000;

/** Ids the server accepts; anything else cannot be a date, so it is not asked for. */
const ID_PATTERN = /^[1-9]\d{0,8}$/;

function scrollToRating() {
  const card = document.getElementById("rate");
  if (!card) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  card.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  card.querySelector<HTMLElement>("input[type=radio]:checked, input[type=radio], button")?.focus({
    preventScroll: true,
  });
}

/** /dates/{id}: one date, its countdown to the reveal, what it is once revealed, and what can be done. */
export default function DateDetailPage() {
  const { id } = useParams<{ id: string }>();
  const valid = ID_PATTERN.test(id);
  const query = useQuery({
    ...queryOf(datesApi.get, { params: { id } }),
    enabled: valid,
    // Final touches: the plan appears as soon as it is ready, without a reload.
    refetchInterval: (q) => (q.state.data?.finalTouches ? FINAL_TOUCHES_POLL_MS : false),
  });
  const now = useNow();
  const date = query.data;
  useDocumentTitle(date?.revealed && date.venue ? date.venue.name : "Your mystery date");

  // The reveal arriving while the page is open: fetch the details the server now sends.
  const revealDue = Boolean(date && !date.revealed && !date.isPast && msUntilReveal(date, now) === 0);
  // Likewise a clue unlocking: the server sends it only from its time.
  const clueDue = Boolean(date?.nextClueAt && new Date(date.nextClueAt).getTime() <= now);
  useEffect(() => {
    if (revealDue || clueDue) void invalidate(queryClient, datesApi.get, { id });
  }, [revealDue, clueDue, id]);

  const status = errorStatus(query.error);
  if (!valid || status === 404 || status === 400) return <DateNotFound />;
  // A lost session: the app-wide handler says so and goes to sign in.
  if (status === 401) return <FullPageSpinner label="Taking you to sign in" />;
  if (query.isPending) return <DateDetailSkeleton />;
  if (!date)
    return (
      <div className="mx-auto w-full max-w-xl flex-1 px-4 py-16 sm:px-6">
        <LoadErrorCard
          title="We couldn't load this date"
          error={query.error}
          onRetry={() => void query.refetch()}
          heading="h1"
        />
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10 sm:pb-24">
      <Link
        href="/dashboard"
        className="mb-5 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Dashboard
      </Link>
      <DateHero date={date} now={now} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-6 lg:col-start-1">
          <DateDetails date={date} />
          {showsClues(date) && <CluePanel date={date} now={now} />}
        </div>
        {/* After a no-show nothing is rated (decision 0073): the page says the date didn't happen. */}
        {date.status === "no_show" ? (
          <div className="lg:col-start-1">
            <NoShowCard date={date} />
          </div>
        ) : (
          date.isPast &&
          date.status !== "cancelled" &&
          !completedAhead(date, now) && (
            <div id="rate" className="grid gap-3 lg:col-start-1">
              <RatingCard date={date} />
              <CouldntGo date={date} />
            </div>
          )
        )}
        {/* A cancelled date has nothing to confirm, hold in a calendar, find or prepare for. */}
        {date.status !== "cancelled" && (
          <>
            <aside
              aria-label="Actions and help"
              className="grid gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1"
            >
              <QuickActions date={date} onRate={scrollToRating} />
              <EmergencySupport date={date} />
            </aside>
            <div className="lg:col-start-1">
              <PreparationTips date={date} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
