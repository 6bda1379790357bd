import { afterEach, describe, expect, it } from "vitest";
import { newGameId } from "../../src/server/auth";
import { DAY, laterDay, realTime, setTime, T0 } from "./clock-helpers";
import { BASE, call } from "./helpers";
import { BASE_TOURNAMENT, createTournament, drainTable, playerKey, register, runTournament, tournament } from "./tournament-helpers";

/**
 * The tournament API as people use and abuse it: every input checked and
 * every refusal a typed 4xx; registration's limits; pairs joining by link;
 * the organiser's actions only the organiser's; a player in several
 * tournaments at once, each round's table in "my games".
 */

afterEach(realTime);

const create = (key: string | undefined, body: Record<string, unknown>) =>
  call("/api/tournaments", { ...(key ? { token: key } : {}), body: { ...BASE_TOURNAMENT, ...body } });

const post = (path: string, key: string, body?: unknown) =>
  call(path, { token: key, method: "POST", ...(body === undefined ? {} : { body }) });

describe("creating a tournament", () => {
  it("refuses what does not make one, each with its code", async () => {
    const key = playerKey();
    expect((await create(undefined, {})).body.error.code).toBe("AUTH_REQUIRED");
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "BAD_REQUEST"],
      [{ name: "a\u0000b" }, 400, "BAD_REQUEST"],
      [{ name: "x".repeat(61) }, 400, "BAD_REQUEST"],
      [{ format: "teams" }, 400, "BAD_REQUEST"],
      [{ format: "individual", players: 4 }, 400, "BAD_REQUEST"],
      [{ movement: "swiss" }, 400, "BAD_REQUEST"],
      [{ rounds: 0 }, 400, "BAD_REQUEST"],
      [{ rounds: 21 }, 400, "BAD_REQUEST"],
      [{ hands: 11 }, 400, "BAD_REQUEST"],
      [{ preset: "scopa" }, 400, "BAD_REQUEST"],
      [{ extra: true }, 400, "BAD_REQUEST"],
      [{ registration: { maxEntries: 1001 } }, 400, "BAD_REQUEST"],
      [{ clock: { perMove: "30m" } }, 422, "BAD_CLOCK"],
      [{ clock: { perMove: "3d" }, roundTime: "2d" }, 422, "BAD_TOURNAMENT"],
      [{ roundTime: "61d" }, 422, "BAD_TOURNAMENT"],
      [{ registration: { until: "2001-01-01T00:00:00Z" } }, 422, "BAD_TOURNAMENT"],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await create(key, body);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await call("/api/tournaments", { token: key, raw: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
  });

  it("answers 404 for an id it never made, without opening anything", async () => {
    expect((await call("/api/tournaments/not-an-id")).body.error.code).toBe("TOURNAMENT_NOT_FOUND");
    expect((await call(`/api/tournaments/${"A".repeat(24)}/standings`)).status).toBe(404);
    // Well made but never created.
    expect((await call(`/api/tournaments/${newGameId(undefined)}`)).body.error.code).toBe("TOURNAMENT_NOT_FOUND");
  });
});

describe("registration", () => {
  it("closes with its number of entries, refuses a second entry, and is the organiser's to start", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { registration: { maxEntries: 3 } });
    const [a, b, c, d] = [playerKey(), playerKey(), playerKey(), playerKey()];
    await register(id, a, "Anna");
    expect((await post(`/api/tournaments/${id}/entries`, a, {})).body.error.code).toBe("ALREADY_ENTERED");
    // Too few to start; and a player is not the organiser.
    expect((await post(`/api/tournaments/${id}/start`, organiser)).body.error.code).toBe("NOT_ENOUGH_ENTRIES");
    await register(id, b, "Bruno");
    expect((await post(`/api/tournaments/${id}/start`, b)).status).toBe(403);
    expect((await call(`/api/tournaments/${id}/entries/0`, { token: b, method: "DELETE" })).status).toBe(403);
    await register(id, c, "Carla");
    const full = await post(`/api/tournaments/${id}/entries`, d, {});
    expect([full.status, full.body.error.code]).toEqual([409, "REGISTRATION_CLOSED"]);
    expect((await tournament(id)).registrationOpen).toBe(false);
    // A player leaves before the start: the place is free again.
    expect((await call(`/api/tournaments/${id}/entries/mine`, { token: c, method: "DELETE" })).status).toBe(200);
    await register(id, d, "Dario");
    // The organiser removes a no-show, then starts.
    expect((await call(`/api/tournaments/${id}/entries/0`, { token: organiser, method: "DELETE" })).status).toBe(200);
    expect((await call(`/api/tournaments/${id}/entries/9`, { token: organiser, method: "DELETE" })).body.error.code).toBe(
      "ENTRY_NOT_FOUND",
    );
    expect((await post(`/api/tournaments/${id}/start`, organiser)).status).toBe(200);
    expect((await tournament(id)).entries.map((e) => e.names[0])).toEqual(["Bruno", "Dario"]);
    expect((await post(`/api/tournaments/${id}/entries`, playerKey(), {})).body.error.code).toBe("TOURNAMENT_STARTED");
    expect((await post(`/api/tournaments/${id}/computer`, organiser, {})).body.error.code).toBe("TOURNAMENT_STARTED");
  });

  it("closes at its time", async () => {
    setTime(T0);
    const { id } = await createTournament(playerKey(), { registration: { until: new Date(T0 + DAY).toISOString() } });
    await register(id, playerKey(), "Anna");
    setTime(T0 + DAY);
    expect((await post(`/api/tournaments/${id}/entries`, playerKey(), {})).body.error.code).toBe("REGISTRATION_CLOSED");
  });

  it("by invitation: only with its link, and never listed", async () => {
    const organiser = playerKey();
    const made = await createTournament(organiser, { visibility: "invitation" });
    expect(made.invite!.url).toContain(`#invite=${made.invite!.token}`);
    expect((await post(`/api/tournaments/${made.id}/entries`, playerKey(), {})).status).toBe(403);
    expect((await post(`/api/tournaments/${made.id}/entries`, playerKey(), { invite: "x".repeat(22) })).status).toBe(403);
    expect((await post(`/api/tournaments/${made.id}/entries`, playerKey(), { invite: made.invite!.token })).status).toBe(201);
    const listed = await call<{ tournaments: { id: string }[] }>("/api/tournaments");
    expect(listed.body.tournaments.some((t) => t.id === made.id)).toBe(false);
  });

  it("pairs: the partner joins by link, once; an incomplete pair holds the start until the computer fills its place", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { format: "pairs" });
    const [a, b, c, d] = [playerKey(), playerKey(), playerKey(), playerKey()];
    const first = await register(id, a, "Anna");
    expect(first.partner!.url).toContain(`/tournament/${id}#partner=`);
    // The partner link is the first player's to see again, nobody else's.
    expect((await tournament(id, a)).you.partner!.token).toBe(first.partner!.token);
    expect((await tournament(id, b)).you.partner).toBeNull();
    expect(JSON.stringify(await tournament(id))).not.toContain(first.partner!.token);
    expect((await post(`/api/tournaments/${id}/partner`, a, { token: first.partner!.token })).body.error.code).toBe("ALREADY_ENTERED");
    expect((await post(`/api/tournaments/${id}/partner`, b, { token: first.partner!.token, name: "Bruno" })).status).toBe(200);
    const reused = await post(`/api/tournaments/${id}/partner`, c, { token: first.partner!.token });
    expect([reused.status, reused.body.error.code]).toEqual([404, "PARTNER_LINK_INVALID"]);
    await register(id, c, "Carla");
    expect((await post(`/api/tournaments/${id}/start`, organiser)).body.error.code).toBe("ENTRY_INCOMPLETE");
    expect((await post(`/api/tournaments/${id}/computer`, organiser, { entry: 0 })).body.error.code).toBe("SEAT_TAKEN");
    expect((await post(`/api/tournaments/${id}/computer`, organiser, { entry: 1 })).status).toBe(200);
    expect((await post(`/api/tournaments/${id}/computer`, organiser, {})).status).toBe(200);
    const entries = (await tournament(id)).entries;
    expect(entries.map((e) => e.computer)).toEqual([
      [false, false],
      [false, true],
      [true, true],
    ]);
    expect((await post(`/api/tournaments/${id}/start`, organiser)).status).toBe(200);
    void d;
  });
});

