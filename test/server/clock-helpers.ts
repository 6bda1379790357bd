import { runDurableObjectAlarm } from "cloudflare:test";
import { vi } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { call, createGame, move, type PeopleGame, roomStub, trueTable } from "./helpers";

/** Time under the tests' control: the room reads the same faked clock (it runs in the test's isolate). */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Far ahead of the real clock, so that no alarm the room sets fires on its own during a test. */
export const T0 = Date.UTC(2031, 2, 2, 9, 0, 0);

let latest = T0;

/**
 * A test's first day: a random one after every earlier test's (each may run for up to `span`), never before. The
 * Worker's rate limits share a file's address and the faked clock, and a clock that steps back refills no bucket
 * (src/server/rate-limiter.ts): tests started on random days, some before others, could find a budget spent by the
 * tests before them (a 429 once in many runs).
 */
export function laterDay(span = 40 * DAY): number {
  latest += span + Math.floor(Math.random() * 30) * DAY;
  return latest;
}

export function setTime(at: number): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
}

export function realTime(): void {
  vi.useRealTimers();
}

/** Runs the room's alarm at the current (fake) time. */
export async function alarm(id: string): Promise<void> {
  await runDurableObjectAlarm(roomStub(id));
}

export async function clockOf(id: string, token?: string): Promise<NonNullable<GameSnapshot["clock"]>> {
  const answer = await call<GameSnapshot>(`/api/games/${id}`, token ? { token } : {});
  return answer.body.clock!;
}

/** Every event of the game so far, as the public sees it. */
export async function publicEvents(id: string): Promise<{ type: string; [k: string]: unknown }[]> {
  return (await call(`/api/games/${id}/events?since=0`)).body.events;
}

/** The seat to play draws and discards the card drawn (a whole, simple turn). */
export async function playTurn(game: PeopleGame): Promise<number> {
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  const token = game.seats[seat]!.token;
  const drew = await move(game.id, token, { type: "draw" }, table.version);
  if (drew.status !== 200) throw new Error(`draw: ${drew.text}`);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  const discarded = await move(game.id, token, { type: "discard", card }, drew.body.version);
  if (discarded.status !== 200) throw new Error(`discard: ${discarded.text}`);
  return seat;
}

export async function clockGame(clock: unknown, players: 2 | 3 | 4 = 2): Promise<PeopleGame> {
  return createGame({ players, clock } as never);
}
