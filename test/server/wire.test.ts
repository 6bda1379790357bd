import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/index";
import { CreateGameResponse, ErrorBody, EventsResponse, GameRecord, MyGamesResponse } from "../../src/shared/wire/api";
import { ServerMessage } from "../../src/shared/wire/socket";
import { GameSnapshot } from "../../src/shared/wire/view";
import type { z } from "../../src/shared/wire/z";
import { call, createGame, openSocket, playRandomMoves } from "./helpers";

/**
 * The wire schemas describe what the service really sends: every answer of
 * whole random games parses, and parsing drops nothing (a field the schema
 * does not know would be stripped, and the comparison would fail).
 */
function conforms(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  expect(parsed.success, `${what}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  expect(parsed.data, what).toEqual(body);
}

describe("the wire", () => {
  it.each([
    ["2 players, classic", { players: 2, rules: { preset: "classic", hands: 1 } }],
    ["4 players, chiuso", { players: 4, rules: { preset: "chiuso", hands: 1 } }],
    ["3 players, aperto", { players: 3, rules: { preset: "aperto", hands: 1 } }],
  ] as const)("matches its schemas through a whole hand: %s", async (_, request) => {
    const created = await call("/api/games", { body: { ...request, names: request.players === 2 ? ["Anna", null] : undefined } });
    conforms(CreateGameResponse, created.body, "created");
    const game = created.body;
    const sockets = await Promise.all([openSocket(game.id), openSocket(game.id, game.seats[0].token)]);
    const answers = await playRandomMoves(game, 400, seededRandom(JSON.stringify(request)));
    for (const [i, answer] of answers.entries()) conforms(EventsResponse, answer.body, `move ${i}`);
    for (const viewer of [undefined, ...game.seats.map((s: { token: string }) => s.token)]) {
      conforms(GameSnapshot, (await call(`/api/games/${game.id}`, { token: viewer })).body, "snapshot");
      conforms(EventsResponse, (await call(`/api/games/${game.id}/events?since=0`, { token: viewer })).body, "events");
    }
    conforms(GameRecord, (await call(`/api/games/${game.id}/record`)).body, "record");
    for (const socket of sockets) {
      for (const message of socket.messages) conforms(ServerMessage, message, "socket message");
      socket.close();
    }
  });

  it("matches its schemas for a player's games and for errors", async () => {
    const key = "wire-test-player-key-0123456789";
    const game = await createGame();
    await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": key } });
    conforms(MyGamesResponse, (await call("/api/me/games", { token: key })).body, "my games");
    const errors = [
      await call(`/api/games/${"Q".repeat(24)}`),
      await call(`/api/games/${game.id}/moves`, { token: game.seats[0]!.token, body: { move: { type: "draw" }, version: 1 } }),
      await call(`/api/games/${game.id}/moves`, { token: game.seats[0]!.token, body: { move: { type: "fly" }, version: 2 } }),
      await call("/api/games", { body: { players: 9 } }),
      await call("/api/nowhere"),
    ];
    for (const answer of errors) conforms(ErrorBody, answer.body, `error ${answer.status}`);
  });
});
