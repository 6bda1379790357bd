import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { vapidKeys } from "./scripts/dev-vars.mjs";
import { previewOutdir, previewWorker } from "./scripts/preview-worker.ts";

/**
 * Queue consumers as in wrangler.toml, but without the 5-second batching wait, so retries follow at once in tests,
 * and with batches of up to 100: the local runtime has one batch in flight at a time where Cloudflare runs many
 * consumers at once, so with batches of 10 the emails a file waits for queue behind every other file's.
 */
const quickConsumer = { maxBatchSize: 100, maxBatchTimeout: 0.05 };

/**
 * The link-preview renderer, built once per run: the integration asks for a runtime's options each time it starts
 * one (a runtime per vitest worker, and one per file in worker-alone), and each build is a wrangler process.
 */
let preview: ReturnType<typeof previewWorker> | undefined;

/**
 * Every fetch the Worker makes leaves through here: the local receivers (127.0.0.1) are reached, any other host gets
 * an immediate 502. Tests subscribe real-looking targets (discord.com, example.org) whose deliveries are then tried;
 * without this, each try waits on the machine's DNS, which on some machines takes seconds to fail, and the local
 * queue, one batch at a time, holds every other file's deliveries behind it.
 */
const OUTBOUND = {
  name: "outbound",
  modules: true,
  script: `export default {
    fetch(request) {
      const host = new URL(request.url).hostname;
      if (host === "127.0.0.1" || host === "localhost") return fetch(request);
      return new Response("no network in tests", { status: 502 });
    },
  };`,
};

/**
 * The Worker's tests' runtime (Miniflare, through the Cloudflare vitest integration): wrangler.toml's bindings and
 * what the tests add. A new one per project that uses it.
 */
