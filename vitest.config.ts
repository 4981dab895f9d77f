import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/api/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
    ],
    globalSetup: ["tests/helpers/global-setup.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
