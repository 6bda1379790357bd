import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeCards } from "../../../src/engine/index";
import { hashToken } from "../../../src/server/auth";
import { confirmEmail } from "../../../src/server/notify/index";
import { call, createGame, move, openSocket, roomStub, trueTable } from "../helpers";
import { hook, mailTo, received, settle, subscribe, unique, until } from "./helpers";

/**
 * A real game feeding the pipeline: its room queues each entry's
 * notifications in the entry's own transaction and fans them out when its
 * outbox drains; a player's own email links straight to their seat; a group
 * chat gets the public link; nothing hidden is ever said.
 */

/** The seat to play draws and discards what it drew; returns the drawn card (a secret of that seat). */
async function turn(id: string, tokens: readonly string[]): Promise<string> {
  const table = await trueTable(id);
  const seat = table.state.hand!.turn;
  const drew = await move(id, tokens[seat]!, { type: "draw" }, table.version);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  const other = makeCards(table.state.hand!.hands[seat]!).find((c) => c !== card)!;
  // Discard another card, so that the drawn one stays in the hand: secret.
  expect((await move(id, tokens[seat]!, { type: "discard", card: other }, drew.body.version)).status).toBe(200);
  return card;
}

describe("a game's notifications", () => {
  it("tells a player of their turn once by email, linking to their own seat, and a group chat with the public link", async () => {
    const key = unique("player-key-0123456789-");
    const owner = hashToken(key);
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const tokens = game.seats.map((s) => s.token);
    const first = (await trueTable(game.id)).state.hand!.turn;
    const anna = 1 - first; // Anna plays second: her turn comes after the first seat's move
    await call(`/api/games/${game.id}`, { token: tokens[anna]!, headers: { "X-Player-Key": key } });
    const address = `${unique("anna")}@example.org`;
    const email = await subscribe({ channel: "email", target: address, ownerHash: owner, events: ["turn"] });
    expect(await confirmEmail(env.DB, email.confirmToken!, Date.now())).toBe(true);
    const chat = unique("chat");
    await subscribe({ channel: "webhook", target: await hook(chat), scope: "game", gameId: game.id, events: ["turn"] });

    const drawn = await turn(game.id, tokens);
    await runDurableObjectAlarm(roomStub(game.id));
    await runDurableObjectAlarm(roomStub(game.id)); // drained again: nothing sent twice
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    expect(mail!.text).toContain(`/game/${game.id}#seat=${tokens[anna]}`);
    expect(mail!.subject).toMatch(/your turn/i);
    const posted = await until(async () => ((await received(chat)).length > 0 ? received(chat) : null));
    const body = JSON.stringify(posted[0]!.body);
    expect(body).toContain(`/game/${game.id}`);
    for (const token of tokens) expect(body).not.toContain(token);
    // The first seat's drawn card stayed in its hand: nobody is told of it.
    const table = await trueTable(game.id);
    const hidden = new Set(makeCards(table.state.hand!.hands[first]!));
    expect(hidden.has(drawn)).toBe(true);
    for (const text of [mail!.text, mail!.html, body]) {
      const named = [...text.matchAll(/\b(10|[2-9AJQK])([♠♥♦♣])/g)].length;
      expect(named).toBeLessThanOrEqual(1); // only the discarded card is named
    }
    await settle(500);
    expect(await mailTo(address)).toHaveLength(1);
    expect(await received(chat)).toHaveLength(1);
  });

  it("sends no email while the player has the table open live, and again once they leave", async () => {
    const key = unique("player-key-0123456789-");
    const owner = hashToken(key);
    const game = await createGame({ players: 2 });
    const tokens = game.seats.map((s) => s.token);
    const first = (await trueTable(game.id)).state.hand!.turn;
    const me = 1 - first;
    await call(`/api/games/${game.id}`, { token: tokens[me]!, headers: { "X-Player-Key": key } });
    const address = `${unique("live")}@example.org`;
    const email = await subscribe({ channel: "email", target: address, ownerHash: owner, events: ["turn"] });
    await confirmEmail(env.DB, email.confirmToken!, Date.now());
    const socket = await openSocket(game.id, tokens[me]!);
    await turn(game.id, tokens);
    await runDurableObjectAlarm(roomStub(game.id));
    await settle(1000);
    expect(await mailTo(address)).toHaveLength(0);
    socket.close();
    await settle(200);
    await turn(game.id, tokens); // my turn ends…
    await turn(game.id, tokens); // …and comes again, with nobody at the table
    await runDurableObjectAlarm(roomStub(game.id));
    await until(async () => ((await mailTo(address)).length === 1 ? true : null));
  });

  it("queues nothing for a game nobody can hear of, and an entry's notifications with the entry otherwise", async () => {
    const notifyRows = (id: string) =>
      runInDurableObject(
        roomStub(id),
        (_, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'notify'").one().n,
      );
    const silent = await createGame({ players: 2 });
    await turn(
      silent.id,
      silent.seats.map((s) => s.token),
    );
    expect(await notifyRows(silent.id)).toBe(0);
    const heard = await createGame({ players: 2 });
    await call(`/api/games/${heard.id}`, { token: heard.seats[0]!.token, headers: { "X-Player-Key": unique("player-key-0123456789-") } });
    await turn(
      heard.id,
      heard.seats.map((s) => s.token),
    );
    expect(await notifyRows(heard.id)).toBe(1); // the discard that passed the turn
  });
});
