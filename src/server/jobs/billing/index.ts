/**
 * Stub created by the jobs-runner helper so the registry (../jobs.ts) compiles; the billing-jobs helper owns
 * this folder and replaces it (monthly quotas, offer revert, renewal reminders, campaigns).
 */
import type { JobDefinition } from "../types.ts";

export const billingJobs: JobDefinition[] = [];
