import { randomId } from "./dom";

/**
 * What this browser remembers (localStorage): its player key, the seat
 * tokens of games opened here, the commitments it saw while hands were in
 * play, and the last version seen of each game. Nothing here leaves the
 * browser except in the Authorization and X-Player-Key headers.
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

/** This browser's player key: 128 random bits, base64url, made once. */
export function playerKey(): string {
  const stored = read<string | null>("playerKey", null);
  if (stored && KEY_FORMAT.test(stored)) return stored;
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

export function lastSeenVersion(gameId: string): number | null {
  return read<Record<string, number>>("seen", {})[gameId] ?? null;
}

export function rememberVersion(gameId: string, version: number): void {
  const seen = read<Record<string, number>>("seen", {});
  if (seen[gameId] === version) return;
  write("seen", { ...seen, [gameId]: version });
}