function workerRuntime() {
  return cloudflareTest(async () => ({
    wrangler: { configPath: "./wrangler.toml" },
    miniflare: {
      bindings: {
        // Read by test/server/apply-migrations.ts, which applies them to the test D1.
        TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        // The log shards' own migrations, applied to each of LOG_SHARDS.
        TEST_LOG_MIGRATIONS: await readD1Migrations("./migrations-log"),
        // Three log shards (one in wrangler.toml, two more below), so that games spread over several.
        LOG_SHARDS: "LOG_1,LOG_2,LOG_3",
        // Notifications go to the local receivers of test/server/notify/receivers.ts.
        PUBLIC_URL: "https://burraco.test",
        NOTIFY_ALLOW_LOCAL_HTTP: "1",
        DNS_RESOLVER_URL: "",
        // The retry schedule (three days) shrunk to about three seconds.
        DELIVERY_DELAY_SCALE: "0.00001",
        ...Object.fromEntries(
          Object.entries(await vapidKeys()).map(([k, v]) => [k === "publicKey" ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY", v]),
        ),
      },
      d1Databases: { LOG_2: "burraco-log-2", LOG_3: "burraco-log-3" },
      // The link-preview renderer, a Worker of its own behind the PREVIEW service binding (built as deployed).
      workers: [await (preview ??= previewWorker(previewOutdir())), OUTBOUND],
      outboundService: OUTBOUND.name,
      queueConsumers: {
        "burraco-deliveries": { ...quickConsumer, maxRetries: 20, deadLetterQueue: "burraco-deliveries-dlq" },
        "burraco-deliveries-dlq": quickConsumer,
      },
    },
  }));
}

/**
 * The Worker's test files that run alone in their runtime: those that read or sweep every row of a kind (the crons:
 * lost deliveries, the archive's batch), and the text fuzz, whose hundred-odd confirmation emails would otherwise
 * queue ahead of the emails other files wait for (a runtime has one delivery queue).
 */
const ALONE = [
  "test/server/notify/requeue.test.ts",
  "test/server/notify/shards.test.ts",
  "test/server/archive.test.ts",
  "test/server/text-fuzz.test.ts",
];

/** What both Worker projects run with. */
const workerTest = {
  // A guard against a hang, not a measure of speed: tests wait on signals (a row, a message, an event), and whole
  // games played over HTTP take seconds each on a quiet machine, several times that on a loaded one. Waits inside a
  // test give up sooner (test/server/notify/helpers.ts, HANG_GUARD) so that the failure says what was awaited.
  testTimeout: 120_000,
  // `expect.poll` too: its own default (1 s) would time the machine.
  expect: { poll: { timeout: 100_000, interval: 100 } },
  setupFiles: ["./test/server/apply-migrations.ts"],
  globalSetup: ["./test/server/notify/receivers.ts"],
};

/**
 * The order files start in. Vitest runs the projects one after another in the order of their names, each one's
 * longest files first: the computer players' CPU-bound files then held both cores while the browser's long files
 * waited, and the Worker's runtimes were all started at once near the end, the cores idle meanwhile. Here the
 * browser's files start first (the longest, and mostly waiting on the browser and the service), the Worker's next (its
 * runtimes start while other files still run), then the end-to-end and the players', and the short files fill the end.
 */
const PROJECT_ORDER = ["browser", "worker-alone", "worker", "e2e", "bots", "engine", "web"];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    // Within a project the base order stays (the longest first, by the last run's times); the sort is stable.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Three files at a time on a 2-core machine: the browser's and the end-to-end files spend much of their time
    // waiting (on pages, the service, its queue), and with two at a time the cores were idle half the run.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "engine",
          environment: "node",
          // Pure code with no globals to leak between files: one module graph per worker, not per file.
          isolate: false,
          // Property tests do a fixed amount of work; a loaded machine must not fail them on time.
          testTimeout: 120_000,
          include: ["test/engine/**/*.test.ts", "test/clock/**/*.test.ts", "test/tournament/**/*.test.ts"],
        },
      },
      {
        // The computer players (src/bots), played through the engine as the room plays them.
        test: {
          name: "bots",
          environment: "node",
          isolate: false,
          include: ["test/bots/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        // The web client's pure parts (catalogs, the replay's positions), in Node.
        test: {
          name: "web",
          environment: "node",
          isolate: false,
          include: ["test/web/**/*.test.ts", "test/shared/**/*.test.ts"],
        },
      },
      {
        // Starts the real service (wrangler dev) as a separate process: slow, so few tests.
        test: {
          name: "e2e",
          environment: "node",
          // Each file starts its own service and keeps its state in its own module: one Node process for all of them.
          isolate: false,
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web client in Debian's Chromium (/usr/bin/chromium) against wrangler dev: both started once, for every file.
        test: {
          name: "browser",
          environment: "node",
          // Files keep their state in their own modules (helpers.ts's chromiumForFile): the Node process and its
          // playwright-core are loaded once per vitest worker, not once per file.
          isolate: false,
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["./test/browser/service.ts"],
          // A test takes 5-20 s on a quiet machine and three times that on a busy one, which must not fail it on time:
          // its waits are on what the page shows, each bounded only against a hang (helpers.ts, HANG_GUARD), and so
          // is `expect.poll`, whose own default (1 s) would time the machine.
          testTimeout: 180_000,
          expect: { poll: { timeout: 90_000, interval: 100 } },
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [workerRuntime()],
        test: {
          ...workerTest,
          name: "worker",
          // One runtime (Miniflare) per vitest worker for all its files, not one per file: starting one costs about
          // two seconds of CPU, and there are ~50 files. Files share its storage, so each makes its own games, players
          // and subscriptions (fresh ids), never counts rows it did not make, and calls from a client address of its
          // own (fileAddress in test/server/helpers.ts) so that limits per address are its own; apply-migrations.ts is
          // idempotent. Files that sweep a whole table, or flood the queue, are in worker-alone.
          isolate: false,
          include: ["test/server/**/*.test.ts"],
          exclude: ALONE,
        },
      },
      {
        plugins: [workerRuntime()],
        test: { ...workerTest, name: "worker-alone", include: ALONE },
      },
    ],
  },
});
