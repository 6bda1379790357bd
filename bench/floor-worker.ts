/**
 * The service as the floor benchmark's split runs it (bench/floor.ts): the
 * real Worker and GameRoom, plus what the split needs to measure a part's
 * CPU in the same runtime. Bench only: never deployed.
 *
 * - `FLOOR_NO_DRAIN=1`: the room acknowledges its log without copying it
 *   to D1 (the run without the drain, whose difference is the drain's cost:
 *   the alarm, the statements, the D1 binding's client in the isolate, and
 *   the local D1 itself, which on Cloudflare runs elsewhere).
 * - `POST /api/bench/parts` `{game, seat, n}`: runs parts of a move `n`
 *   times in one request (so the request's own cost is spread thin), one
 *   part a request, for the bench to read the runtime's CPU around each.
 */
import { applyMove } from "../src/engine/index";
import { hashToken } from "../src/server/auth";
import { shardDatabase, shardNames } from "../src/server/db/shards";
import type { Delivery, Env } from "../src/server/env";
import service, { GameRoom as Room } from "../src/server/index";

// Bound in wrangler.toml like the game room, though this benchmark makes no tournament.
export { TournamentRoom } from "../src/server/index";

import { identify } from "../src/server/players/identity";
import { drainOutbox, owes } from "../src/server/room/outbox";
import type { Room as LoadedRoom } from "../src/server/room/room";
import { Snapshots } from "../src/server/room/snapshots";
import { parseClientMessage } from "../src/server/room/sockets";
import { MoveRequest } from "../src/shared/wire/api";

type FloorEnv = Env & { FLOOR_NO_DRAIN?: string };

export type Part =
  | "route"
  | "notFound"
  | "rpc"
  | "zod"
  | "socketMessage"
  | "engine"
  | "view"
  | "events"
  | "sqlite"
  | "d1"
  | "drain"
  | "identify"
  | "askNow"
  | "poll";

