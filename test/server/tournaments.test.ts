import { describe, expect, it } from "vitest";
import { call, seatKey, trueTable } from "./helpers";
import {
  createTournament,
  drainTable,
  playerKey,
  register,
  roundGames,
  runTournament,
  standingsOf,
  tournament,
} from "./tournament-helpers";

/** A tournament from creation to its end, over the API: registration, the organiser's start, tables made, results, standings. */

/** A player's seat token at a game, from their "my games". */
async function seatToken(player: string, game: string): Promise<{ seat: number; token: string }> {
  const mine = await call<{ games: { id: string; seat: number; token: string | null }[] }>("/api/me/games", { token: player });
  const found = mine.body.games.find((g) => g.id === game);
  if (!found?.token) throw new Error(`no seat of this player at ${game}`);
  return { seat: found.seat, token: found.token };
}

describe("a tournament", () => {
  it("registers players, starts, makes its tables with the players in their seats, and ranks the results", async () => {
    const organiser = playerKey();
    const made = await createTournament(organiser);
    expect(made.url).toMatch(/\/tournament\/[A-Za-z0-9_-]{24}$/);
    const players = ["Anna", "Bruno", "Carla", "Dario"].map((name) => ({ name, key: playerKey() }));
    for (const p of players) await register(made.id, p.key, p.name);
    const before = await tournament(made.id, players[0]!.key);
    expect(before.entries.map((e) => e.names)).toEqual([["Anna"], ["Bruno"], ["Carla"], ["Dario"]]);
    expect(before.you).toEqual({ organiser: false, entry: 0, partner: null, invite: null });

    const started = await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
    expect(started.status).toBe(200);
    await runTournament(made.id);
    const view = await tournament(made.id);
    expect(view.status).toBe("running");
    expect(view.rounds).toHaveLength(1);
    const games = await roundGames(made.id, 0);
    expect(games).toHaveLength(2);
    for (const game of games) await drainTable(game);

    // Each player finds their table in "my games", seated, with the tournament's deals at both tables.
    const deals = await Promise.all(games.map(async (g) => (await trueTable(g)).deals[0]!.deal));
    expect(deals[0]).toEqual(deals[1]);
    for (const table of view.rounds[0]!.tables) {
      const [a, b] = table.sides as [number, number];
      // The side at seat 0 resigns: the other wins the table 20–0.
      const loser = players[a]!;
      const { seat, token } = await seatToken(loser.key, table.game!);
      expect(seat).toBe(0);
      const t = await trueTable(table.game!);
      const answer = await call(`/api/games/${table.game}/moves`, {
        token,
        headers: seatKey(token),
        body: { move: { type: "resign" }, version: t.version },
      });
      expect(answer.status).toBe(200);
      await seatToken(players[b]!.key, table.game!);
      await drainTable(table.game!);
    }
    await runTournament(made.id);
    const after = await tournament(made.id);
    expect(after.rounds[0]!.finished).toBe(true);
    expect(after.rounds).toHaveLength(2);
    const standings = await standingsOf(made.id);
    expect(standings.standings.filter((s) => s.vp === 20)).toHaveLength(2);
  });
});
