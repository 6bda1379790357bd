/**
 * The room part's table in the Workers runtime (bench/bots-workerd.ts): one
 * table in the isolate's module state, as a room's computer turn lives in
 * its Durable Object's isolate. `POST /start?level&preset&players&hand`
 * sets a hand, `POST /invoke` plays the next invocation (RoomTable) and
 * answers what it did; `POST /idle` answers at once (what a request costs
 * with no play in it). The bench times each request from outside, on the
 * runtime's thread: nothing here reads a clock (a Worker's clock stands
 * still while it computes).
 */
import type { PlayerCount, PresetName } from "../src/engine/index.js";
import type { ComputerLevel } from "../src/shared/wire/common.js";
import { RoomTable } from "./room-table.js";

let table: RoomTable | null = null;

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/start") {
      const q = url.searchParams;
      table = new RoomTable(
        q.get("level") as ComputerLevel,
        q.get("preset") as PresetName,
        Number(q.get("players")) as PlayerCount,
        Number(q.get("hand")),
      );
      return Response.json({ seed: table.seed });
    }
    if (url.pathname === "/invoke" && table) return Response.json(table.invoke());
    if (url.pathname === "/idle") return Response.json({});
    return new Response("not found", { status: 404 });
  },
};
