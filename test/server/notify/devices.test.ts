import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeCards } from "../../../src/engine/index";
import { newToken } from "../../../src/server/auth";
import { confirmEmail } from "../../../src/server/notify/index";
import { call, createGame, move, roomStub, trueTable } from "../helpers";
import { browserSubscription, HANG_GUARD, hook, mailsTo, mailTo, pushesTo, received, settle, unique, until } from "./helpers";

/**
 * One player on two devices hears of their game as one player: an email and
 * a webhook once, whichever device subscribed them (or both), and a push on
 * each device.
 */

async function turn(id: string, tokens: readonly string[]): Promise<void> {
  const table = await trueTable(id);
  const seat = table.state.hand!.turn;
  const drew = await move(id, tokens[seat]!, { type: "draw" }, table.version);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  const other = makeCards(table.state.hand!.hands[seat]!).find((c) => c !== card)!;
  expect((await move(id, tokens[seat]!, { type: "discard", card: other }, drew.body.version)).status).toBe(200);
}

describe("a player with two devices", () => {
  it("gets each notification once by email and webhook, and once on each device by push", async () => {
    const phone = newToken();
    const laptop = newToken();
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const tokens = game.seats.map((s) => s.token);
    const anna = 1 - (await trueTable(game.id)).state.hand!.turn;
    await call(`/api/games/${game.id}`, { token: tokens[anna]!, headers: { "X-Player-Key": phone } });
    const code = (await call("/api/me/link-codes", { token: phone, method: "POST" })).body.code;
    expect((await call("/api/me/devices", { token: laptop, body: { code } })).status).toBe(200);
    await call(`/api/games/${game.id}`, { token: tokens[anna]!, headers: { "X-Player-Key": laptop } });

    // Both devices subscribe the same address and the same webhook: the player has each once.
    const address = `${unique("anna")}@example.org`;
    const chat = unique("anna-hook");
    const url = await hook(chat);
    const first = await call("/api/me/notifications", { token: phone, body: { channel: "email", address, events: ["turn"] } });
    expect(first.status).toBe(201);
    const [confirmation] = await mailsTo(address, 1);
    expect(await confirmEmail(env.DB, /confirm#token=([A-Za-z0-9_-]+)/.exec(confirmation!.text)![1]!, Date.now())).toBe(true);
    const second = await call("/api/me/notifications", { token: laptop, body: { channel: "email", address, events: ["turn"] } });
    expect(second.body.error.code).toBe("SUBSCRIPTION_EXISTS");
    expect((await call("/api/me/notifications", { token: phone, body: { channel: "webhook", url, events: ["turn"] } })).status).toBe(201);
    const again = await call("/api/me/notifications", { token: laptop, body: { channel: "webhook", url, events: ["turn"] } });
    expect(again.body.error.code).toBe("SUBSCRIPTION_EXISTS");
    // Each device's own push subscription.
    const browsers = [await browserSubscription(), await browserSubscription()];
    for (const [i, k] of [phone, laptop].entries()) {
      const made = await call("/api/me/notifications", {
        token: k,
        body: { channel: "push", endpoint: browsers[i]!.endpoint, keys: browsers[i]!.keys, events: ["turn"] },
      });
      expect(made.status).toBe(201);
    }
    const [onPhone, onLaptop] = await Promise.all([
      call("/api/me/notifications", { token: phone }),
      call("/api/me/notifications", { token: laptop }),
    ]);
    expect(onLaptop.body.subscriptions.map((s: { id: string }) => s.id)).toEqual(
      onPhone.body.subscriptions.map((s: { id: string }) => s.id),
    );
    expect(onPhone.body.subscriptions).toHaveLength(4);

    await turn(game.id, tokens); // Bruno plays: Anna's turn
    await runDurableObjectAlarm(roomStub(game.id));
    await runDurableObjectAlarm(roomStub(game.id)); // drained again: nothing twice
    await until(async () => ((await mailTo(address)).length >= 2 ? true : null), HANG_GUARD, "the turn email");
    await until(async () => ((await received(chat)).length >= 1 ? true : null), HANG_GUARD, "the webhook");
    for (const browser of browsers) await until(async () => ((await pushesTo(browser)).length >= 1 ? true : null), HANG_GUARD, "a push");
    await settle(1000);
    expect((await mailTo(address)).filter((m) => /turn/i.test(m.subject))).toHaveLength(1);
    expect(await received(chat)).toHaveLength(1);
    for (const browser of browsers) expect(await pushesTo(browser)).toHaveLength(1);

    // The laptop removed: its push stops, the phone still hears everything.
    const gone = (await call("/api/me", { token: phone })).body.devices.find((d: { current: boolean }) => !d.current);
    expect((await call(`/api/me/devices/${gone.id}`, { token: phone, method: "DELETE" })).status).toBe(200);
    await turn(game.id, tokens); // Anna
    await turn(game.id, tokens); // Bruno: Anna's turn again
    await runDurableObjectAlarm(roomStub(game.id));
    await until(async () => ((await pushesTo(browsers[0]!)).length >= 2 ? true : null), HANG_GUARD, "the phone's second push");
    await until(async () => ((await received(chat)).length >= 2 ? true : null), HANG_GUARD, "the second webhook");
    await settle(1000);
    expect(await pushesTo(browsers[1]!)).toHaveLength(1);
    expect((await mailTo(address)).filter((m) => /turn/i.test(m.subject))).toHaveLength(2);
    expect(await received(chat)).toHaveLength(2);
  });
});
