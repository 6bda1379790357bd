import { runDurableObjectAlarm } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { playTurn } from "./clock-helpers";
import { type Answer, BASE, call, createGame, move, roomStub, view } from "./helpers";
import { hook, playerKey, unique } from "./notify/helpers";
import { person } from "./rated-helpers";

/**
 * The OpenAPI document against the service's real answers (issue 15): a
 * sample of requests — successes and refusals, every operation of the
 * document at least once — each answer's status must be one its operation
 * lists, and its JSON body must validate against the schema documented for
 * that status. A field documented as required that comes back null, or a
 * status the document does not name, fails here.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: Json };

let doc: Doc;
const exercised = new Set<string>();
const findings: string[] = [];

beforeAll(async () => {
  doc = (await call<Doc>("/api/openapi.json")).body;
});

/** The document's operation for a real request path, as `METHOD /template`. */
function operationFor(method: string, path: string): { key: string; operation: Operation } | null {
  const bare = path.split("?")[0]!;
  for (const [template, operations] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`);
    const operation = operations[method.toLowerCase()];
    if (operation && pattern.test(bare)) return { key: `${method.toUpperCase()} ${template}`, operation };
  }
  return null;
}

/** Checks one real answer against the document; collects what disagrees. */
function conforms(method: string, path: string, answer: Answer): Answer {
  const found = operationFor(method, path);
  if (!found) {
    findings.push(`${method} ${path}: no operation in the document`);
    return answer;
  }
  exercised.add(found.key);
  const response = found.operation.responses[String(answer.status)] ?? found.operation.responses.default;
  if (!response) {
    findings.push(`${found.key}: answered ${answer.status}, not among ${Object.keys(found.operation.responses).join(", ")}`);
    return answer;
  }
  const type = (answer.headers.get("Content-Type") ?? "").split(";")[0]!;
  const documented = response.content?.[type]?.schema;
  if (type === "application/json") {
    if (!documented)
      findings.push(
        `${found.key} ${answer.status}: a JSON body, documented as ${Object.keys(response.content ?? {}).join(", ") || "none"}`,
      );
    else {
      const result = new Validator({ ...(documented as object), components: doc.components } as never, "2020-12", false).validate(
        answer.body,
      );
      if (!result.valid)
        findings.push(
          `${found.key} ${answer.status}: ${JSON.stringify(result.errors.slice(-3).map((e) => `${e.instanceLocation} ${e.error}`))}`,
        );
    }
  }
  return answer;
}

/** A request through `call`, checked against the document. */
async function sample(path: string, options: Parameters<typeof call>[1] = {}): Promise<Answer> {
  const method = options.method ?? (options.body === undefined && options.raw === undefined ? "GET" : "POST");
  return conforms(method, path, await call(path, options));
}

const LONG_ID = "x".repeat(65);

describe("the OpenAPI document against real answers", () => {
  it("lists every status and validates every body of a sample of successes and refusals", async () => {
    await sample("/api/health");
    await sample("/api/notifications/vapid");

    // Games: with and without a clock, with a computer; refusals of every kind.
    const key = playerKey();
    const created = await sample("/api/games", { body: { players: 2, names: ["Anna", null] } });
    expect(created.status).toBe(201);
    const game = created.body as Awaited<ReturnType<typeof createGame>>;
    const clocked = await createGame({ players: 2, clock: { perMove: "3d" } });
    await sample("/api/games", { body: { players: 2, seats: [{ name: "Anna" }, { computer: "beginner" }] } });
    await sample("/api/games", { body: { players: 5 } });
    await sample("/api/games", { body: { players: 2, rules: { preset: "classic", castling: true } } });
    await sample("/api/games", { body: { players: 2, names: ["x\ud800", null] } });
    await sample("/api/games", { raw: "{", headers: { "Content-Type": "application/json" } });
    await sample("/api/games", { raw: "players=2", headers: { "Content-Type": "application/x-www-form-urlencoded" } });

    for (const id of [game.id, clocked.id]) {
      await sample(`/api/games/${id}`);
      await sample(`/api/games/${id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": key } });
      await sample(`/api/games/${id}/events?since=0`);
      await sample(`/api/games/${id}/record`);
    }
    await sample(`/api/games/${game.id}`, { token: "A".repeat(22) });
    await sample(`/api/games/${game.id}`, { headers: { Authorization: "Bearer !" } });
    await sample("/api/games/AAAAAAAAAAAAAAAAAAAAAAAA");
    await sample(`/api/games/${game.id}/events?since=abc`);
    await sample(`/api/games/${game.id}/ws`);

    const snap = await view(game.id, game.seats[0]!.token);
    const turn = snap.view.hand!.turn;
    conforms("POST", `/api/games/${game.id}/moves`, await move(game.id, game.seats[1 - turn]!.token, { type: "draw" }, snap.version));
    conforms("POST", `/api/games/${game.id}/moves`, await move(game.id, game.seats[turn]!.token, { type: "draw" }, snap.version + 5));
    conforms("POST", `/api/games/${game.id}/moves`, await move(game.id, game.seats[turn]!.token, { type: "draw" }, snap.version));
    await sample(`/api/games/${game.id}/moves`, { token: game.invite.token, body: { move: { type: "draw" }, version: 0 } });
    await sample(`/api/games/${game.id}/moves`, { token: game.seats[0]!.token, body: { move: { type: "castle" }, version: 0 } });

    await sample(`/api/games/${clocked.id}/claim`, {
      token: clocked.invite.token,
      body: { name: "Carla" },
      headers: { "X-Player-Key": key },
    });
    await sample(`/api/games/${clocked.id}/claim`, { token: clocked.invite.token, body: {} });
    await sample(`/api/games/${clocked.id}/claim`, {
      token: clocked.invite.token,
      body: { name: "Dario" },
      headers: { "X-Player-Key": "!" },
    });
    await sample(`/api/games/${clocked.id}/clock/claim`, { token: clocked.seats[0]!.token, method: "POST" });
    await sample(`/api/games/${clocked.id}/clock/claim`, {
      token: clocked.seats[0]!.token,
      method: "POST",
      headers: { "X-Player-Key": "!" },
    });
    await sample(`/api/games/${clocked.id}/clock/claim`, { method: "POST" });
    await sample(`/api/games/${clocked.id}/computer`, { token: clocked.seats[0]!.token, body: { on: true, level: "beginner" } });
    await sample(`/api/games/${clocked.id}/computer`, { token: clocked.seats[0]!.token, body: { on: false } });
    await sample(`/api/games/${clocked.id}/computer`, { token: clocked.invite.token, body: { on: true } });

    // The table's chat: write, refusals, read as a seat and as a spectator, mute, audience, report.
    const talk = await createGame({ players: 2, spectatorChat: true });
    const posted = await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[0]!.token, body: { text: "ciao", id: "c1" } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[0]!.token, body: { text: "ciao", id: "c1" } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[1]!.token, body: { phrase: "good-luck" } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[1]!.token, body: { text: "x".repeat(301) } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[1]!.token, body: { phrase: "nope" } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.invite.token, body: { text: "hi" } });
    await sample(`/api/games/${talk.id}/chat`, { body: { text: "hi" } });
    await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[1]!.token });
    await sample(`/api/games/${talk.id}/chat`);
    await sample(`/api/games/${talk.id}/chat/mutes`, { token: talk.seats[1]!.token, body: { seat: 0, muted: true } });
    await sample(`/api/games/${talk.id}/chat/mutes`, { token: talk.seats[1]!.token, body: { seat: 1, muted: true } });
    await sample(`/api/games/${talk.id}/chat/audience`, { token: talk.seats[1]!.token, body: { open: false } });
    await sample(`/api/games/${talk.id}/chat/audience`, { body: { open: true } });
    await sample(`/api/games/${talk.id}/chat/${posted.body.message.seq}/report`, { token: talk.seats[1]!.token, body: { reason: "rude" } });
    await sample(`/api/games/${talk.id}/chat/${posted.body.message.seq}/report`, { token: talk.seats[0]!.token, body: {} });
    await sample(`/api/games/${talk.id}/chat/999/report`, { token: talk.seats[1]!.token, body: {} });
    for (let i = 0; i < 8; i++) await sample(`/api/games/${talk.id}/chat`, { token: talk.seats[0]!.token, body: { phrase: "hello" } });

    // A rematch: refused before the match is over, made once it is.
    const ended = await createGame({ players: 2 });
    await sample(`/api/games/${ended.id}/rematch`, { token: ended.seats[0]!.token, method: "POST" });
    await sample(`/api/games/${ended.id}/rematch`, { token: ended.invite.token, method: "POST" });
    const endedTurn = (await view(ended.id)).view.hand!.turn;
    conforms("POST", `/api/games/${ended.id}/moves`, await move(ended.id, ended.seats[endedTurn]!.token, { type: "resign" }, 2));
    await sample(`/api/games/${ended.id}/rematch`, { token: ended.seats[0]!.token, method: "POST" });
    await sample(`/api/games/${ended.id}/rematch`, { method: "POST" });

    const fresh = await createGame({ players: 2 });
    await sample(`/api/games/${fresh.id}/seats/1/link`, { token: fresh.host.token, body: { name: "Marco" } });
    await sample(`/api/games/${fresh.id}/seats/1/link`, { token: fresh.seats[0]!.token, body: {} });
    await sample(`/api/games/${fresh.id}/seats/7/link`, { token: fresh.host.token, body: {} });
    await sample(`/api/games/${fresh.id}/seats`, { token: fresh.host.token });
    await sample(`/api/games/${fresh.id}/seats`, { token: fresh.seats[0]!.token });

    await sample(`/api/games/${game.id}/preview.png`);
    await sample(`/api/games/${game.id}/preview.png`, { token: "A".repeat(22) });
    await sample("/api/games/AAAAAAAAAAAAAAAAAAAAAAAA/preview.png");
    await sample(`/api/oembed?url=${encodeURIComponent(`https://burraco.test/game/${game.id}`)}&format=json`);
    await sample("/api/oembed?url=https://elsewhere.example/x");

    // A player's own: games, absences, subscriptions.
    await sample("/api/me/games", { token: key });
    await sample("/api/me/games");
    const from = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const until = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const absence = await sample("/api/me/absences", { token: key, body: { from, until } });
    await sample("/api/me/absences", { token: key, body: { from: until, until: from } });
    await sample("/api/me/absences", { token: key });
    await sample(`/api/me/absences/${(absence.body as { id: string }).id}`, { token: key, method: "DELETE" });
    await sample(`/api/me/absences/${LONG_ID}`, { token: key, method: "DELETE" });
    await sample("/api/me/absences/abs_unknown", { token: key, method: "DELETE" });

    const url = await hook(unique("h"));
    const sub = await sample("/api/me/notifications", { token: key, body: { channel: "webhook", url } });
    const subId = (sub.body as { subscription: { id: string } }).subscription.id;
    await sample("/api/me/notifications", { token: key, body: { channel: "email", address: `${unique("c")}@example.org` } });
    await sample("/api/me/notifications", { token: key, body: { channel: "webhook", url: "https://10.0.0.1/x" } });
    await sample("/api/me/notifications", { token: key, body: { channel: "email", address: "a@b..test" } });
    await sample("/api/me/notifications", { token: key });
    await sample(`/api/me/notifications/${subId}`, { token: key });
    await sample(`/api/me/notifications/${subId}`, { token: key, method: "PATCH", body: { language: "it" } });
    await sample(`/api/me/notifications/${subId}`, { token: key, method: "PATCH", body: { digest: "daily" } });
    await sample(`/api/me/notifications/${subId}/test`, { token: key, method: "POST" });
    for (const method of ["GET", "DELETE"]) await sample(`/api/me/notifications/${LONG_ID}`, { token: key, method });
    await sample(`/api/me/notifications/${LONG_ID}/test`, { token: key, method: "POST" });
    await sample("/api/me/notifications/sub_unknown", { token: key });
    await sample(`/api/me/notifications/${subId}`, { token: key, method: "DELETE" });

    // The player and their devices.
    await sample("/api/me", { token: key });
    await sample("/api/me");
    await sample("/api/me", { token: key, method: "PATCH", body: { name: "Anna", language: "it" } });
    await sample("/api/me", { token: key, method: "PATCH", body: { name: "x\u0001" } });
    await sample("/api/me", { token: key, method: "PATCH", body: { timeZone: "Mars/Olympus" } });
    const code = await sample("/api/me/link-codes", { token: key, method: "POST" });
    const laptop = playerKey();
    await sample("/api/me/link-preview", { token: laptop, body: { code: (code.body as { code: string }).code } });
    await sample("/api/me/link-preview", { token: laptop, body: { code: "NOTAC-ODE00" } });
    await sample("/api/me/devices", { token: laptop, body: { code: (code.body as { code: string }).code, label: "Laptop" } });
    await sample("/api/me/devices", { token: playerKey(), body: { code: "NOTAC-ODE00" } });
    await sample("/api/me/devices", { token: playerKey(), body: {} });
    const devices = await sample("/api/me/devices", { token: key });
    const other = (devices.body as { devices: { id: string; current?: boolean }[] }).devices.find((d) => !d.current)!;
    await sample(`/api/me/devices/${other.id}`, { token: key, method: "PATCH", body: { label: "Old laptop" } });
    await sample(`/api/me/devices/${LONG_ID}`, { token: key, method: "PATCH", body: { label: null } });
    // A seat of this player, opened with another player's device: refused, never given.
    await sample(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": key } });
    await sample(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": playerKey() } });
    await sample(`/api/me/devices/${other.id}`, { token: key, method: "DELETE" });
    await sample("/api/me/devices/dev_unknown", { token: key, method: "DELETE" });
    // The removed device is refused everywhere.
    await sample("/api/me/games", { token: laptop });
    await sample(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": laptop } });
    await sample("/api/me/sign-in", { body: { address: `${unique("s")}@example.org` } });
    await sample("/api/me/sign-in", { body: { address: "not an address" } });
    // A recovery code: made (shown once), previewed and spent by a new device, and refused without a key.
    const recovery = await sample("/api/me/recovery-code", { token: key, method: "POST" });
    await sample("/api/me/recovery-code", { method: "POST" });
    const found = playerKey();
    await sample("/api/me/link-preview", { token: found, body: { code: (recovery.body as { code: string }).code } });
    await sample("/api/me/devices", { token: found, body: { code: (recovery.body as { code: string }).code, label: "New phone" } });

    // A game's webhooks, by its creator.
    const hooks = `/api/games/${fresh.id}/webhooks`;
    const attached = await sample(hooks, { token: fresh.invite.token, body: { url, events: ["turn"] } });
    const hookId = (attached.body as { subscription: { id: string } }).subscription.id;
    await sample(hooks, { token: fresh.invite.token });
    await sample(hooks, { token: fresh.seats[0]!.token });
    await sample(hooks, { body: { url } });
    await sample(`${hooks}/${hookId}/test`, { token: fresh.host.token, method: "POST" });
    await sample(`${hooks}/${LONG_ID}/test`, { token: fresh.host.token, method: "POST" });
    await sample(`${hooks}/${LONG_ID}`, { token: fresh.host.token, method: "DELETE" });
    await sample(`${hooks}/${hookId}`, { token: fresh.invite.token, method: "DELETE" });

    // Ratings: a rated match ended by resignation, its players' public pages and the leaderboards (docs/ratings.md).
    const rated = await createGame({ players: 2, rated: true, clock: { perMove: "3d" } } as never);
    const raters = [await person("Anna"), await person("Bruno")];
    // A fresh key may not open a seat of a rated match (NOT_ESTABLISHED); established players may.
    await sample(`/api/games/${rated.id}`, { token: rated.seats[0]!.token, headers: { "X-Player-Key": playerKey() } });
    for (const seat of [0, 1])
      await sample(`/api/games/${rated.id}`, {
        token: rated.seats[seat]!.token,
        headers: { "X-Player-Key": raters[seat]!.key, ...raters[seat]!.from },
      });
    for (let i = 0; i < 4; i++) await playTurn(rated);
    const ratedView = await view(rated.id, rated.seats[0]!.token);
    await move(rated.id, rated.seats[ratedView.view.hand!.turn]!.token, { type: "resign" }, ratedView.version);
    await runDurableObjectAlarm(roomStub(rated.id));
    await sample(`/api/games/${rated.id}`, { token: rated.seats[0]!.token });
    const rater = await sample("/api/me", { token: raters[0]!.key });
    await sample(`/api/players/${(rater.body as { publicId: string }).publicId}`);
    await sample(`/api/players/${"0".repeat(20)}`);
    await sample("/api/players/not-an-id");
    await sample("/api/leaderboards/classic?players=2");
    await sample("/api/leaderboards/classic?players=9");
    await sample("/api/games", { body: { players: 2, rated: true } });

    // Seeks (docs/seeks.md): publish, list, join (the last seat makes the game), mine, withdraw, play now, and their refusals.
    const [publisher, joinerPerson, third] = [(await person("Anna")).key, await person("Bruno"), playerKey()];
    const joiner = joinerPerson.key;
    const published = await sample("/api/seeks", {
      token: publisher,
      body: { players: 2, clock: { perMove: "2d" }, rated: true, name: "Anna" },
    });
    const seekId = (published.body as { seek: { id: string } }).seek.id;
    await sample("/api/seeks", { token: publisher, body: { players: 2, clock: "none" } });
    await sample("/api/seeks", { token: publisher, body: { players: 2, clock: { perMove: "1d" }, expiresIn: "1m" } });
    await sample("/api/seeks", { token: publisher, body: { players: 5, clock: { perMove: "1d" } } });
    await sample("/api/seeks", { body: { players: 2, clock: { perMove: "1d" } } });
    await sample("/api/seeks?players=2&preset=classic&rated=true&pace=correspondence&language=en", { token: publisher });
    await sample("/api/seeks?players=9");
    await sample("/api/seeks/mine", { token: publisher });
    await sample("/api/seeks/mine");
    await sample(`/api/seeks/${seekId}/join`, { token: publisher, body: {} });
    await sample(`/api/seeks/${seekId}/join`, { token: joiner, body: { name: "Bruno" }, headers: joinerPerson.from });
    await sample(`/api/seeks/${seekId}/join`, { token: third, body: {} });
    await sample("/api/seeks/not-a-seek/join", { token: third, body: {} });
    await sample("/api/seeks/AAAAAAAAAAAAAAAA/join", { token: third, body: {} });
    await sample("/api/seeks/mine", { token: joiner });
    const ranged = await sample("/api/seeks", { token: publisher, body: { players: 2, clock: { perMove: "1d" }, minRating: 2000 } });
    const rangedId = (ranged.body as { seek: { id: string } }).seek.id;
    await sample(`/api/seeks/${rangedId}/join`, { token: third, body: {} });
    await sample(`/api/seeks/${rangedId}`, { token: third, method: "DELETE" });
    await sample(`/api/seeks/${rangedId}`, { token: publisher, method: "DELETE" });
    await sample(`/api/seeks/${rangedId}`, { token: publisher, method: "DELETE" });
    await sample(`/api/seeks/${seekId}`, { token: publisher, method: "DELETE" });
    await sample("/api/seeks/play-now", { token: third, body: { preset: "fibur" } });
    await sample("/api/seeks/play-now", { token: third, body: { preset: "fibur", name: "Carla" } });
    await sample("/api/seeks/play-now", { token: third, body: { preset: "fibur", name: "Carla" } });
    await sample("/api/seeks/play-now", { token: joiner, body: { preset: "fibur" } });
    await sample("/api/seeks/play-now", { token: joiner, body: { clock: { perMove: "3d" } } });

    // Tournaments (docs/tournaments.md): create, list, read, register, a pair's partner, the organiser's actions, standings, record.
    const organiser = playerKey();
    const tbody = { name: "Torneo", format: "pairs", rounds: 1, hands: 1, movement: "mitchell", clock: { perMove: "1d" }, roundTime: "3d" };
    const tmade = await sample("/api/tournaments", { token: organiser, body: tbody });
    const tid = (tmade.body as { id: string }).id;
    await sample("/api/tournaments", { token: organiser, body: { ...tbody, roundTime: "1h" } });
    await sample("/api/tournaments", { token: organiser, body: { ...tbody, movement: "swiss" } });
    await sample("/api/tournaments", { body: tbody });
    await sample("/api/tournaments?status=registration");
    await sample("/api/tournaments?status=nope");
    await sample("/api/tournaments/mine", { token: organiser });
    await sample("/api/tournaments/mine");
    const [t1, t2, t3] = [playerKey(), playerKey(), playerKey()];
    const entered = await sample(`/api/tournaments/${tid}/entries`, { token: t1, body: { name: "Anna" } });
    await sample(`/api/tournaments/${tid}/entries`, { token: t1, body: {} });
    const partner = (entered.body as { partner: { token: string } }).partner.token;
    await sample(`/api/tournaments/${tid}/partner`, { token: t2, body: { token: partner } });
    await sample(`/api/tournaments/${tid}/partner`, { token: t3, body: { token: partner } });
    await sample(`/api/tournaments/${tid}/start`, { token: t3, method: "POST" });
    await sample(`/api/tournaments/${tid}/start`, { token: organiser, method: "POST" });
    await sample(`/api/tournaments/${tid}/computer`, { token: organiser, body: {} });
    await sample(`/api/tournaments/${tid}/computer`, { token: organiser, body: { entry: "x" } });
    await sample(`/api/tournaments/${tid}/entries/7`, { token: organiser, method: "DELETE" });
    await sample(`/api/tournaments/${tid}/entries/x`, { token: organiser, method: "DELETE" });
    await sample(`/api/tournaments/${tid}/entries/mine`, { token: t3, method: "DELETE" });
    await sample(`/api/tournaments/${tid}`, { token: t1 });
    await sample(`/api/tournaments/${tid}/start`, { token: organiser, method: "POST" });
    await sample(`/api/tournaments/${tid}`);
    await sample(`/api/tournaments/${tid}/standings`);
    await sample(`/api/tournaments/${tid}/record`);
    await sample(`/api/tournaments/${tid}/entries/1`, { token: organiser, method: "DELETE" });
    await sample(`/api/tournaments/${tid}/entries/mine`, { token: t1, method: "DELETE" });
    await sample(`/api/tournaments/${tid}/end`, { token: organiser, method: "POST" });
    await sample(`/api/tournaments/${tid}/end`, { token: organiser, method: "POST" });
    await sample(`/api/tournaments/${"A".repeat(24)}`);
    await sample(`/api/tournaments/${"A".repeat(24)}/standings`);
    await sample(`/api/tournaments/${"A".repeat(24)}/record`);

    // The links an email carries.
    await sample("/api/notifications/confirm", { body: { token: "q1w2e3r4t5y6u7i8o9p0aa" } });
    await sample("/api/notifications/confirm", { body: { token: "short" } });
    // The page's link answers with a redirect, which `call` would follow.
    const { exports } = await import("cloudflare:workers");
    const redirected = await exports.default.fetch(`${BASE}/api/notifications/unsubscribe/q1w2e3r4t5y6u7i8o9p0aa`, { redirect: "manual" });
    conforms("GET", "/api/notifications/unsubscribe/q1w2e3r4t5y6u7i8o9p0aa", {
      status: redirected.status,
      headers: redirected.headers,
      text: await redirected.text(),
      body: null,
    });
    await sample("/api/notifications/unsubscribe/q1w2e3r4t5y6u7i8o9p0aa", {
      raw: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

    expect(findings).toEqual([]);
    const operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${template}`),
    );
    expect(operations.filter((op) => !exercised.has(op))).toEqual([]);
  });
});
