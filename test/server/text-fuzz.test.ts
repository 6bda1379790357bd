import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Answer, call, createGame } from "./helpers";
import { playerKey } from "./notify/helpers";

/**
 * Issue 15's property: generated Unicode — lone surrogates, control
 * characters, bidirectional overrides, noncharacters, very long strings —
 * in every text field of the API gets only 2xx or 4xx answers, and every
 * game made along the way still has its pages: the page, its replay, its
 * embed and its picture.
 */

const HOSTILE = [
  "x\ud800",
  "\udfff",
  "\u0000",
  "a\u0001b",
  "\u007f\u0085",
  "\u202eevil",
  "\u2066\u2069",
  "\ufffe\uffff",
  "\u2028",
  "🂡".repeat(41),
  "e\u0301".repeat(30),
  "<script>alert(1)</script>",
  "\"&'<>",
  " ",
  "",
];

/** Texts of every kind: hostile samples, arbitrary code units (lone surrogates among them), and very long strings. */
const text = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 60 }),
  fc.nat({ max: 20_000 }).map((n) => "n".repeat(n)),
);

let address = 0;

/** A text in a path or query; a lone surrogate, which encodeURIComponent refuses, goes as the bytes UTF-8 forbids for it. */
function inUrl(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return `%ED%A0%80${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ""))}`;
  }
}

describe("any text in any text field", () => {
  it("is answered 2xx or 4xx, and every game's pages still render", async () => {
    const games: string[] = [];
    const notServerError = (what: string, answer: Answer) => {
      expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      if (answer.status >= 400) expect(typeof answer.body.error.code, what).toBe("string");
    };
    await fc.assert(
      fc.asyncProperty(text, fc.nat({ max: 1 }), async (s, seat) => {
        // 192.0.2.0/24: no other file's address (files share limits' storage, vitest.config.ts's worker project).
        const headers = { "CF-Connecting-IP": `192.0.2.${address++ % 250}` };
        const made = await call("/api/games", { headers, body: { players: 2, names: [s, "Bruno"] } });
        notServerError("names", made);
        if (made.status === 201) games.push(made.body.id);
        notServerError(
          "seats",
          await call("/api/games", { headers, body: { players: 2, seats: [{ name: s }, { computer: "beginner" }] } }),
        );
        notServerError("rules", await call("/api/games", { headers, body: { players: 2, rules: { preset: s } } }));
        notServerError("clock", await call("/api/games", { headers, body: { players: 2, clock: { perMove: s } } }));

        const game = await createGame({ players: 2 });
        games.push(game.id);
        notServerError("claim", await call(`/api/games/${game.id}/claim`, { headers, token: game.invite.token, body: { name: s } }));
        notServerError(
          "seat link",
          await call(`/api/games/${game.id}/seats/${seat}/link`, { headers, token: game.host.token, body: { name: s } }),
        );
        notServerError(
          "move id",
          await call(`/api/games/${game.id}/moves`, {
            headers,
            token: game.seats[0]!.token,
            body: { move: { type: "draw" }, version: 2, id: s },
          }),
        );
        // The table's chat: free text, a phrase's code, a key, a report's reason and the message it names.
        const chatAt = `/api/games/${game.id}/chat`;
        notServerError("chat text", await call(chatAt, { headers, token: game.seats[0]!.token, body: { text: s, id: s } }));
        notServerError("chat phrase", await call(chatAt, { headers, token: game.seats[0]!.token, body: { phrase: s } }));
        notServerError(
          "chat report",
          await call(`${chatAt}/${inUrl(s)}/report`, { headers, token: game.seats[1]!.token, body: { reason: s } }),
        );
        notServerError(
          "chat report reason",
          await call(`${chatAt}/3/report`, { headers, token: game.seats[1]!.token, body: { reason: s } }),
        );
        notServerError("game path", await call(`/api/games/${inUrl(s)}`, { headers }));
        notServerError("oembed", await call(`/api/oembed?url=${inUrl(s)}`, { headers }));
        notServerError(
          "webhook url",
          await call(`/api/games/${game.id}/webhooks`, { headers, token: game.invite.token, body: { url: s } }),
        );

        const key = playerKey();
        const me = "/api/me/notifications";
        for (const body of [
          { channel: "email", address: s },
          { channel: "email", address: `${s}@example.org` },
          { channel: "webhook", url: s },
          { channel: "webhook", url: `https://hooks.example.org/${s}` },
          { channel: "push", endpoint: s, keys: { p256dh: s, auth: s } },
          { channel: "email", address: "a@example.org", timeZone: s, digest: "daily" },
          { channel: "email", address: "a@example.org", gameId: s },
          { channel: "email", address: "a@example.org", events: [s] },
          { channel: "email", address: "a@example.org", language: s },
        ])
          notServerError(`subscription ${JSON.stringify(Object.keys(body))}`, await call(me, { headers, token: key, body }));
        notServerError("subscription id", await call(`${me}/${inUrl(s)}`, { headers, token: key, method: "PATCH", body: { timeZone: s } }));
        notServerError("player name", await call("/api/me", { headers, token: key, method: "PATCH", body: { name: s, timeZone: s } }));
        notServerError("device label", await call("/api/me/devices", { headers, token: playerKey(), body: { code: s, label: s } }));
        notServerError("sign-in", await call("/api/me/sign-in", { headers, body: { address: s } }));
        notServerError("absence", await call("/api/me/absences", { headers, token: key, body: { from: s, until: s } }));
        notServerError("confirm", await call("/api/notifications/confirm", { headers, body: { token: s } }));
      }),
      { numRuns: 40 },
    );
    expect(games.length).toBeGreaterThan(40);
    for (const id of games)
      for (const path of [`/game/${id}`, `/game/${id}/replay`, `/game/${id}?embed=1`, `/api/games/${id}/preview.png`, `/api/games/${id}`])
        expect((await call(path)).status, path).toBe(200);
  }, 240_000);
});

