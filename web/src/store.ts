import type { GameSnapshot } from "../../src/shared/api";
import { randomId } from "./dom";

/**
 * What this browser remembers (localStorage): its player key, the seat
 * tokens of games opened here, the links of games created here (with the
 * creator's secret), the commitments it saw while hands were in play, the
 * last version seen of each game, each seat's own order of its hand and
 * the last hand whose summary was closed. Nothing here leaves the browser
 * except in the Authorization and X-Player-Key headers.
 */

const PREFIX = "burraco.";

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it only forgets.
  }
}

const KEY_FORMAT = /^[A-Za-z0-9_-]{22,128}$/;
let memoryKey: string | null = null;

/** The player key kept in this browser, if one is. */
export function storedPlayerKey(): string | null {
  const stored = read<string | null>("playerKey", null);
  return stored && KEY_FORMAT.test(stored) ? stored : null;
}

/** This browser's player key: 128 random bits, base64url, made once. */
export function playerKey(): string {
  const stored = storedPlayerKey();
  if (stored) return stored;
  memoryKey ??= randomId(16);
  write("playerKey", memoryKey);
  return memoryKey;
}

export interface RememberedSeat {
  readonly seat: number;
  readonly token: string;
  readonly names?: readonly (string | null)[];
  readonly savedAt: string;
}

export function rememberedSeats(): Record<string, RememberedSeat> {
  return read<Record<string, RememberedSeat>>("seats", {});
}

export function rememberSeat(gameId: string, seat: RememberedSeat): void {
  write("seats", { ...rememberedSeats(), [gameId]: seat });
}

export function forgetSeat(gameId: string, token: string): void {
  const seats = rememberedSeats();
  if (seats[gameId]?.token !== token) return;
  delete seats[gameId];
  write("seats", seats);
}

// ── Games created here: their links, kept so that none is ever lost ─────────

export interface CreatedGame {
  readonly id: string;
  readonly createdAt: string;
  readonly names: readonly (string | null)[];
  readonly seats: readonly { readonly seat: number; readonly url: string }[];
  readonly invite: string;
  readonly spectator: string;
  /** The creator's secret: issues a fresh link for a seat nobody has opened. */
  readonly host: string | null;
  /** Links copied, shared or opened ("seat-0", "invite", …). */
  readonly handled: Readonly<Record<string, boolean>>;
}

export function createdGames(): Record<string, CreatedGame> {
  return read<Record<string, CreatedGame>>("created", {});
}

export function rememberCreated(game: CreatedGame): void {
  write("created", { ...createdGames(), [game.id]: game });
}

export function updateCreated(id: string, change: (game: CreatedGame) => CreatedGame): CreatedGame | null {
  const game = createdGames()[id];
  if (!game) return null;
  const next = change(game);
  rememberCreated(next);
  return next;
}

// ── Fairness ────────────────────────────────────────────────────────────────

/** Commitments seen while each hand was in play, to compare with what is shown later. */
export function seenCommitments(gameId: string): Record<string, string> {
  return read<Record<string, Record<string, string>>>("commitments", {})[gameId] ?? {};
}

export function rememberCommitments(gameId: string, list: readonly { hand: number; commitment: string; salt: string | null }[]): void {
  const all = read<Record<string, Record<string, string>>>("commitments", {});
  const mine = { ...(all[gameId] ?? {}) };
  let changed = false;
  for (const f of list) {
    if (f.salt === null && mine[f.hand] === undefined) {
      mine[f.hand] = f.commitment;
      changed = true;
    }
  }
  if (changed) write("commitments", { ...all, [gameId]: mine });
}

// ── What the player last saw ────────────────────────────────────────────────

export function lastSeenVersion(gameId: string): number | null {
  return read<Record<string, number>>("seen", {})[gameId] ?? null;
}

export function rememberVersion(gameId: string, version: number): void {
  const seen = read<Record<string, number>>("seen", {});
  if (seen[gameId] === version) return;
  write("seen", { ...seen, [gameId]: version });
}

/** The last hand whose end-of-hand summary the player closed, per game. */
export function closedSummary(gameId: string): number {
  return read<Record<string, number>>("summaries", {})[gameId] ?? -1;
}

export function rememberClosedSummary(gameId: string, hand: number): void {
  const all = read<Record<string, number>>("summaries", {});
  if ((all[gameId] ?? -1) >= hand) return;
  write("summaries", { ...all, [gameId]: hand });
}

// ── The hand's order, per game and seat ─────────────────────────────────────

export type SortMode = "suit" | "rank" | "own";

export interface HandOrder {
  readonly mode: SortMode;
  /** With "own": the cards in the player's order (new cards join at the end). */
  readonly cards: readonly string[];
}

export function handOrder(gameId: string, seat: number): HandOrder {
  return read<Record<string, HandOrder>>("order", {})[`${gameId}:${seat}`] ?? { mode: "suit", cards: [] };
}

export function rememberHandOrder(gameId: string, seat: number, order: HandOrder): void {
  write("order", { ...read<Record<string, HandOrder>>("order", {}), [`${gameId}:${seat}`]: order });
}

/** The table's own choices, the same for every game: the four-colour deck and the sounds (both off at first). */
export interface TablePrefs {
  readonly fourColour: boolean;
  readonly sounds: boolean;
}

export function tablePrefs(): TablePrefs {
  const prefs = read<Partial<TablePrefs>>("tablePrefs", {});
  return { fourColour: prefs.fourColour === true, sounds: prefs.sounds === true };
}

export function rememberTablePrefs(prefs: TablePrefs): void {
  write("tablePrefs", prefs);
}

// ── The last table seen, to open it without the network ─────────────────────

/** Tables kept: the most recently seen games. */
const TABLES_KEPT = 6;

interface KeptTable {
  /** The seat's token the view was read with (a seat's view is its own: another link never gets it), or null for the public view. */
  readonly token: string | null;
  readonly snap: GameSnapshot;
}

/**
 * Keeps the last view of a game, so that the table opens offline (the
 * service worker keeps the page, never the API's answers). It is what this
 * browser was shown already, its own seat's cards at most.
 */
export function rememberTable(token: string | null, snap: GameSnapshot): void {
  const kept = read<Record<string, KeptTable>>("tables", {});
  if (kept[snap.id]?.snap.version === snap.version && kept[snap.id]?.token === token) return;
  const others = Object.entries(kept)
    .filter(([id]) => id !== snap.id)
    .slice(-(TABLES_KEPT - 1));
  write("tables", Object.fromEntries([...others, [snap.id, { token, snap }]]));
}

/** The last view of a game kept for this link, or null. */
export function keptTable(gameId: string, token: string | null): GameSnapshot | null {
  const kept = read<Record<string, KeptTable>>("tables", {})[gameId];
  return kept && kept.token === token ? kept.snap : null;
}

/** The last chat message the player has read at a game's table (its seq), for the unread badge. */
export function chatReadUpTo(gameId: string): number {
  return read<Record<string, number>>("chatRead", {})[gameId] ?? 0;
}

export function rememberChatRead(gameId: string, seq: number): void {
  const read_ = read<Record<string, number>>("chatRead", {});
  if ((read_[gameId] ?? 0) >= seq) return;
  write("chatRead", { ...read_, [gameId]: seq });
}
