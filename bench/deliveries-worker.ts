/**
 * The service as the deliveries benchmark runs it: the real Worker, plus a
 * few /api/bench routes to make subscriptions and fan out notifications (the
 * game room will do that itself), and a mail server that fails at random
 * (the local send_email binding never fails). Bench only: never deployed.
 */
import { hashToken } from "../src/server/auth";
import { deliveryDatabases } from "../src/server/db/deliveries";
import type { Delivery, Env } from "../src/server/env";
import service from "../src/server/index";
import { confirmEmail, createSubscription, fanOut, handleDeadDeliveries, handleDeliveries, notifyConfig } from "../src/server/notify/index";
import type { GameNotification } from "../src/server/notify/types";

export { GameRoom, TournamentRoom } from "../src/server/index";

type BenchEnv = Env & { BENCH_FAIL_RATE: string };

function flakyMail(env: BenchEnv): SendEmail {
  const rate = Number(env.BENCH_FAIL_RATE);
  return {
    send: (async (message: EmailMessage) => {
      if (Math.random() < rate) throw Object.assign(new Error("the mail server failed (at random)"), { code: "E_INTERNAL_SERVER_ERROR" });
      return env.EMAIL.send(message);
    }) as SendEmail["send"],
  };
}

async function setup(
  env: BenchEnv,
  body: { owners: number; webhook: string; push: { endpoint: string; keys: { p256dh: string; auth: string } }[] },
) {
  const policy = notifyConfig(env).urlPolicy;
  const owners: string[] = [];
  const secrets: string[] = [];
  for (let i = 0; i < body.owners; i++) {
    const owner = hashToken(`bench-player-${i}-${crypto.randomUUID()}`);
    owners.push(owner);
    const common = {
      ownerHash: owner,
      gameId: null,
      scope: "player" as const,
      events: ["turn" as const],
      language: i % 2 ? ("it" as const) : ("en" as const),
    };
    const email = await createSubscription(env.DB, { ...common, channel: "email", target: `bench-${i}@example.org` }, policy, Date.now());
    if ("refused" in email) throw new Error(email.refused);
    await confirmEmail(env.DB, email.confirmToken!, Date.now());
    const hook = await createSubscription(env.DB, { ...common, channel: "webhook", target: `${body.webhook}/${i}` }, policy, Date.now());
    const push = await createSubscription(
      env.DB,
      { ...common, channel: "push", target: body.push[i]!.endpoint, push: body.push[i]!.keys },
      policy,
      Date.now(),
    );
    for (const made of [hook, push]) if ("refused" in made) throw new Error(made.refused);
    if (!("refused" in hook)) secrets.push(hook.secret ?? "");
  }
  return { owners, secrets };
}

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api/bench/setup") return Response.json(await setup(env, await request.json()));
    if (url.pathname === "/api/bench/fanout") {
      const notifications = (await request.json()) as GameNotification[];
      let queued = 0;
      for (const n of notifications) queued += (await fanOut(env, { ...n, at: Date.now() })).queued;
      return Response.json({ queued });
    }
    if (url.pathname === "/api/bench/deliveries") {
      // Each delivery where it is kept (the main database or its game's log shard: notify/store.ts), sent when it was settled
      // sent (a success writes no attempt row; a delivery from before migration 0026 has its sent attempt's).
      const channels = new Map(
        (await env.DB.prepare("SELECT id, channel FROM notification_subscriptions").all<{ id: string; channel: string }>()).results.map(
          (s) => [s.id, s.channel],
        ),
      );
      const rows = [];
      for (const d1 of deliveryDatabases(env)) {
        const found = await d1
          .prepare(
            `SELECT d.key, d.state, d.attempts, d.created_at, d.subscription_id,
               CASE WHEN d.state = 'sent' THEN COALESCE(d.settled_at,
                 (SELECT MIN(a.at) FROM notification_attempts a WHERE a.delivery_key = d.key AND a.status = 'sent')) END AS sent_at
             FROM notification_deliveries d`,
          )
          .all<{ subscription_id: string }>();
        rows.push(...found.results.map(({ subscription_id, ...r }) => ({ ...r, channel: channels.get(subscription_id) ?? null })));
      }
      return Response.json(rows);
    }
    return service.fetch(request, env, ctx);
  },
  async queue(batch: MessageBatch<Delivery>, env: BenchEnv): Promise<void> {
    if (batch.queue.endsWith("-dlq")) await handleDeadDeliveries(batch, env);
    else await handleDeliveries(batch, env, { senders: { email: flakyMail(env) } });
  },
} satisfies ExportedHandler<BenchEnv, Delivery>;