/** Characters that show nothing on their own (src/shared/text.ts): a name of only these is no name anyone can see. */
const INVISIBLE = [
  "\u200b", // zero-width space
  "\u200c",
  "\u200d",
  "\u2060", // word joiner
  "\ufeff",
  "\u00ad", // soft hyphen
  "\u034f", // combining grapheme joiner
  "\u3164", // Hangul filler
  "\u115f",
  "\u1160",
  "\uffa0", // halfwidth Hangul filler
  "\u{e0041}", // tag characters
  "\u{e007f}",
  "\ufe0f", // variation selectors
  "\u{e0100}",
  "\u0301", // a combining mark with nothing to combine with
  "\u2800", // braille pattern blank
  "\u3000", // ideographic space
  "\u2003",
  "\u180e",
  "\u{1d159}",
  " ",
];
const invisible = fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""));

describe("a name of invisible characters only", () => {
  it("is refused in every name field, and a visible name among invisible characters is taken", async () => {
    await fc.assert(
      fc.asyncProperty(invisible, async (s) => {
        const headers = { "CF-Connecting-IP": `192.0.2.${address++ % 250}` };
        const refused = (what: string, answer: Answer) => {
          expect(answer.status, `${what} ${JSON.stringify(s)}: ${answer.text.slice(0, 200)}`).toBe(400);
          expect(answer.text, what).toMatch(/visible/);
        };
        refused("names", await call("/api/games", { headers, body: { players: 2, names: [s, "Bruno"] } }));
        refused("seats", await call("/api/games", { headers, body: { players: 2, seats: [{ name: s }, { computer: "beginner" }] } }));
        const game = await createGame({ players: 2 });
        refused("claim", await call(`/api/games/${game.id}/claim`, { headers, token: game.invite.token, body: { name: s } }));
        refused("seat link", await call(`/api/games/${game.id}/seats/1/link`, { headers, token: game.host.token, body: { name: s } }));
        const key = playerKey();
        refused("player name", await call("/api/me", { headers, token: key, method: "PATCH", body: { name: s } }));
        refused("device label", await call("/api/me/devices", { headers, token: playerKey(), body: { code: "AAAAA-AAAAA", label: s } }));
        refused("seek", await call("/api/seeks", { headers, token: key, body: { players: 2, clock: { perMove: "2d" }, name: s } }));
        const said = await call(`/api/games/${game.id}/chat`, { headers, token: game.seats[0]!.token, body: { text: s } });
        expect(said.status, "chat").toBe(422);
        expect(said.body.error.code).toBe("BAD_MESSAGE");
        // Around a visible name they change nothing: taken as typed.
        const named = await call("/api/me", { headers, token: key, method: "PATCH", body: { name: `${s}Anna${s}` } });
        expect(named.status).toBe(200);
        expect(named.body.name).toContain("Ann");
      }),
      // Spaces alone (trimmed to nothing) always among the runs, not only when the draw makes them.
      { numRuns: 25, examples: [["\u3000"], [" \u2003 "]] },
    );
  }, 120_000);
});
