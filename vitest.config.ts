import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/api/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      // A feature's own tests beside its code (src/features/<name>/tests).
      "src/features/*/tests/**/*.test.ts",
    ],
    // `npm test` runs the two-instance file beside its first stages instead (scripts/test.ts says why).
    exclude:
      process.env.UNVEIL_INSTANCES_APART === "1"
        ? [...configDefaults.exclude, "tests/reliability/instances.test.ts"]
        : configDefaults.exclude,
    globalSetup: ["tests/helpers/global-setup.ts"],
    pool: "forks",
    // Files share their worker's module cache instead of importing the app afresh for each of the 74 files:
    // 127 s instead of about 285 s for the server suites. Every file still gets its own database and app
    // (createTestApp); no test mocks modules or changes process.env.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
