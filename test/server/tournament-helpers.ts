import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { newToken } from "../../src/server/auth";
import type { Table } from "../../src/server/room/table";
import type { TournamentRoom } from "../../src/server/tournaments/room";
import type { StandingsView, TournamentView } from "../../src/shared/wire/tournaments";
import type { TournamentRecord } from "../../src/tournament/record";
import { call, roomStub, seatKey, trueTable } from "./helpers";

/** Tournaments in Worker tests: players (player keys), a tournament made and filled, its room driven by its alarm. */

export const playerKey = () => newToken();

export function tournamentStub(id: string): DurableObjectStub<TournamentRoom> {
  return env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id));
}

export const BASE_TOURNAMENT = {
  name: "Torneo del giovedì",
  format: "individual",
  preset: "classic",
  rounds: 2,
  hands: 1,
  movement: "mitchell",
  clock: { perMove: "1d", timeout: "claim" },
  roundTime: "7d",
} as const;

export async function createTournament(organiser: string, body: Record<string, unknown> = {}) {
  const made = await call<{ id: string; url: string; invite: { token: string; url: string } | null }>("/api/tournaments", {
    token: organiser,
    body: { ...BASE_TOURNAMENT, ...body },
  });
  if (made.status !== 201) throw new Error(`tournament not made: ${made.status} ${made.text}`);
  return made.body;
}

export async function register(id: string, player: string, name: string, extra: Record<string, unknown> = {}) {
  const answer = await call(`/api/tournaments/${id}/entries`, { token: player, body: { name, ...extra } });
  if (answer.status !== 201) throw new Error(`not registered: ${answer.status} ${answer.text}`);
  return answer.body as { entry: number; partner: { token: string; url: string } | null };
}

export async function tournament(id: string, player?: string): Promise<TournamentView> {
  const answer = await call<TournamentView>(`/api/tournaments/${id}`, player ? { token: player } : {});
  if (answer.status !== 200) throw new Error(`no tournament: ${answer.status} ${answer.text}`);
  return answer.body;
}

export async function standingsOf(id: string): Promise<StandingsView> {
  const answer = await call<StandingsView>(`/api/tournaments/${id}/standings`);
  expect(answer.status).toBe(200);
  return answer.body;
}

export async function recordOf(id: string): Promise<TournamentRecord> {
  const answer = await call<TournamentRecord>(`/api/tournaments/${id}/record`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * Runs the tournament's alarm while it is due now (each run one slice of a chore, or its copy to D1), at most `most`
 * times; its copy to D1 is made due at once first. Returns how many ran.
 */
export async function runTournament(id: string, most = 200): Promise<number> {
  const stub = tournamentStub(id);
  await runInDurableObject(stub, async (room: TournamentRoom, state) => {
    (room as unknown as { storage: { setMeta(k: string, v: string): void } }).storage.setMeta("drain_at", "0");
    await state.storage.setAlarm(Date.now());
  });
  let runs = 0;
  while (runs < most) {
    const due = await runInDurableObject(stub, async (_room, state) => {
      const at = await state.storage.getAlarm();
      return at !== null && at <= Date.now() + 1000;
    });
    if (!due || !(await runDurableObjectAlarm(stub))) break;
    runs++;
  }
  return runs;
}

/** Drains a table's room (its result reaches the tournament from there), running its alarm. */
export async function drainTable(game: string): Promise<void> {
  await runDurableObjectAlarm(roomStub(game));
}

/** Every game of the round, as made. */
export async function roundGames(id: string, round: number): Promise<string[]> {
  const view = await tournament(id);
  return view.rounds[round]!.tables.map((t) => t.game).filter((g): g is string => g !== null);
}

/** The seat to play at a table resigns for its side (a quick end for a test): returns the table. */
export async function resignAt(game: string, seatToken: (seat: number) => string): Promise<Table> {
  const table = await trueTable(game);
  const seat = table.state.hand!.turn;
  const answer = await call(`/api/games/${game}/moves`, {
    token: seatToken(seat),
    headers: seatKey(seatToken(seat)),
    body: { move: { type: "resign" }, version: table.version },
  });
  if (answer.status !== 200) throw new Error(`resign refused: ${answer.status} ${answer.text}`);
  return trueTable(game);
}

/** The seat to play at `game` resigns (its player's seat token from their "my games"), and the table reports it. */
export async function resignAtTable(game: string, sides: readonly (number | null)[], keys: readonly string[]): Promise<void> {
  // D1 has the table's seats once its room has drained.
  await drainTable(game);
  const table = await trueTable(game);
  const player = keys[sides[table.state.hand!.turn % 2]!]!;
  const mine = await call<{ games: { id: string; token: string | null }[] }>("/api/me/games", { token: player });
  const token = mine.body.games.find((g) => g.id === game)!.token!;
  const answer = await call(`/api/games/${game}/moves`, {
    token,
    headers: { "X-Player-Key": player },
    body: { move: { type: "resign" }, version: table.version },
  });
  expect(answer.status).toBe(200);
  await drainTable(game);
}