describe("players", () => {
  it("play in several tournaments at once, each table in their games with its round's deadline, soonest first", async () => {
    setTime(laterDay());
    const me = playerKey();
    const ids: string[] = [];
    for (const roundTime of ["5d", "2d"]) {
      const organiser = playerKey();
      const { id } = await createTournament(organiser, { roundTime, clock: { perMove: "1d" } });
      await register(id, me, "Anna");
      await register(id, playerKey(), "Bruno");
      await post(`/api/tournaments/${id}/start`, organiser);
      await runTournament(id);
      for (const t of (await tournament(id)).rounds[0]!.tables) await drainTable(t.game!);
      ids.push(id);
    }
    const mine = await call<{ tournaments: { id: string; status: string }[] }>("/api/tournaments/mine", { token: me });
    expect(mine.body.tournaments.map((t) => t.id).sort()).toEqual([...ids].sort());
    type Listed = {
      yourTurn: boolean;
      deadline: string | null;
      tournament?: { id: string; round: number; table: number; deadline: string };
    };
    const games = (await call<{ games: Listed[] }>("/api/me/games", { token: me })).body.games;
    const tables = games.filter((g) => g.tournament);
    expect(tables.map((g) => g.tournament!.id).sort()).toEqual([...ids].sort());
    expect(tables[0]!.tournament).toMatchObject({ round: 0, table: 1, name: "Torneo del giovedì" });
    // Awaiting the player's move first, then by what falls due first: the turn's deadline or the round's.
    const due = (g: Listed) => Math.min(Date.parse(g.deadline ?? "9999-01-01"), Date.parse(g.tournament?.deadline ?? "9999-01-01"));
    for (let i = 1; i < games.length; i++) {
      const [a, b] = [games[i - 1]!, games[i]!];
      expect(Number(a.yourTurn) > Number(b.yourTurn) || (a.yourTurn === b.yourTurn && due(a) <= due(b))).toBe(true);
    }
  });

  it("the organiser ends a tournament: nothing more is planned, and registration is over", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser);
    await register(id, playerKey(), "Anna");
    expect((await post(`/api/tournaments/${id}/end`, playerKey())).status).toBe(403);
    expect((await post(`/api/tournaments/${id}/end`, organiser)).status).toBe(200);
    expect((await tournament(id)).status).toBe("over");
    expect((await post(`/api/tournaments/${id}/entries`, playerKey(), {})).body.error.code).toBe("TOURNAMENT_OVER");
    expect((await post(`/api/tournaments/${id}/end`, organiser)).body.error.code).toBe("TOURNAMENT_OVER");
  });

  it("a tournament's page unfurls with its standings, its oEmbed frames them, and only its embed may be framed", async () => {
    const organiser = playerKey();
    const { id, url } = await createTournament(organiser, { name: "Coppa <Roma>" });
    await register(id, playerKey(), "Anna");
    const page = await call(`/tournament/${id}`, { headers: { "Accept-Language": "it-IT" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta property="og:title" content="Coppa &lt;Roma&gt; — Burraco" />');
    expect(page.text).toContain("Iscrizioni aperte");
    expect(page.headers.get("X-Frame-Options")).toBe("DENY");
    const embed = await call(`/tournament/${id}?embed=1`);
    expect(embed.headers.get("X-Frame-Options")).toBeNull();
    expect(embed.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
    const oembed = await call(`/api/oembed?url=${encodeURIComponent(url)}&format=json`);
    expect(oembed.status).toBe(200);
    expect(oembed.body.html).toContain(`/tournament/${id}?embed=1`);
    expect((await call(`/api/oembed?url=${encodeURIComponent(`${BASE}/tournament/${"A".repeat(24)}`)}`)).status).toBe(404);
  });
});