/** D1 bindings whose batches go nowhere: a drain's own work, apart from D1's (the part "drain"). */
function withoutD1(env: Env): Env {
  const nowhere = (d1: D1Database) =>
    new Proxy(d1, {
      get(target, key) {
        if (key === "batch") return async () => [];
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const out: Record<string, unknown> = { ...env, DB: nowhere(env.DB) };
  for (const name of shardNames(env)) out[name] = nowhere((env as unknown as Record<string, D1Database>)[name]!);
  return out as unknown as Env;
}

/** Drains the rooms made since it was last read (GET /api/bench/drains). */
let drainsMade = 0;

export class GameRoom extends Room {
  /** Nothing: an RPC call's own cost. */
  async benchNoop(): Promise<number> {
    return 0;
  }

  protected override async handleDue(room: LoadedRoom, now: number): Promise<void> {
    if (owes(room)) drainsMade++;
    if ((this.env as FloorEnv).FLOOR_NO_DRAIN !== "1") return super.handleDue(room, now);
    // What a drain does to the room's own storage, without D1.
    room.acknowledge(room.table.version, null);
    this.alarms.drained(null);
  }

  /** One part of a move, `n` times, on the game as it stands (nothing is committed). */
  async benchPart(gameId: string, seat: number, part: Part, n: number): Promise<number> {
    const room = await this.open(gameId);
    if (!room) throw new Error("no such game");
    const { table } = room;
    const move = { type: "draw" } as const;
    const message = JSON.stringify({ type: "move", move: { type: "discard", card: "9C" }, version: table.version, id: "w1" });
    let sink = 0;
    for (let i = 0; i < n; i++) {
      switch (part) {
        case "socketMessage":
          sink += "error" in parseClientMessage(message) ? 1 : 0;
          break;
        case "engine":
          sink += applyMove(table.state, seat, move).ok ? 1 : 0;
          break;
        case "view":
          // A viewer's snapshot built and serialised afresh (the cache cleared): what each new version costs a viewer.
          sink += new Snapshots().of(room, seat, Date.now()).length;
          break;
        case "events":
          // A move's answer: the move's events and the view, for one viewer.
          sink += new Snapshots().events(room, seat, table.version - 1, Date.now()).length;
          break;
        case "d1":
          // One D1 batch of one statement from the room (a drain makes two: the log's shard, then the main database).
          sink += (await this.env.DB.batch([this.env.DB.prepare("SELECT 1 AS one")])).length;
          break;
        case "drain": {
          // A drain of the game's whole log (its first two entries) and its index row, its D1 batches sent nowhere.
          const nowhere = withoutD1(this.env);
          room.drainedSeq = 0;
          sink += await drainOutbox(room, { main: nowhere.DB, log: shardDatabase(nowhere, room.logShard) }, async () => {});
          break;
        }
        case "sqlite":
          // One row written in its own transaction, as the log's append does (a scratch table).
          this.ctx.storage.transactionSync(() =>
            this.ctx.storage.sql.exec("INSERT INTO bench_rows (body, at) VALUES (?, ?)", message, Date.now()),
          );
          break;
        default:
          throw new Error(`part ${part} is the Worker's`);
      }
    }
    return sink;
  }

  async benchInit(): Promise<void> {
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS bench_rows (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, at INTEGER NOT NULL)",
    );
  }
}

type PartsBody = { game: string; seat: number; part: Part; n: number; token?: string };

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api/bench/drains") {
      const made = drainsMade;
      drainsMade = 0;
      return new Response(String(made));
    }
    if (url.pathname !== "/api/bench/parts") return service.fetch(request, env, ctx);
    const body = (await request.json()) as PartsBody;
    const move = { move: { type: "discard", card: "9C" }, version: 12, id: "k1" };
    let sink = 0;
    if (body.part === "zod") {
      for (let i = 0; i < body.n; i++) sink += MoveRequest.safeParse(move).success ? 1 : 0;
    } else if (body.part === "identify") {
      // What the Worker did for every move and long poll sent with X-Player-Key before they stopped reading it: the device's D1 read.
      for (let i = 0; i < body.n; i++) {
        const who = await identify(env.DB, hashToken(body.game), Date.now() - 60_000);
        sink += "player" in who ? 1 : 0;
      }
    } else if (body.part === "rpc") {
      const room = env.GAME_ROOM.get(env.GAME_ROOM.idFromName(body.game)) as unknown as DurableObjectStub<GameRoom>;
      for (let i = 0; i < body.n; i++) sink += await room.benchNoop();
    } else if (body.part === "notFound") {
      // The Worker's routing and its headers alone: an API path no route serves.
      for (let i = 0; i < body.n; i++) {
        const answer = await service.fetch(new Request(`${url.origin}/api/nowhere`), env, ctx);
        sink += (await answer.text()).length;
      }
    } else if (body.part === "askNow" || body.part === "poll") {
      // The other seat's side of an HTTP move: the events since the version before, asked at once (an RPC to the room),
      // or as a long poll (the Worker's socket to the room, answered as the room accepts it: long-poll.ts).
      const wait = body.part === "poll" ? "&wait=5" : "";
      for (let i = 0; i < body.n; i++) {
        // A spectator from its own address each time: the room's rate limit (per seat, per address) never answers instead.
        const from = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const answer = await service.fetch(
          new Request(`${url.origin}/api/games/${body.game}/events?since=1${wait}`, { headers: { "CF-Connecting-IP": from } }),
          env,
          ctx,
        );
        sink += (await answer.text()).length;
      }
    } else if (body.part === "route") {
      // The Worker's whole route for a refused move (a stale version: everything but the move itself), with its room call.
      for (let i = 0; i < body.n; i++) {
        const answer = await service.fetch(
          new Request(`${url.origin}/api/games/${body.game}/moves`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${body.token}` },
            body: JSON.stringify({ move: move.move, version: 0 }),
          }),
          env,
          ctx,
        );
        sink += (await answer.text()).length;
      }
    } else {
      const room = env.GAME_ROOM.get(env.GAME_ROOM.idFromName(body.game)) as unknown as DurableObjectStub<GameRoom>;
      if (body.part === "sqlite") await room.benchInit();
      sink = await room.benchPart(body.game, body.seat, body.part, body.n);
    }
    return Response.json({ sink });
  },
  queue: service.queue,
  scheduled: service.scheduled,
} satisfies ExportedHandler<Env, Delivery>;
