import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { digestDue, digestOrder, gamesAwaitingFromIndex, localTime, queueDigests } from "../../../src/server/notify/digest";
import { confirmEmail, enqueueNotice, fanOut, unsubscribe } from "../../../src/server/notify/index";
import type { DigestGame } from "../../../src/server/notify/types";
import type { Language } from "../../../src/shared/language";
import { deliveryRow, mailTo, settle, subscribe, subscriptionRow, turnFor, unique, until } from "./helpers";

/** Email through the real send_email binding: each test reads the .eml files the local runtime wrote. */

async function confirmedEmail(language: Language, extra: Partial<Extract<Parameters<typeof subscribe>[0], { channel: "email" }>> = {}) {
  const address = `${unique("p")}@example.org`;
  const owner = hashToken(unique("key"));
  const made = await subscribe({ channel: "email", target: address, ownerHash: owner, language, events: ["turn", "gameOver"], ...extra });
  expect(await confirmEmail(env.DB, made.confirmToken!, Date.now())).toBe(true);
  return { address, owner, made };
}

describe("email", () => {
  it("sends nothing but the confirmation to an unconfirmed address (double opt-in)", async () => {
    const address = `${unique("p")}@example.org`;
    const owner = hashToken(unique("key"));
    const made = await subscribe({ channel: "email", target: address, ownerHash: owner, language: "it" });
    expect(made.subscription.confirmed).toBe(false);
    expect(await fanOut(env, turnFor(unique("g"), [owner, null]))).toEqual({ queued: 0, skipped: 0 });
    await enqueueNotice(
      env,
      made.subscription.id,
      { type: "confirm", token: made.confirmToken! },
      `confirm/${made.subscription.id}`,
      Date.now(),
    );
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    expect(mail!.subject).toBe("Conferma il tuo indirizzo per le notifiche di Burraco");
    expect(mail!.text).toContain(`https://burraco.test/notifications/confirm#token=${made.confirmToken}`);
    await settle(500);
    expect(await mailTo(address)).toHaveLength(1);
    expect(await confirmEmail(env.DB, made.confirmToken!, Date.now())).toBe(true);
    expect(await confirmEmail(env.DB, made.confirmToken!, Date.now())).toBe(false);
  });

  it("tells a confirmed address of its turn once, in its language, with the headers and links", async () => {
    const { address, owner, made } = await confirmedEmail("it");
    const gameId = unique("g");
    const turn = turnFor(gameId, [owner, hashToken("someone else")]);
    expect(await fanOut(env, turn)).toEqual({ queued: 1, skipped: 0 });
    // Drained again before the first copy was sent: queued again, and still sent once.
    await fanOut(env, turn);
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    const row = await subscriptionRow(made.subscription.id);
    const token = row!.unsubscribe_token as string;
    expect(mail!.from).toMatchObject({ address: "notifications@burraco.example", name: "Burraco" });
    expect(mail!.subject).toBe("Tocca a te a Burraco — partita con Bruno");
    expect(mail!.headers["list-id"]).toBe("<notifications.burraco.test>");
    expect(mail!.headers["list-unsubscribe"]).toBe(`<https://burraco.test/api/notifications/unsubscribe/${token}>`);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers["content-language"]).toBe("it");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Anna, tocca a te a Burraco");
      expect(body).toContain("Bruno ha pescato dal tallone, ha calato 5♥ 6♥ 7♥ e ha scartato K♠.");
      expect(body).toContain("Tempo rimasto: 1 giorno e 2 ore.");
      expect(body).toContain(`https://burraco.test/game/${gameId}?seat=0`);
      expect(body).toContain(`https://burraco.test/notifications`);
      expect(body).toContain(`https://burraco.test/notifications/unsubscribe#token=${token}`);
    }
    await settle(500);
    expect(await mailTo(address)).toHaveLength(1);
    // Another player's turn in the same game is not this player's business.
    expect(await fanOut(env, { ...turnFor(gameId, [owner, hashToken("someone else")], 11), seat: 1 } as never)).toEqual({
      queued: 0,
      skipped: 0,
    });
  });

  it("writes English for an English reader, in plain text and HTML, and escapes names in HTML", async () => {
    const { address, owner } = await confirmedEmail("en");
    await fanOut(env, turnFor(unique("g"), [owner, null], 10, { names: ["Anna", "<b>Bruno</b>"] }));
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    expect(mail!.subject).toBe("Your turn in Burraco — game with <b>Bruno</b>");
    expect(mail!.text).toContain("<b>Bruno</b> drew from the stock, melded 5♥ 6♥ 7♥ and discarded K♠.");
    expect(mail!.text).toContain("Time left: 1 day, 2 hours.");
    expect(mail!.html).toContain("&lt;b&gt;Bruno&lt;/b&gt; drew from the stock");
    expect(mail!.html).not.toContain("<b>Bruno</b>");
    expect(mail!.headers["content-language"]).toBe("en");
  });

  it("stops at once after a one-click unsubscribe", async () => {
    const { address, owner, made } = await confirmedEmail("en");
    const gameId = unique("g");
    const token = (await subscriptionRow(made.subscription.id))!.unsubscribe_token as string;
    expect(await unsubscribe(env.DB, token)).toBe(true);
    expect(await unsubscribe(env.DB, token)).toBe(false);
    expect(await fanOut(env, turnFor(gameId, [owner, null]))).toEqual({ queued: 0, skipped: 0 });
    await settle(500);
    expect(await mailTo(address)).toHaveLength(0);
  });

  it("sends nothing that was already queued when the subscription is removed before it goes out", async () => {
    const { address, owner, made } = await confirmedEmail("en");
    const gameId = unique("g");
    const token = (await subscriptionRow(made.subscription.id))!.unsubscribe_token as string;
    await fanOut(env, turnFor(gameId, [owner, null]));
    await unsubscribe(env.DB, token);
    // (A game's delivery has a row once its consumer takes it: notify/store.ts.)
    await until(async () => {
      const row = await deliveryRow(`${gameId}/10/turn/${made.subscription.id}`);
      return row && row.state !== "pending" && row.state !== "sending" ? true : null;
    });
    const state = (await deliveryRow(`${gameId}/10/turn/${made.subscription.id}`))!.state;
    // Either it went out before the click, or it was skipped: never after.
    expect(["sent", "skipped"]).toContain(state);
    expect((await mailTo(address)).length).toBe(state === "sent" ? 1 : 0);
  });

  it("lets the caller skip a delivery (no email while the player has the table open live)", async () => {
    const { address, owner } = await confirmedEmail("en");
    const live = new Set([owner]);
    const result = await fanOut(env, turnFor(unique("g"), [owner, null]), {
      skip: (sub, n) => sub.channel === "email" && live.has(n.players[0]!),
    });
    expect(result).toEqual({ queued: 0, skipped: 1 });
    await settle(500);
    expect(await mailTo(address)).toHaveLength(0);
  });
});

