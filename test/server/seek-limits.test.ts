import { describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import { SEEK_LIMITS, type Seek } from "../../src/shared/wire/seeks";
import { call, homeAddress, view } from "./helpers";
import { person } from "./rated-helpers";

/**
 * The lobby against people who abuse it (docs/seeks.md, "Limits"): a flood
 * of keys from one network, rated seeks and fresh keys, names, and ten
 * players pressing "play now" at once.
 */

const seekBody = (extra: Record<string, unknown> = {}) => ({
  players: 3,
  preset: "chiuso-stcl",
  clock: { perMove: "2d" },
  language: "en",
  name: "Flood",
  ...extra,
});

describe("the lobby's limits", () => {
  it("a flood of 12 keys x 10 seeks from one /64 gets few in, and the lobby shows few of them, an established player's first", async () => {
    // An established player's seek, published before the flood from a network of their own.
    const anna = await person("Anna");
    const hers = await call("/api/seeks", { token: anna.key, headers: anna.from, body: seekBody({ name: "Anna" }) });
    expect(hers.status).toBe(201);

    const statuses: number[] = [];
    for (let k = 0; k < 12; k++) {
      const flooder = newToken();
      for (let i = 0; i < 10; i++) {
        const from = { "CF-Connecting-IP": `2001:db8:f100:d:${k.toString(16)}::${(i + 1).toString(16)}` };
        statuses.push((await call("/api/seeks", { token: flooder, headers: from, body: seekBody() })).status);
      }
    }
    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBe(SEEK_LIMITS.openPerNetwork);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    // A new player's fourth open seek is refused, whatever the network.
    const newcomer = newToken();
    const mine: number[] = [];
    for (let i = 0; i < SEEK_LIMITS.openPerNewPlayer + 1; i++)
      mine.push(
        (await call("/api/seeks", { token: newcomer, headers: { "CF-Connecting-IP": homeAddress(50 + i) }, body: seekBody() })).status,
      );
    expect(mine).toEqual([...new Array(SEEK_LIMITS.openPerNewPlayer).fill(201), 409]);

    const lobby = (await call<{ seeks: Seek[] }>("/api/seeks?preset=chiuso-stcl&players=3&language=en")).body.seeks;
    const flood = lobby.filter((s) => s.seats[0]!.name === "Flood");
    expect(flood.length).toBeLessThanOrEqual(SEEK_LIMITS.listedPerNetwork + SEEK_LIMITS.listedPerPlayer);
    // Anna's, older than all of them, comes first: an established player's seeks before a flood of fresh keys.
    expect(lobby[0]!.id).toBe(hers.body.seek.id);
    // Of one publisher, at most a few.
    const byPublisher = new Map<string, number>();
    for (const s of lobby) byPublisher.set(s.seats[0]!.publicId, (byPublisher.get(s.seats[0]!.publicId) ?? 0) + 1);
    expect(Math.max(...byPublisher.values())).toBeLessThanOrEqual(SEEK_LIMITS.listedPerPlayer);
  });

  it("a rated seek is for established players: publishing, joining and playing now rated, each refused to a fresh key", async () => {
    const fresh = newToken();
    const from = { "CF-Connecting-IP": homeAddress(70) };
    const published = await call("/api/seeks", { token: fresh, headers: from, body: seekBody({ players: 2, rated: true }) });
    expect(published.status).toBe(403);
    expect(published.body.error.code).toBe("NOT_ESTABLISHED");
    const now = await call("/api/seeks/play-now", { token: fresh, headers: from, body: { rated: true, name: "Fresh" } });
    expect(now.body.error.code).toBe("NOT_ESTABLISHED");

    const anna = await person("Anna");
    const seek = (await call("/api/seeks", { token: anna.key, headers: anna.from, body: seekBody({ players: 2, rated: true }) })).body.seek;
    const joined = await call(`/api/seeks/${seek.id}/join`, { token: fresh, headers: from, body: { name: "Fresh" } });
    expect(joined.status).toBe(403);
    expect(joined.body.error.code).toBe("NOT_ESTABLISHED");
    // An established player on Anna's own line is the same person as far as can be told.
    const alt = await person("Alt");
    const line = anna.from["CF-Connecting-IP"]!.replace(/::7$/, "::8");
    const same = await call(`/api/seeks/${seek.id}/join`, { token: alt.key, headers: { "CF-Connecting-IP": line }, body: {} });
    expect(same.status).toBe(403);
    expect(same.body.error.code).toBe("SAME_PERSON");
    const bruno = await person("Bruno");
    const fine = await call(`/api/seeks/${seek.id}/join`, { token: bruno.key, headers: bruno.from, body: {} });
    expect(fine.status).toBe(200);
    // Sat down under his player's name, asked of nobody twice.
    expect((await view(fine.body.game.id)).seats.map((s) => s.name)).toEqual(["Flood", "Bruno"]);
  });

  it("a seat in a stranger's game needs a name: the player's own, or one given", async () => {
    const anna = await person("Anna");
    const seek = (await call("/api/seeks", { token: anna.key, headers: anna.from, body: seekBody({ players: 2, name: "Anna" }) })).body
      .seek;
    const bruno = newToken();
    const nameless = await call(`/api/seeks/${seek.id}/join`, { token: bruno, body: {} });
    expect(nameless.status).toBe(422);
    expect(nameless.body.error.code).toBe("NAME_REQUIRED");
    expect((await call("/api/seeks", { token: bruno, body: { players: 2, clock: { perMove: "2d" } } })).body.error.code).toBe(
      "NAME_REQUIRED",
    );
    expect((await call("/api/seeks/play-now", { token: bruno, body: {} })).body.error.code).toBe("NAME_REQUIRED");
    expect((await call("/api/me", { method: "PATCH", token: bruno, body: { name: "Bruno" } })).status).toBe(200);
    const joined = await call(`/api/seeks/${seek.id}/join`, { token: bruno, body: {} });
    expect(joined.status).toBe(200);
    expect((await view(joined.body.game.id)).seats.map((s) => s.name)).toEqual(["Anna", "Bruno"]);
    // A name given at the join becomes the player's own if they had none: their page and the leaderboards say it, and no
    // later seat asks again.
    const carla = newToken();
    const other = (await call("/api/seeks", { token: anna.key, headers: anna.from, body: seekBody({ players: 2, name: "Anna" }) })).body
      .seek;
    expect((await call(`/api/seeks/${other.id}/join`, { token: carla, body: { name: "Carla" } })).status).toBe(200);
    expect((await call("/api/me", { token: carla })).body.name).toBe("Carla");
  });
});

describe("play now", () => {
  it("ten players pressing it at once become five games", async () => {
    const players = Array.from({ length: 10 }, (_, i) => ({
      key: newToken(),
      from: { "CF-Connecting-IP": homeAddress(100 + i) },
      name: `Player ${i + 1}`,
    }));
    const answers = await Promise.all(
      players.map((p) =>
        call("/api/seeks/play-now", { token: p.key, headers: p.from, body: { preset: "aperto-sporco", players: 2, name: p.name } }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    // Each finds their game (the publishers in their seeks, as the lobby does).
    const games = new Map<string, number>();
    for (const p of players) {
      const mine = await call("/api/seeks/mine", { token: p.key });
      const seated = mine.body.seeks.filter((s: { game: unknown }) => s.game !== null);
      expect(seated, p.name).toHaveLength(1);
      const id = seated[0].game.id as string;
      games.set(id, (games.get(id) ?? 0) + 1);
    }
    expect(games.size).toBe(5);
    expect([...games.values()].every((n) => n === 2)).toBe(true);
  });
});
