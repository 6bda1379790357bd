import { afterEach, describe, expect, it } from "vitest";
import { DAY, HOUR, laterDay, realTime, setTime } from "./clock-helpers";
import { call } from "./helpers";
import { hook, received, settle, unique, until } from "./notify/helpers";
import { createTournament, drainTable, playerKey, register, runTournament, tournament } from "./tournament-helpers";

/**
 * A tournament's players are told, through the notifications they set up
 * and in their own language, when a round starts (their table, their
 * opponents, the round's deadline, a link to their own seat) and, before a
 * round's deadline, that their table is still playing: each once, however
 * often the tournament's room and the tables' rooms are woken.
 */

afterEach(realTime);

interface Heard {
  type: string;
  data: { text: string; url: string; tournament?: { name: string; round: number; table: number }; names?: (string | null)[] };
}

async function heard(name: string, count: number): Promise<Heard[]> {
  const got = await until(async () => {
    const list = await received(name);
    return list.length >= count ? list : null;
  });
  return got.map((h) => JSON.parse(h.body) as Heard);
}

describe("a tournament's notifications", () => {
  it("tell each player their table when a round starts, and remind them before its deadline, once each, in their language", async () => {
    let now = laterDay();
    setTime(now);
    const organiser = playerKey();
    const made = await createTournament(organiser, { name: "Coppa Italia", rounds: 1, roundTime: "5d" });
    const players = [
      { name: "Anna", key: playerKey(), language: "it" },
      { name: "Bruno", key: playerKey(), language: "en" },
    ];
    const hooks: string[] = [];
    for (const p of players) {
      const name = unique(`tournament-${p.name}`);
      const sub = await call("/api/me/notifications", {
        token: p.key,
        body: { channel: "webhook", url: await hook(name), language: p.language },
      });
      expect(sub.status).toBe(201);
      await hook(name, { secret: sub.body.secret });
      hooks.push(name);
      await register(made.id, p.key, p.name);
    }
    await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
    await runTournament(made.id);
    const [table] = (await tournament(made.id)).rounds[0]!.tables;
    await drainTable(table!.game!);

    for (const [i, name] of hooks.entries()) {
      // The round's start and the first turn are two notifications, which may arrive in either order.
      const started = await until(async () => {
        const list = (await heard(name, 1)).filter((e) => e.type === "game.started");
        return list.length > 0 ? list : null;
      });
      expect(started[0]!.data.tournament).toMatchObject({ name: "Coppa Italia", round: 0, table: 1 });
      expect(started[0]!.data.url).toMatch(new RegExp(`/game/${table!.game}[?#]seat=`));
      expect(started[0]!.data.text).toBe(
        i === 0 ? "Coppa Italia, turno 1: giochi al tavolo 1" : "Coppa Italia, round 1: you play at table 1",
      );
    }

    // A day before the deadline the table is still playing: both players are reminded, once.
    now += 4 * DAY + HOUR;
    setTime(now);
    await runTournament(made.id);
    await runTournament(made.id);
    for (const [i, name] of hooks.entries()) {
      const reminders = await until(async () => {
        const list = (await heard(name, 1)).filter((e) => e.type === "game.roundReminder");
        return list.length > 0 ? list : null;
      });
      expect(reminders[0]!.data.url).toMatch(new RegExp(`/game/${table!.game}[?#]seat=`));
      expect(reminders[0]!.data.text).toBe(
        i === 0 ? "Coppa Italia, turno 1: al tavolo 1 si sta ancora giocando" : "Coppa Italia, round 1: table 1 is still playing",
      );
    }
    await settle();
    for (const name of hooks) {
      const all = await heard(name, 1);
      expect(all.filter((e) => e.type === "game.started")).toHaveLength(1);
      expect(all.filter((e) => e.type === "game.roundReminder")).toHaveLength(1);
    }
  });

  it("tell a player who sits a round out, once, in their language: the round, the bye and what it scores, when the next starts", async () => {
    const now = laterDay();
    setTime(now);
    const organiser = playerKey();
    const made = await createTournament(organiser, { name: "Coppa Dispari", rounds: 2, roundTime: "5d" });
    const players = [
      { name: "Anna", key: playerKey(), language: "it" },
      { name: "Bruno", key: playerKey(), language: "en" },
      { name: "Carla", key: playerKey(), language: "it" },
    ];
    const hooks: string[] = [];
    for (const p of players) {
      const name = unique(`bye-${p.name}`);
      const sub = await call("/api/me/notifications", {
        token: p.key,
        body: { channel: "webhook", url: await hook(name), language: p.language },
      });
      expect(sub.status).toBe(201);
      await hook(name, { secret: sub.body.secret });
      hooks.push(name);
      await register(made.id, p.key, p.name);
    }
    await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
    await runTournament(made.id);
    await runTournament(made.id);
    const round = (await tournament(made.id)).rounds[0]!;
    expect(round.byes).toHaveLength(1);
    const sitter = round.byes[0]!;
    const byes = await until(async () => {
      const list = (await heard(hooks[sitter]!, 1)).filter((e) => e.type === "game.roundBye");
      return list.length > 0 ? list : null;
    });
    const italian = players[sitter]!.language === "it";
    expect(byes[0]!.data.text).toBe(
      italian ? "Coppa Dispari, turno 1: in questo turno riposi" : "Coppa Dispari, round 1: you sit this round out",
    );
    expect(byes[0]!.data.url).toBe(`https://burraco.test/tournament/${made.id}`);
    const message = byes[0]!.data as unknown as { bye: { round: number; vp: number; deadline: number } };
    expect(message.bye).toMatchObject({ round: 0, vp: 12 });
    // Those at the table hear of their table, not of a bye.
    await drainTable(round.tables[0]!.game!);
    for (const [i, name] of hooks.entries()) {
      if (i === sitter) continue;
      // Their table's start and their first turn may come in either order: waited for by what they say.
      const got = await until(async () => {
        const list = (await received(name)).map((h) => JSON.parse(h.body) as Heard);
        return list.some((e) => e.type === "game.started") ? list : null;
      });
      expect(got.some((e) => e.type === "game.roundBye")).toBe(false);
    }
    await settle();
    await runTournament(made.id);
    await settle();
    expect((await heard(hooks[sitter]!, 1)).filter((e) => e.type === "game.roundBye")).toHaveLength(1);
  });
});
