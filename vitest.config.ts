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
