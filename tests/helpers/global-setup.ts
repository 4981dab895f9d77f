import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./test-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}

/** One PostgreSQL for the run (see test-postgres.ts); src/server/db/embedded.ts keeps Vitest's exit code. */
export default async function setup(project: TestProject) {
  const { baseUrl, stop } = await startTestPostgres();
  project.provide("pgBaseUrl", baseUrl);
  return stop;
}
