import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { botMove, makeCards, makeMove, seededRandom } from "../../src/engine/index";
import type { CreateGameRequest } from "../../src/shared/api";
import { call, createGame, move, openSocket, type SocketClient, trueTable } from "./helpers";
import { history, Inspector } from "./secrets";

/**
 * Complete random games played through HTTP and WebSocket as every seat,
 * with a spectator watching: every payload any viewer receives (views,
 * events, errors, records, long polls) is checked against what that viewer
 * may see at that point (docs/rules.md §12), and so are the service's logs.
 */

type Seen = {
  viewer: number | null;
  kind: "view" | "update" | "events" | "error" | "record";
  body: any;
  version: number;
  named?: string[];
};

const logs: string[] = [];

beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(" ")));
  }
});
afterAll(() => vi.restoreAllMocks());

async function playWatched(request: CreateGameRequest, seed: string): Promise<{ inspector: Inspector; seen: Seen[]; hands: number }> {
  const game = await createGame(request);
  const seats = game.seats.map((s) => s.token);
  const sockets: SocketClient[] = await Promise.all([...seats.map((t, i) => openSocket(game.id, t, i % 2 === 1)), openSocket(game.id)]);
  const viewerOfSocket = (i: number) => (i < seats.length ? i : null);
  const seen: Seen[] = [];
  const random = seededRandom(seed);
  for (let step = 0; step < 5000; step++) {
    const table = await trueTable(game.id);
    if (table.state.over) break;
    const hand = table.state.hand!;
    const seat = hand.turn;
    const version = table.version;
    const chosen = makeMove(botMove(table.state, random).move);
    if (step % 2 === 0) {
      const answer = await move(game.id, seats[seat]!, chosen, version, `s${step}`);
      expect(answer.status, answer.text).toBe(200);
      seen.push({ viewer: seat, kind: "update", body: answer.body, version });
    } else {
      const from = sockets[seat]!.messages.length;
      sockets[seat]!.send({ type: "move", move: chosen, version, id: `s${step}` });
      const reply = await sockets[seat]!.next((m) => m.id === `s${step}`, from);
      expect(reply.type, JSON.stringify(reply)).toBe("accepted");
    }
    const other = (seat + 1) % seats.length;
    if (step % 7 === 3) {
      // A seat out of turn tries to discard one of its own cards.
      const now = (await trueTable(game.id)).version; // one more than before, or two when a hand ended and the next was dealt
      const own = makeCards(hand.hands[other]!)[0]!;
      const refused = await move(game.id, seats[other]!, { type: "discard", card: own }, now);
      expect([422, 429]).toContain(refused.status);
      seen.push({ viewer: other, kind: "error", body: refused.body, version: now, named: [own] });
      const stale = await move(game.id, seats[other]!, { type: "draw" }, version);
      seen.push({ viewer: other, kind: "error", body: stale.body, version: now });
    }
    // Reads may meet the rate limit (429): that answer is checked like any other.
    const read = async (viewer: number | null, kind: Seen["kind"], path: string) => {
      const answer = await call(path, viewer === null ? {} : { token: seats[viewer] });
      seen.push({ viewer, kind: answer.status === 200 ? kind : "error", body: answer.body, version: version + 1 });
    };
    if (step % 5 === 1) await read(null, "view", `/api/games/${game.id}`);
    if (step % 11 === 2) {
      await read(other, "update", `/api/games/${game.id}/events?since=${Math.max(0, version - 4)}`);
      await read(null, "update", `/api/games/${game.id}/events?since=${Math.max(0, version - 4)}`);
    }
    if (step % 13 === 5) await read(null, "record", `/api/games/${game.id}/record`);
    // A spectator's socket catching up mid-hand (its answer is checked with every other socket message).
    if (step % 17 === 9) sockets[seats.length]!.send({ type: "resume", since: Math.max(0, version - 6) });
  }
  const final = await trueTable(game.id);
  expect(final.state.over).toBe(true);
  // Every socket ends up at the last version; a resume from 0 replays the whole game to it.
  await Promise.all(sockets.map((s) => s.next((m) => m.type === "events" && m.version === final.version, 0)));
  const resumed = sockets[seats.length]!.messages.length;
  sockets[seats.length]!.send({ type: "resume", since: 0 });
  await sockets[seats.length]!.next((m) => m.type === "events" && m.events.length > 0, resumed);
  for (const [i, s] of sockets.entries()) {
    for (const m of s.messages) {
      seen.push({
        viewer: viewerOfSocket(i),
        kind: m.type === "events" ? "update" : "error",
        body: m,
        version: m.version ?? final.version,
      });
    }
  }
  for (const s of sockets) s.close();
  let record = await call(`/api/games/${game.id}/record`);
  while (record.status === 429) {
    await new Promise((r) => setTimeout(r, 1000 * record.body.error.retryAfter));
    record = await call(`/api/games/${game.id}/record`);
  }
  seen.push({ viewer: null, kind: "record", body: record.body, version: final.version });

  const { states, salts, discards } = history(final);
  const inspector = new Inspector(states, salts, final.state.rules.jokers, discards);
  for (const [i, s] of seen.entries()) {
    const what = `#${i} ${s.kind} to ${s.viewer === null ? "spectator" : `seat ${s.viewer}`}`;
    if (s.kind === "view") inspector.view(what, s.viewer, s.body);
    else if (s.kind === "update") inspector.update(what, s.viewer, s.body);
    else if (s.kind === "record") inspector.record(what, s.version, s.body);
    else if (s.body.type !== "accepted") inspector.error(what, s.viewer, s.version, s.body, s.named ?? []);
  }
  return { inspector, seen, hands: final.state.past.length + 1 };
}

describe("hidden information", () => {
  const openapi = call("/api/openapi.json");

  it.each([
    ["2 players, classic, two hands", { players: 2, rules: { preset: "classic", hands: 2 } }],
    ["3 players, pozzetto on the discard only", { players: 3, rules: { preset: "aperto-sporco", hands: 1 } }],
    ["4 players, closed discard pile", { players: 4, rules: { preset: "chiuso", hands: 1 } }],
  ] as const)("no payload shows a card its viewer may not see: %s", async (_, request) => {
    const { inspector, seen, hands } = await playWatched(request as CreateGameRequest, JSON.stringify(request));
    expect(inspector.problems.slice(0, 5)).toEqual([]);
    expect(inspector.checked).toBeGreaterThan(200);
    expect(hands).toBeGreaterThanOrEqual(1);
    // The checks are not vacuous: seats did see their own cards, spectators the table.
    expect(seen.some((s) => s.viewer === 0 && JSON.stringify(s.body).includes("myHand"))).toBe(true);
  });

  it("logs no card, and the OpenAPI examples are fixed text, the same before and after play", async () => {
    expect(logs.filter((l) => /"(?:10|[2-9AJQK])[SHDC]"|"JK"/.test(l))).toEqual([]);
    const before = (await openapi).text;
    expect((await call("/api/openapi.json")).text).toBe(before);
  });
});
