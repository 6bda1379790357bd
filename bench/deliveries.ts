/**
 * Delivery load check: 1,000 turn events, each to one player subscribed on
 * three channels (email, a signed webhook, Web Push), with 20 % of the
 * receivers' answers failing at random (webhook receiver and push service
 * answer 500, the mail server throws). Every delivery must arrive exactly
 * once; the delay from event to delivery is printed (p50, p99).
 *
 * Retry delays are shrunk for the benchmark: DELIVERY_DELAY_SCALE = 0.0001
 * turns the schedule (5 s … 24 h) into 0.5 ms … 8.6 s, and since a Queue
 * delay is counted in whole seconds each retry waits at least 1 s. The
 * queue consumer batches 10 messages and waits at most 1 s for a batch
 * (wrangler.toml: 5 s). Everything runs on this machine: the service in
 * the Workers runtime, receivers on 127.0.0.1.
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { Webhook } from "standardwebhooks";
import { vapidKeys } from "../scripts/dev-vars.mjs";
import { startRuntime } from "../scripts/local-runtime";

const require = createRequire(import.meta.url);

export interface DeliveriesOptions {
  readonly events?: number;
  readonly players?: number;
  readonly failRate?: number;
  readonly seconds?: number;
}

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

function printTable(title: string, rows: readonly string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n${title}\n`);
  for (const r of rows) console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  console.log("");
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function deliveriesBench(options: DeliveriesOptions = {}): Promise<boolean> {
  const events = options.events ?? 1000;
  const players = options.players ?? 50;
  const failRate = options.failRate ?? 0.2;
  const started = Date.now();
  const secrets = new Map<string, string>();
  const hookArrivals = new Map<string, number>();
  let hookFailures = 0;
  let badSignatures = 0;
  const hooks = createServer(async (req, res) => {
    const text = (await body(req)).toString("utf8");
    if (Math.random() < failRate) {
      hookFailures++;
      res.writeHead(500).end();
      return;
    }
    const player = req.url!.split("/").pop()!;
    try {
      new Webhook(secrets.get(player)!).verify(text, req.headers as Record<string, string>);
    } catch {
      badSignatures++;
    }
    const id = String(req.headers["webhook-id"]);
    hookArrivals.set(id, (hookArrivals.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
  const hookPort = await listen(hooks);

  // The local push service (it decrypts every push), behind a proxy that fails at random.
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const PushServer = require("web-push-testing/src/server.js");
  const probe = createServer();
  const pushPort = await listen(probe);
  await new Promise((r) => probe.close(r));
  const pushService = new PushServer(new PushApiModel(), pushPort);
  const log = console.log;
  console.log = () => {};
  pushService.startServer();
  await new Promise((r) => setTimeout(r, 300));
  console.log = log;
  const pushArrivals = new Map<string, number>();
  let pushFailures = 0;
  const proxy = createServer(async (req, res) => {
    const payload = await body(req);
    if (Math.random() < failRate) {
      pushFailures++;
      res.writeHead(500).end();
      return;
    }
    const upstream = await fetch(`http://localhost:${pushPort}${req.url}`, {
      method: "POST",
      headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<
        string,
        string
      >,
      body: new Uint8Array(payload),
    });
    if (upstream.status === 201) {
      const topic = String(req.headers.topic);
      pushArrivals.set(topic, (pushArrivals.get(topic) ?? 0) + 1);
    }
    res.writeHead(upstream.status).end(await upstream.text());
  });
  const proxyPort = await listen(proxy);

  const vapid = await vapidKeys();
  const browsers = [];
  for (let i = 0; i < players; i++) {
    const r = await fetch(`http://localhost:${pushPort}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: vapid.publicKey }),
    });
    if (!r.ok) throw new Error(`push service: ${r.status} ${await r.text()}`);
    const { data } = (await r.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string } } };
    browsers.push({ endpoint: data.endpoint.replace(`localhost:${pushPort}`, `localhost:${proxyPort}`), keys: data.keys });
  }

  const service = await startRuntime({
    entry: "bench/deliveries-worker.ts",
    overrides: {
      bindings: {
        PUBLIC_URL: "https://burraco.test",
        NOTIFY_ALLOW_LOCAL_HTTP: "1",
        DNS_RESOLVER_URL: "",
        DELIVERY_DELAY_SCALE: "0.0001",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        BENCH_FAIL_RATE: String(failRate),
      },
      queueConsumers: {
        "burraco-deliveries": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 20, deadLetterQueue: "burraco-deliveries-dlq" },
        "burraco-deliveries-dlq": { maxBatchSize: 10, maxBatchTimeout: 1 },
      },
    },
  });
  try {
    const setup = await fetch(`${service.url}/api/bench/setup`, {
      method: "POST",
      body: JSON.stringify({ owners: players, webhook: `http://localhost:${hookPort}/hooks`, push: browsers }),
    });
    if (!setup.ok) throw new Error(`bench setup: ${setup.status} ${await setup.text()}`);
    const made = (await setup.json()) as { owners: string[]; secrets: string[] };
    for (const [i, secret] of made.secrets.entries()) secrets.set(String(i), secret);
    const notifications = Array.from({ length: events }, (_, i) => ({
      type: "turn",
      gameId: `bench-game-${String(i).padStart(4, "0")}`,
      seq: 10,
      at: 0,
      names: ["Anna", "Bruno"],
      players: [made.owners[i % players], null],
      seat: 0,
      lastMove: { seat: 1, drew: { from: "stock" }, melded: [], attached: [], tookPozzetto: false, discarded: "7D" },
      deadline: null,
    }));
    const fanOutStart = performance.now();
    for (let i = 0; i < events; i += 50) {
      await fetch(`${service.url}/api/bench/fanout`, { method: "POST", body: JSON.stringify(notifications.slice(i, i + 50)) });
    }
    const fanOutMs = performance.now() - fanOutStart;
    type Row = { key: string; state: string; attempts: number; created_at: number; sent_at: number | null; channel: string };
    let rows: Row[] = [];
    const deadline = Date.now() + (options.seconds ?? 240) * 1000;
    while (Date.now() < deadline) {
      rows = (await (await fetch(`${service.url}/api/bench/deliveries`)).json()) as Row[];
      if (rows.length === events * 3 && rows.every((r) => r.state === "sent" || r.state === "dead")) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const allMs = performance.now() - fanOutStart;
    await new Promise((r) => setTimeout(r, 1000));

    // Emails: the .eml files this runtime wrote, one per (address, game).
    const mails = new Map<string, number>();
    for (const dir of (await readdir(tmpdir())).filter((d) => d.startsWith("miniflare-"))) {
      const folder = join(tmpdir(), dir, "email", "email");
      for (const file of await readdir(folder).catch(() => [] as string[])) {
        const mail = await PostalMime.parse(await readFile(join(folder, file)));
        const game = /\/game\/(bench-game-\d+)/.exec(mail.text ?? "")?.[1];
        if (!game || (mail.date && Date.parse(mail.date) < started - 60_000)) continue;
        const key = `${mail.to?.[0]?.address}/${game}`;
        mails.set(key, (mails.get(key) ?? 0) + 1);
      }
    }
    const sent = rows.filter((r) => r.state === "sent");
    const delays = (channel?: string) =>
      sent
        .filter((r) => !channel || r.channel === channel)
        .map((r) => r.sent_at! - r.created_at)
        .sort((a, b) => a - b);
    const retried = rows.filter((r) => r.attempts > 1).length;
    const maxAttempts = Math.max(...rows.map((r) => r.attempts));
    const twice = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
    const line = (name: string, d: number[]) => [
      name,
      String(d.length),
      `${percentile(d, 50)} ms`,
      `${percentile(d, 99)} ms`,
      `${d.at(-1)} ms`,
    ];
    printTable(`Deliveries: ${events} turn events × 3 channels, ${failRate * 100} % of answers failing at random`, [
      ["channel", "delivered", "p50 delay", "p99 delay", "max"],
      line("email", delays("email")),
      line("webhook", delays("webhook")),
      line("push", delays("push")),
      line("all", delays()),
    ]);
    const checks: [string, boolean][] = [
      [
        `every delivery sent (${sent.length} of ${events * 3}; ${retried} needed retries, up to ${maxAttempts} attempts)`,
        sent.length === events * 3,
      ],
      [
        `webhooks arrived once each (${hookArrivals.size}, ${twice(hookArrivals)} twice; ${hookFailures} answers failed)`,
        hookArrivals.size === events && twice(hookArrivals) === 0,
      ],
      [`webhook signatures verified by standardwebhooks (${badSignatures} bad)`, badSignatures === 0],
      [
        `pushes decrypted once each (${pushArrivals.size}, ${twice(pushArrivals)} twice; ${pushFailures} answers failed)`,
        pushArrivals.size === events && twice(pushArrivals) === 0,
      ],
      [`emails written once each (${mails.size}, ${twice(mails)} twice)`, mails.size === events && twice(mails) === 0],
    ];
    console.log(
      `fan-out of ${events} events: ${(fanOutMs / 1000).toFixed(1)} s; all delivered ${(allMs / 1000).toFixed(1)} s after the first event\n`,
    );
    for (const [what, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    return checks.every(([, ok]) => ok);
  } finally {
    await service.stop();
    for (const server of [hooks, proxy, pushService._server as Server]) await new Promise((r) => server.close(r));
  }
}

if (process.argv[1]?.endsWith("deliveries.ts")) process.exitCode = (await deliveriesBench()) ? 0 : 1;
