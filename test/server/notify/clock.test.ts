import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { confirmEmail } from "../../../src/server/notify/index";
import { notificationsOf } from "../../../src/server/room/notifications";
import type { Language } from "../../../src/shared/language";
import { PLAYER_DEFAULT_EVENTS } from "../../../src/shared/wire/notifications";
import { alarm, DAY, HOUR, playTurn, realTime, setTime, T0 } from "../clock-helpers";
import { call, computerPlays, createGame, type PeopleGame, seatKey, trueTable } from "../helpers";
import { browserSubscription, HANG_GUARD, hook, mailTo, pushesTo, received, settle, subscribe, unique, until } from "./helpers";

/**
 * The clock's notifications through the real pipeline: a timeout tells the
 * late player and the others what happens now, a claim and a cancelled
 * match say what they are, reminders say which they are and are never sent
 * once their turn is over, and a turn the computer played says so.
 */

afterEach(() => realTime());

interface Listener {
  readonly hook: string;
  readonly address: string;
}

/** Links the seat to a fresh player, who listens by webhook and by a confirmed email address, with the default events. */
async function listen(game: PeopleGame, seat: number, language: Language = "en"): Promise<Listener> {
  const key = unique("player-key-0123456789-");
  await call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: { "X-Player-Key": key } });
  const owner = hashToken(key);
  const name = unique("h");
  const made = await subscribe({ channel: "webhook", target: await hook(name), ownerHash: owner, events: [...PLAYER_DEFAULT_EVENTS] });
  await hook(name, { secret: made.secret });
  const address = `${unique("p")}@example.org`;
  const email = await subscribe({ channel: "email", target: address, ownerHash: owner, language, events: [...PLAYER_DEFAULT_EVENTS] });
  expect(await confirmEmail(env.DB, email.confirmToken!, Date.now())).toBe(true);
  return { hook: name, address };
}

type Posted = { type: string; data: Record<string, any> };
const posted = async (name: string): Promise<Posted[]> => (await received(name)).map((r) => JSON.parse(r.body));
const postedOf = (name: string, type: string) =>
  until(async () => (await posted(name)).find((e) => e.type === type) ?? null, HANG_GUARD, `${type} at ${name}`);
const mailAbout = (address: string, subject: RegExp) =>
  until(async () => (await mailTo(address)).find((m) => subject.test(m.subject)) ?? null, HANG_GUARD, `mail ${subject} to ${address}`);

/** A game of Anna and Bruno with a clock, where each has played once: the seat to play is the next to run out. */
async function playedGame(clock: object): Promise<{ game: PeopleGame; late: number; other: number }> {
  setTime(T0);
  const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock } as never);
  await playTurn(game);
  await playTurn(game);
  const late = (await trueTable(game.id)).state.hand!.turn;
  return { game, late, other: 1 - late };
}

describe("a timeout's notifications", () => {
  it("tells the late player the computer plays for them, tells the other, marks the computer's turn, and sends no stale reminder", async () => {
    const { game, late, other } = await playedGame({ perMove: "2d", timeout: "computer" });
    const names = ["Anna", "Bruno"];
    const lateEars = await listen(game, late);
    const otherEars = await listen(game, other);
    // Nobody acted on the reminders' times: the room wakes after the deadline, with the reminders and the timeout all due.
    setTime(T0 + 2 * DAY + 1);
    await computerPlays(game.id);

    const mail = await mailAbout(lateEars.address, /time ran out/);
    expect(mail.subject).toBe("Burraco: your time ran out");
    expect(mail.text).toContain("Your time ran out: the computer is playing for you — play to take your seat back.");
    expect(mail.text).toContain(`/game/${game.id}#seat=${game.seats[late]!.token}`);
    expect((await postedOf(lateEars.hook, "game.timedOut")).data).toMatchObject({ seat: late, action: "computer" });

    const told = await postedOf(otherEars.hook, "game.timedOut");
    expect(told.data).toMatchObject({ seat: late, action: "computer", text: `${names[late]}'s time ran out in Burraco` });
    const otherMail = await mailAbout(otherEars.address, /time ran out/);
    expect(otherMail.text).toContain(`${names[late]}'s time ran out: the computer is playing for them until they play again.`);
    // The computer's turn, told as the computer's.
    const turn = await postedOf(otherEars.hook, "game.turn");
    expect(turn.data.lastMove).toMatchObject({ seat: late, by: "computer" });
    const turnMail = await mailAbout(otherEars.address, /Your turn/);
    expect(turnMail.text).toContain(`The computer, playing for ${names[late]}, `);

    await settle(1000);
    // Neither reminder of a turn whose time was up went anywhere; each message went once.
    expect((await posted(lateEars.hook)).map((e) => e.type)).toEqual(["game.timedOut"]);
    expect((await mailTo(lateEars.address)).map((m) => m.subject)).toEqual([mail.subject]);
  });

  it("tells the late player their opponents may claim, the opponent that they may, and the claim once, as won on time", async () => {
    const { game, late, other } = await playedGame({ perMove: "1d", timeout: "claim" });
    const lateEars = await listen(game, late, "it");
    const otherEars = await listen(game, other);
    const chat = unique("chat");
    const made = await subscribe({ channel: "webhook", target: await hook(chat), scope: "game", gameId: game.id, events: ["gameOver"] });
    await hook(chat, { secret: made.secret });
    setTime(T0 + DAY + 1);
    await alarm(game.id);

    const mail = await mailAbout(lateEars.address, /scaduto/);
    expect(mail.text).toContain("Il tuo tempo è scaduto: ora i tuoi avversari possono reclamare la partita.");
    const otherMail = await mailAbout(otherEars.address, /time ran out/);
    expect(otherMail.text).toContain("you may now claim the match, or wait for their move.");
    expect(otherMail.text).toContain("Claim the match: ");

    const claimed = await call(`/api/games/${game.id}/clock/claim`, {
      method: "POST",
      token: game.seats[other]!.token,
      headers: seatKey(game.seats[other]!.token),
    });
    expect(claimed.status).toBe(200);
    await alarm(game.id);
    const claim = await postedOf(otherEars.hook, "game.claimed");
    expect(claim.data).toMatchObject({ seat: other, late, winner: other });
    const over = await postedOf(chat, "game.gameOver");
    expect(over.data).toMatchObject({ ending: { reason: "timeout", late, claimedBy: other } });
    expect(over.data.text).toMatch(/won on time$/);
    const lateClaim = await mailAbout(lateEars.address, /reclamato/);
    expect(lateClaim.text).toContain("per tempo.");
    await settle(1000);
    // A player who hears of claims is told the end once: by the claim, not again as the match's end.
    expect((await posted(otherEars.hook)).filter((e) => e.type === "game.gameOver")).toEqual([]);
    expect((await mailTo(lateEars.address)).filter((m) => /reclamato/.test(m.subject))).toHaveLength(1);
  });
});

