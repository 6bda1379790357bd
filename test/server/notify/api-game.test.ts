import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeCards } from "../../../src/engine/index";
import { call, createGame, move, roomStub, trueTable } from "../helpers";
import { hook, playerKey, received, unique, until } from "./helpers";

/** A game's own webhooks (a group chat hearing every turn), managed by the game's creator with the invitation token. */

const hooksOf = (id: string) => `/api/games/${id}/webhooks`;

describe("a game's webhooks", () => {
  it("need the creator's credential, the invitation token: no token, a seat's or another game's are refused", async () => {
    const game = await createGame();
    const other = await createGame();
    const url = await hook(unique("h"));
    for (const [token, status, code] of [
      [undefined, 401, "AUTH_REQUIRED"],
      [game.seats[1]!.token, 403, "FORBIDDEN"],
      [other.invite.token, 401, "BAD_TOKEN"],
      [playerKey(), 401, "BAD_TOKEN"],
    ] as const) {
      for (const [method, body] of [
        ["POST", { url }],
        ["GET", undefined],
      ] as const) {
        const answer = await call(hooksOf(game.id), { token, method, body });
        expect(answer, `${method} with ${code}`).toMatchObject({ status, body: { error: { code } } });
      }
    }
    expect(await call(hooksOf("A".repeat(24)), { token: game.invite.token, body: { url } })).toMatchObject({
      status: 404,
      body: { error: { code: "GAME_NOT_FOUND" } },
    });
    expect((await call(hooksOf(game.id), { token: game.invite.token })).body).toEqual({ webhooks: [] });
  });

  it("are attached by the creator, with the secret shown once, listed to the creator only, and removed", async () => {
    const game = await createGame();
    const name = unique("h");
    const url = await hook(name);
    const made = await call(hooksOf(game.id), { token: game.invite.token, body: { url, language: "it" } });
    expect(made.status).toBe(201);
    const { subscription, secret } = made.body;
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({
      scope: "game",
      gameId: game.id,
      channel: "webhook",
      format: "standard",
      language: "it",
      events: ["invited", "turn", "reminder", "timedOut", "claimed", "handEnded", "gameOver"],
    });
    // Attached with the invitation's token, the chat is sent the invitation at once: its link lets anyone take a free seat.
    const [invitation] = await until(async () => ((await received(name)).length > 0 ? received(name) : null));
    expect(JSON.stringify(invitation!.body)).toContain(`/game/${game.id}#invite=${game.invite.token}`);
    for (const seat of game.seats) expect(JSON.stringify(invitation!.body)).not.toContain(seat.token);
    // The URL may itself be a key to the chat: it is shown cut short.
    expect(subscription.target).not.toBe(url);
    expect(subscription.target).not.toContain(name);
    const listed = await call(hooksOf(game.id), { token: game.invite.token });
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).toEqual([subscription.id]);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(name);
    expect(await call(hooksOf(game.id), { token: game.invite.token, body: { url } })).toMatchObject({
      status: 409,
      body: { error: { code: "SUBSCRIPTION_EXISTS" } },
    });
    // Not a player's own subscription: no player key lists or removes it.
    const key = playerKey();
    expect((await call("/api/me/notifications", { token: key })).body.subscriptions).toEqual([]);
    expect((await call(`/api/me/notifications/${subscription.id}`, { token: key, method: "DELETE" })).status).toBe(404);
    // Nor does another game's creator.
    const other = await createGame();
    expect((await call(hooksOf(other.id), { token: other.invite.token })).body).toEqual({ webhooks: [] });
    expect((await call(`${hooksOf(other.id)}/${subscription.id}`, { token: other.invite.token, method: "DELETE" })).status).toBe(404);

    expect((await call(`${hooksOf(game.id)}/${subscription.id}`, { token: game.seats[0]!.token, method: "DELETE" })).status).toBe(403);
    expect(await call(`${hooksOf(game.id)}/${subscription.id}`, { token: game.invite.token, method: "DELETE" })).toMatchObject({
      status: 200,
      body: { deleted: true, id: subscription.id },
    });
    expect((await call(hooksOf(game.id), { token: game.invite.token })).body).toEqual({ webhooks: [] });
  });

  it("tell a group chat of a real game's turn with the game's public link, never a seat's", async () => {
    const game = await createGame();
    const tokens = game.seats.map((s) => s.token);
    const first = (await trueTable(game.id)).state.hand!.turn;
    const anna = 1 - first;
    const key = playerKey();
    await call(`/api/games/${game.id}`, { token: tokens[anna]!, headers: { "X-Player-Key": key } });
    const group = unique("group");
    const made = await call(hooksOf(game.id), { token: game.invite.token, body: { url: await hook(group), events: ["turn"] } });
    await hook(group, { secret: made.body.secret });
    // Anna's own webhook for the same game, to compare: hers links to her seat.
    const own = unique("own");
    await call("/api/me/notifications", {
      token: key,
      body: { channel: "webhook", url: await hook(own), gameId: game.id, events: ["turn"] },
    });

    // The first seat draws and discards: Anna's turn.
    const table = await trueTable(game.id);
    const drew = await move(game.id, tokens[first]!, { type: "draw" }, table.version);
    const card = drew.body.events.find((e) => e.type === "drew")!.card!;
    const other = makeCards(table.state.hand!.hands[first]!).find((c) => c !== card)!;
    expect((await move(game.id, tokens[first]!, { type: "discard", card: other }, drew.body.version)).status).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));

    const [heard] = await until(async () => ((await received(group)).length > 0 ? received(group) : null));
    const [hers] = await until(async () => ((await received(own)).length > 0 ? received(own) : null));
    expect(heard!.verified).toBe(true);
    expect(JSON.parse(heard!.body)).toMatchObject({ type: "game.turn", data: { url: `https://burraco.test/game/${game.id}`, seat: anna } });
    expect(heard!.body).not.toMatch(/seat=/);
    for (const secret of [game.invite.token, ...tokens]) expect(heard!.body).not.toContain(secret);
    expect(JSON.parse(hers!.body).data.url).toMatch(new RegExp(`^https://burraco\\.test/game/${game.id}[?#]seat=`));
  });

  it("test-send to a group chat, recognise Discord, and refuse private URLs and a sixth webhook", async () => {
    const game = await createGame();
    const name = unique("h");
    const made = await call(hooksOf(game.id), { token: game.invite.token, body: { url: await hook(name), events: ["turn"] } });
    const test = await call(`${hooksOf(game.id)}/${made.body.subscription.id}/test`, { token: game.invite.token, method: "POST" });
    expect(test).toMatchObject({ status: 200, body: { key: expect.stringMatching(/^test\//) } });
    const [got] = await until(async () => ((await received(name)).length > 0 ? received(name) : null));
    expect(JSON.parse(got!.body).type).toBe("test");
    expect(got!.headers["webhook-id"]).toBe(test.body.key);

    const discord = await call(hooksOf(game.id), {
      token: game.invite.token,
      body: { url: "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz" },
    });
    expect(discord).toMatchObject({ status: 201, body: { subscription: { format: "discord" }, secret: null } });
    expect(discord.text).not.toContain("AbCdEfGhIjKlMnOpQrStUvWxYz");
    const refused = await call(hooksOf(game.id), { token: game.invite.token, body: { url: "https://192.168.1.1/hook" } });
    expect(refused).toMatchObject({ status: 422, body: { error: { code: "WEBHOOK_URL_REFUSED" } } });
    expect(refused.body.error.message).toContain("private");
    expect(
      await call(hooksOf(game.id), { token: game.invite.token, body: { url: "https://example.org/x", channel: "email" } }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: "BAD_REQUEST" } },
    });
    for (let i = 0; i < 3; i++) {
      expect((await call(hooksOf(game.id), { token: game.invite.token, body: { url: `https://example.org/hook/${i}` } })).status).toBe(201);
    }
    expect(await call(hooksOf(game.id), { token: game.invite.token, body: { url: "https://example.org/hook/6" } })).toMatchObject({
      status: 409,
      body: { error: { code: "TOO_MANY_SUBSCRIPTIONS" } },
    });
  });
});
