import type { ComputerLevel } from "../../shared/wire/common";
import { z } from "../../shared/wire/z";
import { hashToken, newGameId, newToken } from "../auth";
import type { GameInit } from "../db/log-entry";
import type { SeatRow } from "../db/room-rows";
import type { Env } from "../env";
import { seal, unseal } from "../seal";
import type { Storage } from "./storage";
import type { Table } from "./table";

/**
 * A rematch: the same players and rules at a new table, every seat moved on
 * by one (so another player deals and plays first; with four players the
 * partners, opposite each other, stay partners). The finished game's room
 * makes it once, whoever asks first, and keeps in its storage the new
 * game's id and each new seat's token sealed (seal.ts) under the old seat
 * that leads to it: every player who held a seat gets the link of their
 * own new seat by asking with their old one, and nobody else's.
 */

export const Rematch = z.object({
  id: z.string(),
  /** Per seat of the finished game: the token of its player's new seat, sealed. */
  links: z.array(z.string()).readonly(),
  /** The new game's room holds it (false while it is being made). */
  made: z.boolean(),
});
export type Rematch = Readonly<z.infer<typeof Rematch>>;

/** A new seat as it starts: its token's hash, and who held it before (their player, their sealed link for notifications). */
export interface CarriedSeat {
  readonly tokenHash: string;
  readonly taken: boolean;
  readonly playerHash: string | null;
  readonly link: string | null;
  /** The network and device its player took it from (room/seats.ts, SeatOrigin), for the ratings' same-person check. */
  readonly network?: string | null;
  readonly device?: string | null;
}

const KEY = "rematch";

/** The seat a finished game's seat moves to. */
export const rotated = (seat: number, players: number): number => (seat + 1) % players;

export function readRematch(storage: Storage): Rematch | null {
  const text = storage.getMeta(KEY);
  if (text === null) return null;
  const parsed = Rematch.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`the room's rematch is not one: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function writeRematch(storage: Storage, rematch: Rematch): void {
  storage.setMeta(KEY, JSON.stringify(rematch));
}

/** Decides the rematch's id and each seat's new token (sealed), before anything is made. */
export async function planRematch(players: number, key: string | undefined): Promise<Rematch> {
  const links = await Promise.all(Array.from({ length: players }, () => seal(newToken(), key)));
  return { id: newGameId(key), links, made: false };
}

/**
 * The new game as its room is created: the finished game's rules, clock and
 * computer players (their levels; a person's seat the computer held for a
 * while is a person's again), the names moved with their seats, and fresh
 * deals (prepared deals are never replayed). It keeps the match's rated
 * setting: a rated match's rematch is rated, and the same rules decide at
 * its end whether it counts (ratings/verdict.ts).
 */
export function rematchInit(table: Table, seats: readonly SeatRow[], id: string): GameInit {
  const { created } = table;
  const n = created.players;
  const names = new Array<string | null>(n).fill(null);
  const computers = new Array<ComputerLevel | null>(n).fill(null);
  for (const row of seats) {
    names[rotated(row.seat, n)] = row.name;
    computers[rotated(row.seat, n)] = created.computers?.[row.seat] ?? null;
  }
  return {
    id,
    rules: created.rules,
    players: created.players,
    names,
    deals: [],
    clock: created.clock ?? null,
    ...(created.computers ? { computers } : {}),
    ...(created.rated === true ? { rated: true } : {}),
    // The table's chat stays as open as the players left it.
    ...(table.chat.audience === "everyone" ? { spectatorChat: true } : {}),
  };
}

/** Each new seat's token hash and holder, carried from the finished game's seat that moves to it. */
export async function carriedSeats(seats: readonly SeatRow[], rematch: Rematch, key: string | undefined): Promise<CarriedSeat[]> {
  const carried = new Array<CarriedSeat>(seats.length);
  for (const row of seats) {
    const token = await unseal(rematch.links[row.seat]!, key);
    if (token === null) throw new Error("a rematch's sealed seat link does not open");
    carried[rotated(row.seat, seats.length)] = {
      tokenHash: hashToken(token),
      taken: row.taken,
      playerHash: row.playerHash,
      // The player's notifications of the new game link to their new seat.
      link: row.playerHash === null ? null : rematch.links[row.seat]!,
      network: row.network ?? null,
      device: row.device ?? null,
    };
  }
  return carried;
}

/** The finished game's room, as the rematch reads it (room.ts's Room is one). */
export interface FinishedGame {
  readonly storage: Storage;
  readonly table: Table;
  readonly seats: readonly SeatRow[];
}

/**
 * Decides the rematch and keeps it in the finished game's storage before
 * making it, so that a retry after a failure makes the same game; then has
 * the new game's room create it with its carried seats. Made already, it
 * is only read.
 */
export async function makeRematch(room: FinishedGame, env: Env): Promise<Rematch> {
  const key = env.GAME_ID_KEY;
  let rematch = readRematch(room.storage);
  if (rematch?.made) return rematch;
  if (!rematch) {
    rematch = await planRematch(room.table.created.players, key);
    writeRematch(room.storage, rematch);
  }
  const init = rematchInit(room.table, room.seats, rematch.id);
  const carried = await carriedSeats(room.seats, rematch, key);
  const made = await env.GAME_ROOM.get(env.GAME_ROOM.idFromName(rematch.id)).create(init, carried);
  if (!made.ok) throw new Error(`the rematch could not be made: ${made.body.error.message}`);
  rematch = { ...rematch, made: true };
  writeRematch(room.storage, rematch);
  return rematch;
}
