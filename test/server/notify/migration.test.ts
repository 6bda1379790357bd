import type { D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { hook, subscribe, unique } from "./helpers";

/**
 * Subscriptions made before timeouts and claims were events: migration 0007
 * gives them `timedOut` and `claimed` when they heard of turns or reminders
 * (what becomes of the subscriber's seat), and leaves the others alone.
 */

const migration = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS.find((m) => m.name.startsWith("0007_"))!;
const update = migration.queries.find((q) => q.includes("UPDATE notification_subscriptions"))!;

async function eventsOf(id: string): Promise<string[]> {
  const row = await env.DB.prepare("SELECT events FROM notification_subscriptions WHERE id = ?").bind(id).first<{ events: string }>();
  return JSON.parse(row!.events);
}

describe("migration 0007", () => {
  it("adds timeouts and claims to subscriptions that hear of turns or reminders, once, and to no other", async () => {
    const owner = hashToken(unique("key"));
    const made = async (events: string[]) =>
      (await subscribe({ channel: "email", target: `${unique("m")}@example.org`, ownerHash: owner, events: events as never })).subscription
        .id;
    // As they were stored before the new events existed.
    const turns = await made(["turn", "gameOver"]);
    const reminders = await made(["reminder"]);
    const results = await made(["handEnded", "gameOver"]);
    const chosen = await made(["turn", "timedOut"]);
    await env.DB.prepare(update).run();
    await env.DB.prepare(update).run();
    expect(await eventsOf(turns)).toEqual(["turn", "gameOver", "timedOut", "claimed"]);
    expect(await eventsOf(reminders)).toEqual(["reminder", "timedOut", "claimed"]);
    expect(await eventsOf(results)).toEqual(["handEnded", "gameOver"]);
    expect(await eventsOf(chosen)).toEqual(["turn", "timedOut"]);
  });
});

describe("migration 0020", () => {
  const added = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS.find((m) => m.name.startsWith("0020_"))!;
  const adds = added.queries.find((q) => q.includes("UPDATE notification_subscriptions"))!;

  it("tells a player's subscriptions that hear of timeouts of their seat's fresh link, once, and leaves a game's webhooks alone", async () => {
    const owner = hashToken(unique("key"));
    const made = async (events: string[]) =>
      (await subscribe({ channel: "email", target: `${unique("m")}@example.org`, ownerHash: owner, events: events as never })).subscription
        .id;
    const timeouts = await made(["turn", "timedOut"]);
    const results = await made(["gameOver"]);
    const chat = (
      await subscribe({
        channel: "webhook",
        target: await hook(unique("chat")),
        scope: "game",
        gameId: unique("g"),
        events: ["turn", "timedOut"],
      })
    ).subscription.id;
    await env.DB.prepare(adds).run();
    await env.DB.prepare(adds).run();
    expect(await eventsOf(timeouts)).toEqual(["turn", "timedOut", "seatReissued"]);
    expect(await eventsOf(results)).toEqual(["gameOver"]);
    expect(await eventsOf(chat)).toEqual(["turn", "timedOut"]);
  });
});
