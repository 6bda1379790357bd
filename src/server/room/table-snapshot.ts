import { ENGINE_VERSION, type GameState, type HandState, type MoveLog } from "../../engine/index";
import type { TableSnapshot } from "./table";

/**
 * The table saved in the room's storage (`snapshot`: one row, replaced), so
 * that a room waking from hibernation or a restart replays only the hand in
 * play rather than its whole log: written with each new hand's deal and at
 * the match's end (room.ts). It is a cache of the log like the table: one
 * made by another engine version, or in another format, is not read (the
 * whole log is replayed, as before any snapshot).
 *
 * Each hand's move log (the engine's linked list, newest first) is kept as
 * a list, oldest first: JSON nested hundreds deep is slow to parse.
 */

/** Bumped when what a snapshot holds changes. */
const FORMAT = 1;

type SavedHand = Omit<HandState, "log"> & { readonly log: { seat: number; move: unknown }[] };

function flatHand(hand: HandState): SavedHand {
  const log: { seat: number; move: unknown }[] = [];
  for (let node = hand.log; node; node = node.prev) log.push({ seat: node.seat, move: node.move });
  return { ...hand, log: log.reverse() };
}

function linkedHand(saved: SavedHand): HandState {
  let log: MoveLog | null = null;
  for (const { seat, move } of saved.log) log = { prev: log, seat, move } as MoveLog;
  return { ...saved, log } as HandState;
}

/** The snapshot as stored. */
export function encodeSnapshot(saved: TableSnapshot): string {
  const state = saved.state;
  return JSON.stringify({
    format: FORMAT,
    engine: ENGINE_VERSION,
    ...saved,
    state: { ...state, past: state.past.map(flatHand), hand: state.hand && flatHand(state.hand) },
  });
}

/** A stored snapshot (as storage.ts read it), or null when it was made by another engine or format (the log is then replayed whole). */
export function decodeSnapshot(stored: unknown): TableSnapshot | null {
  const raw = stored as TableSnapshot & { format?: number; engine?: string };
  if (raw?.format !== FORMAT || raw.engine !== ENGINE_VERSION) return null;
  const state = raw.state as GameState & { past: SavedHand[]; hand: SavedHand | null };
  return { ...raw, state: { ...state, past: state.past.map(linkedHand), hand: state.hand && linkedHand(state.hand) } };
}
