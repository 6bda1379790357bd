import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Use both cores: the default leaves one idle on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "engine",
          environment: "node",
          include: ["test/engine/**/*.test.ts"],
        },
      },
      {
        // The computer players (src/bots), played through the engine as the room plays them.
        test: {
          name: "bots",
          environment: "node",
          include: ["test/bots/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        // Starts the real service (wrangler dev) as a separate process: slow, so few tests.
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web client in Debian's Chromium (/usr/bin/chromium) against wrangler dev, started once.
        test: {
          name: "browser",
          environment: "node",
          include: ["test/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // Read by test/server/apply-migrations.ts, which applies them to the test D1.
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["test/server/**/*.test.ts"],
          setupFiles: ["./test/server/apply-migrations.ts"],
        },
      },
    ],
  },
});
