import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/index";
import { alarm, DAY, playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { BASE, call, createGame, move, playRandomMoves, view } from "./helpers";

/**
 * Link previews: a game's page carries OpenGraph and Twitter tags and an
 * oEmbed link built from the public view, its picture is a PNG of the
 * public table, and the oEmbed answer frames the public embed. No hidden
 * card and no token ever appears in them.
 */

afterEach(() => realTime());

async function page(path: string, headers: Record<string, string> = {}) {
  const answer = await call(path, { headers });
  return answer;
}

function meta(html: string, property: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${property.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
  return match ? match[1]!.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e]!) : null;
}

describe("a game's page", () => {
  it("carries the players, preset, score and whose turn, a picture and the oEmbed link, in the reader's language", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "<Bruno>"], rules: { preset: "chiuso" } });
    const snap = await view(game.id);
    const answer = await page(`/game/${game.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    const html = answer.text;
    expect(html).toContain('<div id="app">');
    expect(meta(html, "og:title")).toBe("Burraco: Anna vs <Bruno>");
    expect(html).not.toContain("<Bruno>"); // escaped
    const turn = snap.seats[snap.view.hand!.turn]!.name;
    expect(meta(html, "og:description")).toBe(`Chiuso, to 2,000 — Hand 1 — Anna 0 · <Bruno> 0 — ${turn}'s turn — 2 seats free`);
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "og:image")).toBe(`${BASE}/api/games/${game.id}/preview.png?v=${snap.version}&lang=en`);
    expect(meta(html, "og:url")).toBe(`${BASE}/game/${game.id}`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${BASE}/api/oembed?url=${encodeURIComponent(`${BASE}/game/${game.id}`)}&amp;format=json"`,
    );
    // No secret of any kind: seat tokens, the invitation, the creator's.
    for (const secret of [...game.seats.map((s) => s.token), game.invite.token, game.host.token]) expect(html).not.toContain(secret);
    // Not a card of any hand (the view's only cards are the discard pile's).
    expect(html).not.toMatch(/\b(?:10|[2-9AJQK])[SHDC]\b/);

    const italian = await page(`/game/${game.id}/replay`, { "Accept-Language": "it-IT,it;q=0.9,en;q=0.5" });
    expect(meta(italian.text, "og:title")).toBe("Burraco: Anna contro <Bruno>");
    expect(meta(italian.text, "og:description")).toMatch(
      /^Chiuso, a 2000 — Smazzata 1 — Anna 0 · <Bruno> 0 — tocca ad? .+ — 2 posti liberi$/,
    );
    expect(meta(italian.text, "og:locale")).toBe("it_IT");
  });

  it("says who won once the match is over, and stays the plain page for an unknown game", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const turn = (await view(game.id)).view.hand!.turn;
    expect((await move(game.id, game.seats[turn]!.token, { type: "resign" }, 2)).status).toBe(200);
    const html = (await page(`/game/${game.id}`)).text;
    expect(meta(html, "og:description")).toMatch(/Match over: (Anna|Bruno) won/);
    const unknown = await page("/game/AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(200);
    expect(meta(unknown.text, "og:title")).toBeNull();
    expect(unknown.text).toContain('<div id="app">');
  });

  it("says a match cancelled on a timeout was cancelled, and why, never a 0–0 finish; and one won on time, so", async () => {
    setTime(T0);
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d" } } as never);
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    realTime();
    const description = meta((await page(`/game/${game.id}`)).text, "og:description")!;
    expect(description).toContain("Match cancelled: a player's time ran out before everyone had played, so there is no result");
    expect(description).not.toMatch(/Anna 0|Match over|won/);
    const italian = meta((await page(`/game/${game.id}`, { "Accept-Language": "it" })).text, "og:description")!;
    expect(italian).toContain("Partita annullata");

    setTime(T0);
    const timed = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d" } } as never);
    await playTurn(timed);
    await playTurn(timed);
    const late = (await view(timed.id)).view.hand!.turn;
    setTime(T0 + DAY + 1);
    await alarm(timed.id);
    expect((await call(`/api/games/${timed.id}/clock/claim`, { method: "POST", token: timed.seats[1 - late]!.token })).status).toBe(200);
    realTime();
    const won = meta((await page(`/game/${timed.id}`)).text, "og:description")!;
    expect(won).toContain(`Match over: ${["Anna", "Bruno"][1 - late]} won on time`);
  });
});

describe("the picture", () => {
  it("is a 1200 × 630 PNG that caches may keep per version", async () => {
    const game = await createGame({ players: 4 });
    const answer = await exports.default.fetch(`${BASE}/api/games/${game.id}/preview.png?v=2&lang=it`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    expect(answer.headers.get("Content-Type")).toBe("image/png");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const response = await exports.default.fetch(`${BASE}/api/games/${game.id}/preview.png`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const data = new DataView(bytes.buffer);
    expect([data.getUint32(16), data.getUint32(20)]).toEqual([1200, 630]);
    expect((await call("/api/games/AAAAAAAAAAAAAAAAAAAAAAAA/preview.png")).status).toBe(404);
  });
});

describe("the picture's own Worker", () => {
  it("is drawn by the renderer Worker behind the PREVIEW service binding, which takes only a POSTed SVG", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#064"/></svg>';
    const drawn = await env.PREVIEW.fetch("https://preview.internal/", { method: "POST", body: svg });
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
    const data = new DataView(await drawn.arrayBuffer());
    expect([data.getUint32(16), data.getUint32(20)]).toEqual([40, 20]);
    expect((await env.PREVIEW.fetch("https://preview.internal/")).status).toBe(405);
    expect((await env.PREVIEW.fetch("https://preview.internal/", { method: "POST", body: "x".repeat(600_000) })).status).toBe(413);
  });

  it("keeps one picture per game version: a new move draws a new one", async () => {
    const game = await createGame({ players: 2 });
    const picture = async () =>
      new Uint8Array(await (await exports.default.fetch(`${BASE}/api/games/${game.id}/preview.png?lang=en`)).arrayBuffer());
    const first = await picture();
    expect(await picture()).toEqual(first);
    await playRandomMoves(game, 4, seededRandom("picture"));
    const after = await picture();
    expect([...after.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(after).not.toEqual(first);
  });
});

describe("oEmbed", () => {
  it("answers a rich embed of the public table for a game's address, within the asker's size", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const url = `${BASE}/game/${game.id}`;
    const answer = await call(`/api/oembed?url=${encodeURIComponent(url)}&format=json&maxwidth=400`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.body).toMatchObject({
      version: "1.0",
      type: "rich",
      provider_name: "Burraco",
      title: "Burraco: Anna vs Bruno",
      width: 400,
      height: 560,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(answer.body.html).toBe(
      `<iframe src="${BASE}/game/${game.id}?embed=1" title="Burraco: Anna vs Bruno" width="400" height="560" style="border: 0" loading="lazy"></iframe>`,
    );
    expect((await call(`/api/oembed?url=${encodeURIComponent(url)}&format=xml`)).status).toBe(501);
    expect((await call(`/api/oembed?url=${encodeURIComponent("https://elsewhere.example/game/x")}`)).status).toBe(404);
    expect((await call("/api/oembed?url=not%20a%20url")).status).toBe(400);
    expect((await call("/api/oembed")).status).toBe(400);
  });
});

describe("the icon", () => {
  it("answers /favicon.ico with an icon, not the page", async () => {
    const answer = await (await import("cloudflare:workers")).exports.default.fetch(`${BASE}/favicon.ico`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).not.toContain("text/html");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
