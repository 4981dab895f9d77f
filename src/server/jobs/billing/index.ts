/** The monthly and billing jobs: quotas, offer ends, renewal reminders and e-mail campaigns. */
import type { JobDefinition } from "../types.ts";
import { emailCampaignsJob } from "./campaigns.ts";
import { offerCyclesJob } from "./offers.ts";
import { monthlyQuotasJob } from "./quotas.ts";
import { renewalRemindersJob } from "./renewals.ts";

export const billingJobs: JobDefinition[] = [
  monthlyQuotasJob,
  offerCyclesJob,
  renewalRemindersJob,
  emailCampaignsJob,
];