describe("daily digest", () => {
  const morningInRome = Date.UTC(2026, 11, 1, 7, 30); // 08:30 in Rome, 02:30 in New York

  it("falls due at the local morning of the reader's time zone, once a day", () => {
    expect(localTime(morningInRome, "Europe/Rome")).toEqual({ date: "2026-12-01", hour: 8 });
    expect(digestDue({ timeZone: "Europe/Rome", lastDigest: null }, morningInRome)).toBe("2026-12-01");
    expect(digestDue({ timeZone: "Europe/Rome", lastDigest: "2026-12-01" }, morningInRome)).toBeNull();
    expect(digestDue({ timeZone: "America/New_York", lastDigest: null }, morningInRome)).toBeNull();
    expect(digestDue({ timeZone: "America/New_York", lastDigest: null }, Date.UTC(2026, 11, 1, 13, 5))).toBe("2026-12-01");
    // Tokyo's morning of 2 December is still 1 December in UTC.
    expect(digestDue({ timeZone: "Asia/Tokyo", lastDigest: "2026-12-01" }, Date.UTC(2026, 11, 1, 23, 10))).toBe("2026-12-02");
  });

  it("lists every waiting game in one message, soonest deadline first, instead of a message per turn", async () => {
    const { address, owner } = await confirmedEmail("en", { digest: "daily", timeZone: "Europe/Rome" });
    expect(await fanOut(env, turnFor(unique("g"), [owner, null]))).toEqual({ queued: 0, skipped: 0 });
    const day = 24 * 3600 * 1000;
    // Times left are told as the message is written (now), whenever the digest fell due.
    const now = Date.now();
    const games: DigestGame[] = [
      { gameId: "gNoClockOld", seat: 0, names: ["Anna", "Carla"], deadline: null, since: now - 3 * day },
      { gameId: "gLater", seat: 0, names: ["Anna", "Dario"], deadline: now + 2 * day, since: now - day },
      { gameId: "gSoon", seat: 1, names: ["Bruno", "Anna"], deadline: now + 3 * 3600 * 1000, since: now - day },
      { gameId: "gNoClockNew", seat: 0, names: ["Anna", "Elena"], deadline: null, since: now - 3600 * 1000 },
    ];
    expect(digestOrder(games).map((g) => g.gameId)).toEqual(["gSoon", "gLater", "gNoClockOld", "gNoClockNew"]);
    const awaiting = async (hash: string) => (hash === owner ? games : []);
    expect(await queueDigests(env, morningInRome, awaiting)).toBeGreaterThanOrEqual(1);
    expect(await queueDigests(env, morningInRome + 10 * 60_000, awaiting)).toBe(0);
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    expect(mail!.subject).toBe("Burraco: 4 games await your move");
    const lines = mail!.text.split(/\r?\n/).filter((l) => l.startsWith("Game with"));
    expect(lines).toEqual([
      "Game with Bruno — Time left: 3 hours. https://burraco.test/game/gSoon?seat=1",
      "Game with Dario — Time left: 2 days. https://burraco.test/game/gLater?seat=0",
      "Game with Carla — waiting for 3 days https://burraco.test/game/gNoClockOld?seat=0",
      "Game with Elena — waiting for 1 hour https://burraco.test/game/gNoClockNew?seat=0",
    ]);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("finds the games awaiting a player in D1's game index", async () => {
    const owner = hashToken(unique("key"));
    const [mine, theirs] = [unique("g"), unique("g")];
    for (const [id, turn] of [
      [mine, 1],
      [theirs, 0],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO games (id, players, rules, names, status, turn, version, invite_hash, created_at, updated_at) VALUES (?, 2, '{}', '["Bruno","Anna"]', 'playing', ?, 5, 'x', 1, 1000)`,
      )
        .bind(id, turn)
        .run();
      await env.DB.prepare("INSERT INTO seats (game_id, seat, token_hash, taken, player_hash) VALUES (?, 1, 'x', 1, ?)")
        .bind(id, owner)
        .run();
    }
    expect(await gamesAwaitingFromIndex(env.DB)(owner, null)).toEqual([
      { gameId: mine, seat: 1, names: ["Bruno", "Anna"], deadline: null, since: 1000 },
    ]);
  });
});
