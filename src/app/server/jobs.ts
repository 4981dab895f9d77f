/**
 * Every scheduled job, in the order runDueJobs runs them. pg-boss (boss.ts) runs each on its own cron.
 */

import { giftsJob } from "../../features/gifts/server/jobs.ts";
import { paymentRecoveryJob } from "../../features/payments/server/recovery.ts";
import { finishStaleCompletions } from "../../features/payments/server/stale-completions.ts";
import { advanceSubscriptions } from "../../features/subscriptions/server/cycles.ts";
import type { Deps } from "../../server/deps.ts";
import { describeError } from "../../server/error-text.ts";
import { billingJobs } from "../../server/jobs/billing/index.ts";
import { purgeJobRuns, runRecorded } from "../../server/jobs/boss.ts";
import { sendCluesJob } from "../../server/jobs/clues.ts";
import { dateJobs } from "../../server/jobs/dates.ts";
import { retryMailJob } from "../../server/jobs/outbound.ts";
import { planOffersJob } from "../../server/jobs/plan-offers.ts";
import { datePushJob } from "../../server/jobs/pushes.ts";
import { retentionJob } from "../../server/jobs/retention.ts";
import type { JobDefinition } from "../../server/jobs/types.ts";
import { purgeRateLimits } from "../../server/modules/auth/rate-limit.ts";
import { purgeExpiredSessions } from "../../server/modules/auth/sessions.ts";
import { recheckStaleDates } from "../../server/modules/rulebook/recheck.ts";
import { venueBookingsJob } from "../../server/modules/venue-bookings/requests.ts";

/**
 * Every five minutes: checkouts whose completion stopped after the provider made the subscription are finished
 * (or set aside) by the sweep in payments/checkout.ts.
 */
export const finishCompletionsJob: JobDefinition = {
  name: "finish-completions",
  cron: "*/5 * * * *",
  run: finishStaleCompletions,
};

/** Billing cycles roll on: booked pauses start and end, tier changes take over (cycles.ts). */
export const advanceSubscriptionsJob: JobDefinition = {
  name: "advance-subscriptions",
  cron: "*/10 * * * *",
  run: advanceSubscriptions,
};

/**
 * Hourly: expired and idle sessions, old job runs, runs left "running" by a stopped worker, and ended
 * rate-limit windows. The daily data-retention job (retention.ts) does the rest of the retention rules.
 */
export const purgeSessionsJob: JobDefinition = {
  name: "purge-sessions",
  cron: "7 * * * *",
  run: async (deps) =>
    (await purgeExpiredSessions(deps.db, deps.now(), deps.config.sessionIdle)) +
    (await purgeJobRuns(deps)) +
    (await purgeRateLimits(deps.db, deps.now())),
};

/**
 * Every quarter hour: dates ahead not asked of the rulebook for a day are asked again (rulebook/recheck.ts), so
 * a re-check a stopped process never ran, or a rule that turned with time, is flagged within the hour.
 */
export const recheckDatesJob: JobDefinition = {
  name: "recheck-dates",
  cron: "*/15 * * * *",
  run: (deps) => recheckStaleDates(deps),
};

export const allJobs: JobDefinition[] = [
  finishCompletionsJob,
  advanceSubscriptionsJob,
  // Before the date sweeps: a plan that ends after its last retry has its dates cancelled and told in this tick.
  paymentRecoveryJob,
  giftsJob,
  ...billingJobs,
  // Before the date sweeps: a venue's answer is in before a reveal is due, and a cancellation is told.
  venueBookingsJob,
  ...dateJobs,
  sendCluesJob,
  // After the reveals: a date revealed in this tick is pushed in it too.
  datePushJob,
  planOffersJob,
  recheckDatesJob,
  retryMailJob,
  purgeSessionsJob,
  retentionJob,
];

/**
 * Runs every job's sweep once, in order, each recorded in job_runs (tests, the CLI). A failing job does not
 * stop the others; answers what each processed (or its error).
 */
export async function runDueJobs(
  deps: Deps,
  jobs: JobDefinition[] = allJobs,
): Promise<Record<string, number | { error: string }>> {
  const out: Record<string, number | { error: string }> = {};
  for (const job of jobs) {
    try {
      out[job.name] = await runRecorded(deps, job);
    } catch (e) {
      out[job.name] = { error: describeError(e) };
    }
  }
  return out;
}
