import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { laterDay, realTime, setTime } from "./clock-helpers";
import { BASE, call, seatKey, trueTable } from "./helpers";
import { createTournament, drainTable, playerKey, recordOf, register, runTournament, tournament } from "./tournament-helpers";

/**
 * Duplicate deals stay secret across tables until every table of the round
 * has played them: while one table has finished and another still plays
 * the same deal, nothing of the finished table shows that deal to anyone —
 * its spectators, embeds, link previews and record are closed, and its own
 * players see their table but not the deal (no stock, no other hand's
 * cards as dealt, no salt) — on every channel: the view, its events, the
 * WebSocket, the record, the tournament's own view and record. Once the
 * round is over, all of it opens.
 */

afterEach(realTime);

async function seatOf(player: string, game: string): Promise<{ seat: number; token: string }> {
  const mine = await call<{ games: { id: string; seat: number; token: string | null }[] }>("/api/me/games", { token: player });
  const found = mine.body.games.find((g) => g.id === game)!;
  return { seat: found.seat, token: found.token! };
}

async function resign(player: string, game: string) {
  const { token } = await seatOf(player, game);
  const version = (await trueTable(game)).version;
  expect(
    (await call(`/api/games/${game}/moves`, { token, headers: seatKey(token), body: { move: { type: "resign" }, version } })).status,
  ).toBe(200);
  return token;
}

describe("duplicate deals", () => {
  it("stay secret across tables until every table has played them, on every channel", async () => {
    setTime(laterDay());
    const organiser = playerKey();
    const made = await createTournament(organiser, { rounds: 1, hands: 2 });
    const players = ["Anna", "Bruno", "Carla", "Dario"].map((name) => ({ name, key: playerKey() }));
    for (const p of players) await register(made.id, p.key, p.name);
    await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
    await runTournament(made.id);
    const [a, b] = (await tournament(made.id)).rounds[0]!.tables;
    for (const t of [a!, b!]) await drainTable(t.game!);
    const deal = (await trueTable(b!.game!)).deals[0]!.deal;
    // The deal's secrets as text: the stock's order, and the hands as dealt (any six cards in a row of them).
    const six = (cards: readonly string[]) => JSON.stringify(cards.slice(0, 6)).slice(1, -1);
    const secrets = (own: number | null) => [
      six(deal.stock),
      ...deal.hands.filter((_, seat) => seat !== own).map(six),
      ...deal.pozzetti.map(six),
    ];
    const leaks = (text: string, own: number | null = null) => secrets(own).filter((s) => text.includes(s));

    // Table A ends (its first seat resigns); table B is still playing the same deal.
    // (A player's own eleven cards as dealt are theirs to see: the same as their counterpart's at B, as in any duplicate.)
    const tokenA = await resign(players[a!.sides[0]!]!.key, a!.game!);
    await drainTable(a!.game!);
    await runTournament(made.id);

    // Nobody but A's seats opens A: its public view, events, record, chat, WebSocket, preview and oEmbed.
    for (const path of ["", "/events?since=0", "/record", "/chat"]) {
      const answer = await call(`/api/games/${a!.game}${path}`);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error.code).toBe("TABLE_HIDDEN");
    }
    const ws = await exports.default.fetch(`${BASE}/api/games/${a!.game}/ws`, { headers: { Upgrade: "websocket" } });
    expect(ws.status).toBe(403);
    expect((await call(`/api/games/${a!.game}/preview.png`)).status).not.toBe(200);
    const oembed = await call(`/api/oembed?url=${encodeURIComponent(`${BASE}/game/${a!.game}`)}&format=json`);
    expect(oembed.status).toBe(404);
    const page = await call(`/game/${a!.game}`);
    expect(page.text).not.toContain("og:title");
    // B's players cannot open A with their own links either.
    const tokenB = (await seatOf(players[b!.sides[0]!]!.key, b!.game!)).token;
    expect((await call(`/api/games/${a!.game}`, { token: tokenB })).status).toBe(401);

    // A's own seats see their table, never the deal: no revealed deal, no salt, no deal in the hand's end, no record of it.
    const seen: string[] = [];
    const view = await call(`/api/games/${a!.game}`, { token: tokenA, headers: seatKey(tokenA) });
    expect(view.status).toBe(200);
    expect(view.body.status).toBe("over");
    expect(view.body.view.hand.revealed).toBeNull();
    expect(view.body.fairness.every((f: { salt: string | null }) => f.salt === null)).toBe(true);
    seen.push(view.text);
    const events = await call(`/api/games/${a!.game}/events?since=0`, { token: tokenA, headers: seatKey(tokenA) });
    const ended = events.body.events.find((e: { type: string }) => e.type === "handEnded");
    expect(ended.deal).toBeUndefined();
    expect(ended.salt).toBeUndefined();
    seen.push(events.text);
    const record = await call(`/api/games/${a!.game}/record`, { token: tokenA, headers: seatKey(tokenA) });
    expect(record.body.hands).toEqual([]);
    seen.push(record.text);
    const socket = await exports.default.fetch(`${BASE}/api/games/${a!.game}/ws`, {
      headers: { Upgrade: "websocket", Authorization: `Bearer ${tokenA}`, ...seatKey(tokenA) },
    });
    const ws2 = socket.webSocket!;
    const first = new Promise<string>((resolve) => ws2.addEventListener("message", (e) => resolve(e.data as string)));
    ws2.accept();
    ws2.send(JSON.stringify({ type: "resume", since: 0 }));
    seen.push(await first);
    ws2.close(1000, "done");
    for (const text of seen) expect(leaks(text, 0)).toEqual([]);
    // Nor does the tournament say anything of the deals while a table plays them.
    const tview = await call(`/api/tournaments/${made.id}`, { token: players[0]!.key });
    const trecord = await call(`/api/tournaments/${made.id}/record`);
    expect(trecord.body.rounds[0].deals).toBeNull();
    for (const text of [tview.text, trecord.text]) expect(leaks(text)).toEqual([]);

    // B finishes: the round is over, its hands are released everywhere.
    await resign(players[b!.sides[0]!]!.key, b!.game!);
    await drainTable(b!.game!);
    await runTournament(made.id);
    const open = await call(`/api/games/${a!.game}`);
    expect(open.status).toBe(200);
    const released = await call(`/api/games/${a!.game}/record`);
    expect(released.status).toBe(200);
    expect(released.body.hands[0].deal).toEqual(deal);
    const own = await call(`/api/games/${a!.game}`, { token: tokenA, headers: seatKey(tokenA) });
    expect(own.body.view.hand.revealed.deal).toEqual(deal);
    expect((await recordOf(made.id)).rounds[0]!.deals).toEqual([deal, expect.anything()]);
  });

  it("a tournament that does not share deals keeps its tables public", async () => {
    setTime(laterDay());
    const organiser = playerKey();
    const made = await createTournament(organiser, { rounds: 1, duplicate: false });
    for (const name of ["Anna", "Bruno"]) await register(made.id, playerKey(), name);
    await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
    await runTournament(made.id);
    const [table] = (await tournament(made.id)).rounds[0]!.tables;
    expect((await call(`/api/games/${table!.game}`)).status).toBe(200);
    expect((await trueTable(table!.game!)).deals[0]!.prepared).toBe(false);
  });
});
