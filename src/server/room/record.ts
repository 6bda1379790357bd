import { makeRecord } from "../../engine/index";
import type { GameRecord, Viewer } from "../../shared/api";
import type { RecordChat } from "../../shared/wire/api";
import type { SeatRow } from "../db/room-rows";
import { controlView } from "./clock-view";
import type { Table } from "./table";

/**
 * The game record (docs/record.md) anyone may download: the hands that have
 * ended, each with its deal, commitment and salt, and every move with its
 * time. A hand still in play is left out: its deal is secret; so is every
 * hand of a tournament's table until every table of its round has played it.
 */
export function recordOf(table: Table, seats: readonly SeatRow[], viewer: Viewer = null, sealed = false): GameRecord {
  const names = seats.every((s) => s.name !== null) ? seats.map((s) => s.name!) : undefined;
  const made = makeRecord(table.state, { ...(names ? { names } : {}), finishedOnly: true });
  // A sealed tournament table (room/tournament-table.ts): no hand's deal until the tournament releases them.
  const record = sealed ? (({ end: _end, ...rest }) => ({ ...rest, hands: [] }))(made) : made;
  const deals = table.deals;
  const played: { at: number; computer: boolean }[][] = deals.map(() => []);
  const chat: RecordChat[] = [];
  let hand = -1;
  for (const entry of table.entries) {
    const body = entry.body;
    if (body.type === "dealt") hand = body.hand;
    else if (body.type === "move") played[hand]!.push({ at: entry.at, computer: body.by === "computer" });
    else if (body.type === "message" && table.chat.reads(viewer, body)) {
      const said = body.text !== undefined ? { text: body.text } : { phrase: body.phrase! };
      chat.push({ hand, after: played[hand]!.length, seat: body.seat, ...said, at: iso(entry.at) });
    }
  }
  const hands = record.hands.map((h, i) => ({
    ...h,
    commitment: deals[i]!.commitment,
    salt: deals[i]!.salt,
    moves: h.moves.map((m, j) => ({ ...m, at: iso(played[i]![j]!.at), ...(played[i]![j]!.computer ? { by: "computer" as const } : {}) })),
  }));
  const last = table.entries[table.version - 1]!;
  return {
    ...record,
    ...(table.created.clock ? { clock: controlView(table.created.clock) } : {}),
    id: table.id,
    started: iso(table.entries[0]!.at),
    ...(table.state.over ? { ended: iso(last.at) } : {}),
    hands,
    // The conversation of the hands in the record only: a hand in play is left out, and so is what was said during it.
    ...(chat.some((m) => m.hand < hands.length) ? { chat: chat.filter((m) => m.hand < hands.length) } : {}),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
