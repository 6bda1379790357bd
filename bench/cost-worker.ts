/**
 * The service as the cost benchmark runs it: the real Worker and GameRoom,
 * with every binding that costs money counted on its way through — Worker
 * invocations (requests, queue batches), Durable Object requests (RPC calls,
 * fetches, alarms, WebSocket messages), D1 rows read and written (from each
 * result's meta), the room's own SQLite rows written and bytes stored, and
 * queue messages sent — plus /api/bench routes to make subscriptions and to
 * read the counters. Bench only: never deployed.
 */
import { hashToken } from "../src/server/auth";
import { deliveryDatabases } from "../src/server/db/deliveries";
import { shardNames } from "../src/server/db/shards";
import type { Delivery, Env } from "../src/server/env";
import service, { GameRoom as Room } from "../src/server/index";

// Bound in wrangler.toml like the game room, though this benchmark makes no tournament.
export { TournamentRoom } from "../src/server/index";

import {
  confirmEmail,
  createSubscription,
  handleDeadDeliveries,
  handleDeliveries,
  NOTIFY_EVENTS,
  notifyConfig,
} from "../src/server/notify/index";

const zero = () => ({
  workerRequests: 0,
  queueBatches: 0,
  doRequests: 0,
  doAlarms: 0,
  doWsMessages: 0,
  d1Queries: 0,
  /** Of which to the main database (the rest to the log shards). */
  d1QueriesMain: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  /** Of which in the main database (the rest in the log shards). */
  d1RowsWrittenMain: 0,
  /** Of which by the notifications' delivery bookkeeping (statements on notification_deliveries and notification_attempts). */
  d1RowsWrittenDeliveries: 0,
  doRowsWritten: 0,
  queueMessages: 0,
  /** Deliveries the queue messages carry (a message carries a notification's every delivery: notify/store.ts). */
  queuedDeliveries: 0,
  /** Milliseconds the rooms were active (some invocation of theirs in progress), as their own clocks tell it: I/O waits. */
  doActiveMs: 0,
  /** Calls the rooms made to D1 and the queue and waited for (each a network round trip on Cloudflare). */
  roomCalls: 0,
});
let counts = zero();
/** The rooms' SQL cursors, whose rows written are summed when the counters are read (a write's count is known once it ran). */
let cursors: { rowsWritten: number }[] = [];

/** Each D1 database's size after its latest query (D1 reports it in every result's meta). */
const sizes = new Map<string, number>();

type Meta = { rows_read?: number; rows_written?: number; size_after?: number } | undefined;
const BOOKKEEPING = /notification_(deliveries|attempts)/;
const tally = (meta: Meta, name = "", sql = "") => {
  counts.d1Queries++;
  if (BOOKKEEPING.test(sql)) counts.d1RowsWrittenDeliveries += meta?.rows_written ?? 0;
  if (name === "DB") counts.d1QueriesMain++;
  if (meta?.size_after) sizes.set(name, meta.size_after);
  counts.d1RowsRead += meta?.rows_read ?? 0;
  counts.d1RowsWritten += meta?.rows_written ?? 0;
  if (name === "DB") counts.d1RowsWrittenMain += meta?.rows_written ?? 0;
};

