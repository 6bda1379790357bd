import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/auth";
import { confirmEmail } from "../../src/server/notify/index";
import { HOUR, realTime, setTime, T0 } from "./clock-helpers";
import { call, createGame, openSocket, type PeopleGame, roomStub, seatKey } from "./helpers";
import { HANG_GUARD, hook, mailTo, received, settle, subscribe, unique, until } from "./notify/helpers";

/**
 * The `message` notification (docs/chat.md, docs/notifications.md): off
 * unless chosen; push and webhooks once per message; email at most once an
 * hour per game, as a digest of what came since the last one; never while
 * the reader has the table open live; never of a muted seat; never to the
 * writer; each delivery once, however often the outbox drains.
 */

const MIN = 60_000;

/** Polls with real timers (the tests' Date is frozen). */
async function drain(game: PeopleGame): Promise<void> {
  await runDurableObjectAlarm(roomStub(game.id));
  await runDurableObjectAlarm(roomStub(game.id)); // drained again: nothing twice
}

const say = (game: PeopleGame, seat: number, body: unknown) =>
  call(`/api/games/${game.id}/chat`, { token: game.seats[seat]!.token, headers: seatKey(game.seats[seat]!.token), body });

afterEach(() => realTime());

describe("notifications of the table's chat", () => {
  it("sends each message once by webhook, an hourly email digest in the reader's language, and nothing while live or muted", async () => {
    setTime(T0);
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const annaKey = unique("player-key-0123456789-");
    const brunoKey = unique("player-key-0123456789-");
    await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": annaKey } });
    await call(`/api/games/${game.id}`, { token: game.seats[1]!.token, headers: { "X-Player-Key": brunoKey } });
    const address = `${unique("anna")}@example.org`;
    const email = await subscribe({
      channel: "email",
      target: address,
      ownerHash: hashToken(annaKey),
      events: ["message"],
      language: "it",
    });
    expect(await confirmEmail(env.DB, email.confirmToken!, Date.now())).toBe(true);
    const annaHook = unique("anna-hook");
    await subscribe({ channel: "webhook", target: await hook(annaHook), ownerHash: hashToken(annaKey), events: ["message"] });
    // The defaults do not include messages; Bruno, the writer, hears nothing of his own words.
    const defaultsHook = unique("defaults");
    await subscribe({ channel: "webhook", target: await hook(defaultsHook), ownerHash: hashToken(annaKey) });
    const brunoHook = unique("bruno-hook");
    await subscribe({ channel: "webhook", target: await hook(brunoHook), ownerHash: hashToken(brunoKey), events: ["message"] });
    const groupHook = unique("group");
    const group = { channel: "webhook", target: await hook(groupHook), scope: "game", gameId: game.id } as const;
    await expect(subscribe({ ...group, events: ["message", "turn"] })).rejects.toThrow(/do not hear its chat/);
    await subscribe({ ...group, events: ["turn", "handEnded"] });

    // A link to this very service typed by a player (a device code's, the way to hand over someone's games), and others.
    await say(game, 1, { text: "ciao Anna, pronta? https://burraco.test/link#code=K7QMD-2XPAH evil.com/login www.x.it" });
    await drain(game);
    const [first] = await until(async () => ((await mailTo(address)).length === 1 ? mailTo(address) : null), HANG_GUARD, "the first email");
    expect(first!.subject).toBe("Burraco: messaggi dalla partita con Bruno");
    // A player's words are quoted as text: no link of theirs is one, in the text or the HTML; the email's own links still are.
    expect(first!.text).toContain("Bruno: ciao Anna, pronta? [un link] [un link] [un link]");
    for (const part of [first!.text, first!.html]) {
      expect(part).not.toContain("link#code");
      expect(part).not.toContain("evil.com");
      expect(part).not.toContain("www.x.it");
    }
    expect(first!.html).toMatch(new RegExp(`<a href="[^"]*/game/${game.id}`));
    await until(async () => ((await received(annaHook)).length === 1 ? true : null), HANG_GUARD, "the first webhook");

    // Ten minutes later: a webhook at once, the email waits for the hour.
    setTime(T0 + 10 * MIN);
    await say(game, 1, { phrase: "good-luck" });
    await drain(game);
    const hooks = await until(
      async () => ((await received(annaHook)).length === 2 ? received(annaHook) : null),
      HANG_GUARD,
      "the second webhook",
    );
    expect(JSON.parse(hooks[1]!.body).data).toMatchObject({ type: "message", seat: 0, messages: [{ seat: 1, phrase: "good-luck" }] });
    expect(JSON.parse(hooks[1]!.body).data.text).toBe("Bruno wrote at your table");

    // Past the hour: one email with everything since the last, phrases in Italian.
    setTime(T0 + 70 * MIN);
    await say(game, 1, { text: "a domani" });
    await drain(game);
    const mails = await until(async () => ((await mailTo(address)).length === 2 ? mailTo(address) : null), HANG_GUARD, "the digest");
    const digest = mails.find((m) => m.text.includes("a domani"))!;
    expect(digest.text).toContain("Bruno: Buona fortuna!");
    expect(digest.text).not.toContain("pronta?");
    expect(digest.text).toMatch(/2 nuovi messaggi/);

    // A message nobody follows up: the webhook at once, and the email once its hour is over, from the room's alarm.
    setTime(T0 + 80 * MIN);
    await say(game, 1, { text: "ci sei?" });
    await drain(game);
    await until(async () => ((await received(annaHook)).length === 4 ? true : null), HANG_GUARD, "the fourth webhook");
    await settle(500);
    expect(await mailTo(address)).toHaveLength(2);
    setTime(T0 + 131 * MIN);
    await drain(game);
    const tail = await until(async () => ((await mailTo(address)).length === 3 ? mailTo(address) : null), HANG_GUARD, "the tail digest");
    const last = tail.find((m) => m.text.includes("ci sei?"))!;
    expect(last.text).not.toContain("a domani");
    expect(last.text).toMatch(/Un nuovo messaggio/);

    // At the table live: nothing at all, and no later digest repeats it.
    const socket = await openSocket(game.id, game.seats[0]!.token);
    await socket.next((m) => m.type === "events", 0);
    setTime(T0 + 3 * HOUR);
    await say(game, 1, { text: "sei qui?" });
    await drain(game);
    socket.close();
    await settle(300);
    // Muted: nothing either.
    await call(`/api/games/${game.id}/chat/mutes`, {
      token: game.seats[0]!.token,
      headers: seatKey(game.seats[0]!.token),
      body: { seat: 1, muted: true },
    });
    setTime(T0 + 5 * HOUR);
    await say(game, 1, { text: "silenzio" });
    await drain(game);
    await settle(1500);
    setTime(T0 + 7 * HOUR);
    await drain(game);
    await settle(1500);
    expect(await received(annaHook)).toHaveLength(4);
    expect((await mailTo(address)).length).toBe(3);
    for (const mail of await mailTo(address)) expect(mail.text).not.toMatch(/sei qui|silenzio/);
    expect(await received(defaultsHook)).toHaveLength(0);
    expect(await received(brunoHook)).toHaveLength(0);
    expect(await received(groupHook)).toHaveLength(0);
  });
});