describe("reminders", () => {
  it("say which they are, and none is sent for a turn that was played", async () => {
    const { game, late } = await playedGame({ perMove: "2d" });
    const ears = await listen(game, late);
    setTime(T0 + 0.8 * 2 * DAY + 1);
    await alarm(game.id);
    const first = await postedOf(ears.hook, "game.reminder");
    expect(first.data).toMatchObject({ seat: late, which: "80%" });
    const firstMail = await mailAbout(ears.address, /Reminder/);
    expect(firstMail.text).toContain("80% of your time for this move has passed.");
    setTime(T0 + 2 * DAY - HOUR + 1);
    await alarm(game.id);
    const lastHour = await until(async () => (await posted(ears.hook)).filter((e) => e.type === "game.reminder")[1] ?? null);
    expect(lastHour.data).toMatchObject({ which: "1h" });
    expect((await mailAbout(ears.address, /One hour left/)).text).toContain("Only an hour is left before your time runs out.");
    // Once the seat has moved, the reminder's notification is no longer made, even if its entry is drained only now.
    const seats = game.seats.map((_, seat) => ({ seat, tokenHash: "", taken: true, name: null, playerHash: "p", link: null }));
    const reminderSeq = (await trueTable(game.id)).entries.findLast((e) => e.body.type === "reminder")!.seq;
    expect(notificationsOf(await trueTable(game.id), seats, reminderSeq).map((n) => n.type)).toEqual(["reminder"]);
    const token = game.seats[late]!.token;
    const drew = await call(`/api/games/${game.id}/moves`, {
      token,
      headers: seatKey(token),
      body: { move: { type: "draw" }, version: (await trueTable(game.id)).version },
    });
    expect(drew.status).toBe(200);
    expect(notificationsOf(await trueTable(game.id), seats, reminderSeq)).toEqual([]);
    const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
    await call(`/api/games/${game.id}/moves`, {
      token,
      headers: seatKey(token),
      body: { move: { type: "discard", card }, version: drew.body.version },
    });
    // The next turn of theirs has its own reminders, none of the old one's.
    setTime(T0 + 2 * DAY + 1);
    await alarm(game.id);
    await settle(1000);
    expect((await posted(ears.hook)).filter((e) => e.type === "game.reminder")).toHaveLength(2);
  });
});

describe("a cancelled match", () => {
  it("is told as cancelled, and why, by email, webhook and push — never as a tie", async () => {
    setTime(T0);
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d" } } as never);
    const late = (await trueTable(game.id)).state.hand!.turn;
    const ears = await listen(game, 1 - late);
    const browser = await browserSubscription();
    const key = unique("player-key-0123456789-");
    await call(`/api/games/${game.id}`, { token: game.seats[late]!.token, headers: { "X-Player-Key": key } });
    await subscribe({ channel: "push", target: browser.endpoint, push: browser.keys, ownerHash: hashToken(key), events: ["gameOver"] });
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    const names = ["Anna", "Bruno"];

    const mail = await mailAbout(ears.address, /cancelled/);
    expect(mail.subject).toBe("Burraco: The match was cancelled");
    expect(mail.text).toContain(`${names[late]}'s time ran out before every player had made a first move`);
    const over = await postedOf(ears.hook, "game.gameOver");
    expect(over.data).toMatchObject({ winner: null, ending: { reason: "aborted", late }, text: "The match was cancelled" });
    const [push] = await until(async () => ((await pushesTo(browser)).length > 0 ? pushesTo(browser) : null));
    expect(JSON.parse(push!)).toMatchObject({ title: "The match was cancelled" });
    // Ids, tokens and tags are random letters that may spell "tie": the words are read without them.
    const words = (text: string) => text.replace(/[A-Za-z0-9_-]{16,}/g, "");
    for (const text of [mail.text, JSON.stringify(over), push!]) expect(words(text)).not.toMatch(/\btie\b|parità/i);
    // Nor is a hand's "0 points" told: the cancelled match is the one message.
    expect((await posted(ears.hook)).map((e) => e.type)).not.toContain("game.handEnded");
  });
});
