import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { makeCards } from "../../../src/engine/index";
import { hashToken } from "../../../src/server/auth";
import { shardDatabase, shardFor, shardNames } from "../../../src/server/db/shards";
import { deliver } from "../../../src/server/notify/deliver";
import { deliveryKey } from "../../../src/server/notify/fanout";
import { ATTEMPTS_KEPT, pruneDeliveryLog, recentAttempts } from "../../../src/server/notify/index";
import { parseDeliveryMessage } from "../../../src/server/notify/message";
import { REQUEUE_AFTER_MS, requeueLost } from "../../../src/server/notify/requeue";
import { insertDeliveries } from "../../../src/server/notify/store";
import type { Delivery } from "../../../src/server/notify/types";
import { call, createGame, move, type PeopleGame, roomStub, trueTable } from "../helpers";
import { deliveryPlaces, deliveryRow, HANG_GUARD, hook, received, settle, subscribe, turnFor, unique, until } from "./helpers";

/**
 * Notification deliveries and their attempts are kept in the game's log
 * shard (three in the tests), not in the main database: the fan-out writes
 * them there, the consumer claims and records them there, the cron's
 * requeue and pruning visit every shard, and a subscription's delivery log
 * gathers its attempts from all of them.
 */

/** Rows of a table in each database whose key column starts with `prefix`. */
async function rowsByPlace(table: "notification_deliveries" | "notification_attempts", column: string, prefix: string) {
  const found: Record<string, number> = {};
  for (const place of deliveryPlaces()) {
    const row = await shardDatabase(env, place)
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE substr(${column}, 1, ?) = ?`)
      .bind(prefix.length, prefix)
      .first<{ n: number }>();
    found[place] = row?.n ?? 0;
  }
  return found;
}

/** The seat to play draws and discards (another card than the one drawn). */
async function playTurn(game: PeopleGame): Promise<void> {
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  const token = game.seats[seat]!.token;
  const drew = await move(game.id, token, { type: "draw" }, table.version);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  const other = makeCards(table.state.hand!.hands[seat]!).find((c) => c !== card)!;
  expect((await move(game.id, token, { type: "discard", card: other }, drew.body.version)).status).toBe(200);
}

describe("deliveries in the game's log shard", () => {
  it("keeps each game's deliveries and attempts in its shard, and a player's delivery log gathers them from every shard", async () => {
    expect(shardNames(env)).toEqual(["LOG_1", "LOG_2", "LOG_3"]);
    const key = unique("player-key-0123456789-");
    const owner = hashToken(key);
    const name = unique("mine");
    const made = await subscribe({ channel: "webhook", target: await hook(name), ownerHash: owner, events: ["turn"] });
    await hook(name, { secret: made.secret });
    // A game in each shard, the player in the seat that plays second (told when the first seat has played).
    const games: PeopleGame[] = [];
    for (let i = 0; i < 40 && new Set(games.map((g) => shardFor(env, g.id))).size < 3; i++) {
      const game = await createGame({ players: 2 });
      if (games.some((g) => shardFor(env, g.id) === shardFor(env, game.id))) continue;
      const second = 1 - (await trueTable(game.id)).state.hand!.turn;
      await call(`/api/games/${game.id}`, { token: game.seats[second]!.token, headers: { "X-Player-Key": key } });
      games.push(game);
    }
    expect(new Set(games.map((g) => shardFor(env, g.id))).size).toBe(3);
    for (const game of games) {
      await playTurn(game);
      await runDurableObjectAlarm(roomStub(game.id));
    }
    await until(async () => ((await received(name)).length >= 3 ? true : null), undefined, "three turns");
    for (const game of games) {
      const shard = shardFor(env, game.id);
      await until(async () => ((await rowsByPlace("notification_deliveries", "key", `${game.id}/`))[shard] === 1 ? true : null));
      const expected = Object.fromEntries(deliveryPlaces().map((p) => [p, p === shard ? 1 : 0]));
      expect(await rowsByPlace("notification_deliveries", "key", `${game.id}/`)).toEqual(expected);
      // Sent at its first attempt: the delivery's row is its log line, and no attempt row is written anywhere (notify/store.ts).
      expect(await rowsByPlace("notification_attempts", "delivery_key", `${game.id}/`)).toEqual(
        Object.fromEntries(deliveryPlaces().map((p) => [p, 0])),
      );
    }
    // What the API shows (GET /api/me/notifications): the attempts of all three shards, newest first.
    const listed = await call("/api/me/notifications", { token: key });
    expect(listed.status).toBe(200);
    const mine = listed.body.subscriptions.find((s: { id: string }) => s.id === made.subscription.id);
    expect(mine.deliveries.map((d: { key: string }) => d.key.split("/")[0]).sort()).toEqual(games.map((g) => g.id).sort());
    expect(mine.deliveries.every((d: { status: string }) => d.status === "sent")).toBe(true);
    const times = mine.deliveries.map((d: { at: string }) => Date.parse(d.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await received(name)).toHaveLength(3);
  });

  it("queues again a delivery whose message was lost in a shard, and sends it once", async () => {
    const name = unique("h");
    const gameId = unique("g");
    const made = await subscribe({ channel: "webhook", target: await hook(name), scope: "game", gameId, events: ["turn"] });
    await hook(name, { secret: made.secret });
    const notification = turnFor(gameId, [null, null]);
    const key = deliveryKey(notification, made.subscription.id);
    const message: Delivery = {
      key,
      subscriptionId: made.subscription.id,
      notice: { type: "game", notification },
      createdAt: Date.now(),
      shard: "LOG_2",
    };
    // Written by the fan-out, its queue message never left.
    await insertDeliveries(
      shardDatabase(env, "LOG_2"),
      [{ key, subscriptionId: made.subscription.id, message: JSON.stringify(message) }],
      Date.now(),
    );
    expect(await requeueLost(env, Date.now())).toBe(0);
    expect(await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000)).toBe(1);
    await until(async () => ((await deliveryRow(key))?.state === "sent" ? true : null), HANG_GUARD, "sent");
    expect(await deliveryRow(key)).toMatchObject({ place: "LOG_2", state: "sent", attempts: 1, generation: 1, message: null });
    // The lost copy turns up after all, and the cron runs again: nothing more is sent.
    await env.DELIVERIES.send(message);
    await settle(1500);
    expect(await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000)).toBe(0);
    expect(await received(name)).toHaveLength(1);
    expect((await received(name))[0]!.headers["webhook-id"]).toBe(key);
  });

  it("prunes every shard, keeping what idempotency needs and each subscription's latest attempts overall", async () => {
    const owner = hashToken(unique("prune-owner"));
    const name = unique("p");
    const made = await subscribe({ channel: "webhook", target: await hook(name), ownerHash: owner, events: ["turn"] });
    const id = made.subscription.id;
    const day = 86_400_000;
    const now = Date.now();
    const gameId = unique("pg");
    const keys = { finished: `${gameId}/1/turn/${id}`, recent: `${gameId}/2/turn/${id}`, failing: `${gameId}/3/turn/${id}` };
    const shard = shardDatabase(env, "LOG_3");
    const recentMessage: Delivery = {
      key: keys.recent,
      subscriptionId: id,
      notice: { type: "game", notification: turnFor(gameId, [owner, null], 2) },
      createdAt: now - 13 * day,
      shard: "LOG_3",
    };
    await insertDeliveries(shard, [{ key: keys.finished, subscriptionId: id }], now - 15 * day);
    await insertDeliveries(shard, [{ key: keys.failing, subscriptionId: id, message: "{}" }], now - 20 * day);
    await insertDeliveries(shard, [{ key: keys.recent, subscriptionId: id }], now - 13 * day);
    await shard.prepare("UPDATE notification_deliveries SET state = 'sent' WHERE key IN (?, ?)").bind(keys.finished, keys.recent).run();
    await shard.prepare("UPDATE notification_deliveries SET state = 'failed' WHERE key = ?").bind(keys.failing).run();
    // Sixty attempts in each of two shards, interleaved in time: each keeps its 50 latest, which hold the 50 latest overall.
    const insert =
      "INSERT INTO notification_attempts (delivery_key, subscription_id, event, attempt, status, at) VALUES (?, ?, 'turn', 1, 'sent', ?)";
    for (let i = 0; i < 120; i++)
      await shardDatabase(env, i % 2 === 0 ? "LOG_1" : "LOG_3")
        .prepare(insert)
        .bind(`a-${String(i).padStart(3, "0")}`, id, now - (120 - i) * 60_000)
        .run();
    expect(await pruneDeliveryLog(env, now)).toBeGreaterThanOrEqual(21);
    for (const place of ["LOG_1", "LOG_3"]) {
      const kept = await shardDatabase(env, place)
        .prepare("SELECT COUNT(*) AS n FROM notification_attempts WHERE subscription_id = ?")
        .bind(id)
        .first<{ n: number }>();
      expect(kept?.n).toBe(ATTEMPTS_KEPT);
    }
    const log = await recentAttempts(env, owner, id, ATTEMPTS_KEPT);
    expect(log!.map((a) => a.key)).toEqual(Array.from({ length: ATTEMPTS_KEPT }, (_, i) => `a-${String(119 - i).padStart(3, "0")}`));
    // The finished delivery past 14 days is gone; one still being retried (however old), and a recent one, stay.
    expect(await deliveryRow(keys.finished)).toBeNull();
    expect(await deliveryRow(keys.failing)).toMatchObject({ place: "LOG_3", state: "failed" });
    expect(await deliveryRow(keys.recent)).toMatchObject({ place: "LOG_3", state: "sent" });
    // A copy of the kept delivery's message still sends nothing.
    expect(await deliver(env, recentMessage)).toEqual({ ack: "sent" });
    await settle(300);
    expect(await received(name)).toHaveLength(0);
  });

  it("reads a kept queue message through its schema: every kind of notice, and a row that holds none is named, not sent", async () => {
    const notices: Delivery["notice"][] = [
      { type: "game", notification: turnFor("g", ["a", null]) },
      { type: "digest", date: "2026-12-02", games: [{ gameId: "g", seat: 0, names: ["Anna", null], deadline: null, since: 1 }] },
      { type: "confirm", token: "t" },
      { type: "signIn", token: "t" },
      { type: "test", at: 1 },
    ];
    for (const notice of notices) {
      const message: Delivery = { key: "k", subscriptionId: "s", notice, createdAt: 1, generation: 2, shard: "LOG_1" };
      expect(parseDeliveryMessage(JSON.stringify(message))).toEqual(message);
    }
    expect(() => parseDeliveryMessage('{"key": "k"}')).toThrow(/notification_deliveries\.message/);
    expect(() => parseDeliveryMessage("not json")).toThrow(/notification_deliveries\.message is not JSON/);
    // Such a row, overdue, is said and ended (not taken up again every five minutes) while the cron queues the others again.
    const shard = shardDatabase(env, "LOG_1");
    const bad = unique("bad/");
    await insertDeliveries(shard, [{ key: bad, subscriptionId: "nobody", message: '{"key": 1}' }], 0);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("notification_deliveries.message"));
    logged.mockRestore();
    expect(await deliveryRow(bad)).toMatchObject({ place: "LOG_1", state: "dead", message: null });
    expect(String((await deliveryRow(bad))?.last_error)).toMatch(/^its queue message could not be read/);
  });
});