/** A D1 binding that counts rows read and written (drizzle's `raw()` returns no meta: its rows returned are counted as read). */
function countedD1(d1: D1Database, name: string, room: boolean): D1Database {
  const call = () => {
    if (room) counts.roomCalls++;
  };
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        if (key === "__target") return target;
        if (key === "__sql") return sql;
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values), sql);
        if (key === "run" || key === "all")
          return async () => {
            call();
            const r = await target[key]();
            tally(r.meta as Meta, name, sql);
            return r;
          };
        if (key === "first")
          return async (column?: string) => {
            call();
            const r = await target.all();
            tally(r.meta as Meta, name, sql);
            const row = r.results[0] as Record<string, unknown> | undefined;
            return row === undefined ? null : column === undefined ? row : row[column];
          };
        if (key === "raw")
          return async (options?: { columnNames?: boolean }) => {
            call();
            const rows = (await target.raw(options as { columnNames: true })) as unknown[];
            tally({ rows_read: rows.length - (options?.columnNames ? 1 : 0) }, name, sql);
            return rows;
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (key === "batch")
        return async (statements: D1PreparedStatement[]) => {
          call();
          // D1 takes its own statements only: the proxies' targets.
          const results = await target.batch(statements.map((s) => (s as unknown as { __target?: D1PreparedStatement }).__target ?? s));
          for (const [i, r] of results.entries()) tally(r.meta as Meta, name, (statements[i] as unknown as { __sql?: string }).__sql ?? "");
          return results;
        };
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The bindings counted on their way through (`room`: a room's own, whose calls it waits for count as its round trips). */
function countedEnv(env: Env, room = false): Env {
  const counted: Record<string, unknown> = { ...env, DB: countedD1(env.DB, "DB", room) };
  for (const name of shardNames(env)) counted[name] = countedD1((env as unknown as Record<string, D1Database>)[name]!, name, room);
  const queue = env.DELIVERIES;
  counted.DELIVERIES = {
    send: (m: Delivery, o?: QueueSendOptions) => {
      if (room) counts.roomCalls++;
      counts.queueMessages++;
      counts.queuedDeliveries += 1 + (m.more?.length ?? 0);
      return queue.send(m, o);
    },
    sendBatch: (ms: Iterable<MessageSendRequest<Delivery>>, o?: QueueSendBatchOptions) => {
      if (room) counts.roomCalls++;
      const list = [...ms];
      counts.queueMessages += list.length;
      for (const m of list) counts.queuedDeliveries += 1 + (m.body.more?.length ?? 0);
      return queue.sendBatch(list, o);
    },
  };
  const rooms = env.GAME_ROOM;
  counted.GAME_ROOM = new Proxy(rooms, {
    get(target, key) {
      if (key === "get")
        return (id: DurableObjectId) =>
          new Proxy(target.get(id), {
            get(stub, method) {
              const value = Reflect.get(stub, method);
              if (typeof value !== "function") return value;
              return (...args: unknown[]) => {
                counts.doRequests++;
                return Reflect.apply(value as (...a: unknown[]) => unknown, stub, args);
              };
            },
          });
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return counted as unknown as Env;
}

/** The GameRoom with its SQLite writes and its own invocations counted. */
export class GameRoom extends Room {
  constructor(ctx: DurableObjectState, env: Env) {
    const sql = ctx.storage.sql;
    const exec = sql.exec.bind(sql);
    Object.defineProperty(sql, "exec", {
      value: (query: string, ...bindings: unknown[]) => {
        const cursor = exec(query, ...bindings);
        if (!/^\s*(SELECT|PRAGMA)/i.test(query)) cursors.push(cursor);
        return cursor;
      },
    });
    super(ctx, countedEnv(env, true));
  }

  override async alarm(): Promise<void> {
    counts.doAlarms++;
    return super.alarm();
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    counts.doWsMessages++;
    return super.webSocketMessage(ws, data);
  }

  /** Invocations of this room in progress, and since when the room has been active (`counts.doActiveMs`). */
  benchActive = 0;
  benchSince = 0;

  /** The bytes this room's SQLite holds. */
  async benchSize(): Promise<number> {
    return this.ctx.storage.sql.databaseSize;
  }
}

/**
 * Player subscriptions for each player key given: on every channel for every
 * event (the worst case), or as `channels` says per player for `events`
 * (the realistic kinds: "your turn" by push, or by push and email).
 */
async function subscribe(
  env: Env,
  body: {
    keys: string[];
    webhook: string;
    push: { endpoint: string; keys: { p256dh: string; auth: string } };
    events?: string[];
    channels?: ("email" | "webhook" | "push")[][];
  },
) {
  const policy = notifyConfig(env).urlPolicy;
  for (const [i, key] of body.keys.entries()) {
    const common = {
      ownerHash: hashToken(key),
      gameId: null,
      scope: "player" as const,
      events: (body.events ?? [...NOTIFY_EVENTS]) as (typeof NOTIFY_EVENTS)[number][],
      language: "it" as const,
    };
    const channels = body.channels?.[i] ?? ["email", "webhook", "push"];
    if (channels.includes("email")) {
      const email = await createSubscription(env.DB, { ...common, channel: "email", target: `cost-${i}@example.org` }, policy, Date.now());
      if ("refused" in email) throw new Error(email.refused);
      await confirmEmail(env.DB, email.confirmToken!, Date.now());
    }
    const made = [];
    if (channels.includes("webhook"))
      made.push(await createSubscription(env.DB, { ...common, channel: "webhook", target: `${body.webhook}/${i}` }, policy, Date.now()));
    if (channels.includes("push"))
      made.push(
        await createSubscription(
          env.DB,
          { ...common, channel: "push", target: body.push.endpoint, push: body.push.keys },
          policy,
          Date.now(),
        ),
      );
    for (const m of made) if ("refused" in m) throw new Error(m.refused);
  }
  return {};
}

/**
 * Every method of the room counted in its active time: the first to start
 * starts it, the last to end adds it up (nested calls and invocations at
 * once are one stretch of activity, as Durable Object duration bills them).
 * The room's clock moves only across I/O, as Workers' clocks do: this is the
 * time its invocations spent waiting, their CPU aside (cost.ts adds it).
 */
for (const name of Object.getOwnPropertyNames(Room.prototype)) {
  if (name === "constructor") continue;
  const own = Object.getOwnPropertyDescriptor(GameRoom.prototype, name)?.value as ((...a: unknown[]) => unknown) | undefined;
  const original = own ?? (Object.getOwnPropertyDescriptor(Room.prototype, name)?.value as ((...a: unknown[]) => unknown) | undefined);
  if (typeof original !== "function") continue;
  Object.defineProperty(GameRoom.prototype, name, {
    configurable: true,
    writable: true,
    value(this: GameRoom, ...args: unknown[]) {
      if (this.benchActive++ === 0) this.benchSince = Date.now();
      const done = () => {
        if (--this.benchActive === 0) counts.doActiveMs += Date.now() - this.benchSince;
      };
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (error) {
        done();
        throw error;
      }
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    },
  });
}

async function read(env: Env, ids: string[]) {
  const doRowsWritten = cursors.reduce((n, c) => n + c.rowsWritten, 0);
  const doBytes = (
    await Promise.all(ids.map((id) => (env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)) as unknown as GameRoom).benchSize()))
  ).reduce((a, b) => a + b, 0);
  // In the main database and every log shard (a game's deliveries are in its shard: notify/store.ts).
  const byState = new Map<string, number>();
  for (const d1 of deliveryDatabases(env)) {
    const found = await d1
      .prepare("SELECT state, COUNT(*) AS n FROM notification_deliveries GROUP BY state")
      .all<{ state: string; n: number }>();
    for (const r of found.results) byState.set(r.state, (byState.get(r.state) ?? 0) + r.n);
  }
  const d1Bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  const answer = {
    ...counts,
    doRowsWritten,
    doBytes,
    d1Bytes,
    deliveries: Object.fromEntries(byState),
  };
  counts = zero();
  cursors = [];
  return answer;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api/bench/subscribe") return Response.json(await subscribe(env, await request.json()));
    if (url.pathname === "/api/bench/counters") return Response.json(await read(env, (await request.json()) as string[]));
    counts.workerRequests++;
    return service.fetch(request, countedEnv(env), ctx);
  },
  async queue(batch: MessageBatch<Delivery>, env: Env): Promise<void> {
    counts.workerRequests++;
    counts.queueBatches++;
    if (batch.queue.endsWith("-dlq")) await handleDeadDeliveries(batch, countedEnv(env));
    else await handleDeliveries(batch, countedEnv(env));
  },
} satisfies ExportedHandler<Env, Delivery>;
