import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { previewSvg } from "../../src/server/unfurl/image";
import { summarize } from "../../src/server/unfurl/summary";
import { LANGUAGES } from "../../src/shared/language";
import { checkPlayerText, displayText } from "../../src/shared/text";
import { call, createGame, view } from "./helpers";
import { hook, playerKey, unique } from "./notify/helpers";

/**
 * Issue 15, hardening round two: what an attack on the running service
 * found, each checked as a client would meet it.
 */

/**
 * A receiver host of its own per test: the limits count posts per host, and
 * the local receivers all share one. Nothing needs to arrive there (the
 * answers are what is checked), and without a resolver a name is not looked up.
 */
const elsewhere = () => `https://${unique("r").toLowerCase()}.example.org/hook`;

/** A client address of its own per test: the sending limits count by address (CF-Connecting-IP). */
let nextAddress = 1;
const fromAddress = () => {
  const n = nextAddress++;
  return { "CF-Connecting-IP": `198.51.100.${n}` };
};

describe("a player's text", () => {
  it("refuses a name with a lone surrogate at the claim, and the game's pages still answer", async () => {
    const game = await createGame({ players: 2 });
    const claim = await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { name: "x\ud800" } });
    expect(claim).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST" } } });
    expect(claim.body.error.message).toContain("name");
    for (const path of [`/game/${game.id}`, `/game/${game.id}/replay`, `/game/${game.id}?embed=1`]) {
      expect((await call(path)).status, path).toBe(200);
    }
    expect((await call(`/api/games/${game.id}/preview.png`)).status).toBe(200);
  });

  it.each([
    ["a control character", "Anna\u0001"],
    ["DEL", "Anna\u007f"],
    ["a C1 control", "Anna\u0085"],
    ["a lone low surrogate", "\udc00Anna"],
    ["a noncharacter", "Anna\ufffe"],
    ["a bidirectional override", "\u202eannA"],
    ["a bidirectional isolate", "Anna\u2066"],
    ["a line separator", "An\u2028na"],
    ["41 characters", "a".repeat(41)],
  ])("refuses a name with %s, on creation, claim and a fresh seat link", async (_what, name) => {
    expect(await call("/api/games", { body: { players: 2, names: [name, null] } })).toMatchObject({
      status: 400,
      body: { error: { code: "BAD_REQUEST" } },
    });
    expect(await call("/api/games", { body: { players: 2, seats: [{ name }, { computer: "beginner" }] } })).toMatchObject({
      status: 400,
    });
    const game = await createGame({ players: 2 });
    expect((await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { name } })).status).toBe(400);
    expect((await call(`/api/games/${game.id}/seats/1/link`, { token: game.host.token, body: { name } })).status).toBe(400);
  });

  it("counts a name in characters, not UTF-16 units, and keeps it in NFC", async () => {
    const cards = "🂡".repeat(40); // 40 characters, 80 UTF-16 units
    const decomposed = "Jose\u0301"; // "José" typed with a combining accent
    const game = await createGame({ players: 2, names: [cards, `  ${decomposed} `] });
    const seats = (await view(game.id)).seats;
    expect(seats.map((s) => s.name)).toEqual([cards, "José"]);
    expect(seats[1]!.name).toBe("Jos\u00e9");
  });
});

describe("the link-preview picture", () => {
  it("is drawn whatever a stored name holds: what XML forbids is dropped, a lone surrogate shown as U+FFFD", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const snap = await view(game.id);
    const hostile = ["\u0001\u001f\ufffe\uffff", `x\ud800${"y".repeat(40)}`];
    const tampered = { ...snap, seats: snap.seats.map((s, i) => ({ ...s, name: hostile[i]! })) };
    for (const lang of LANGUAGES) {
      const svg = previewSvg(tampered, summarize(tampered, lang));
      const forbidden = [...svg].filter((ch) => {
        const code = ch.codePointAt(0)!;
        return (
          (code < 0x20 && ch !== "\n" && ch !== "\t" && ch !== "\r") ||
          code === 0xfffe ||
          code === 0xffff ||
          (code >= 0xd800 && code < 0xe000)
        );
      });
      expect(forbidden).toEqual([]);
      // Drawn by the renderer Worker, as the preview route has it drawn (src/preview).
      const drawn = await env.PREVIEW.fetch("https://preview.internal/", { method: "POST", body: svg });
      const png = new Uint8Array(await drawn.arrayBuffer());
      expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    }
    // A name cut short keeps whole characters: never half a surrogate pair.
    expect(displayText("a\ud83c")).toBe("a\ufffd");
    expect(checkPlayerText("🂡".repeat(41), 40)).toMatchObject({ ok: false });
  });
});

describe("sending limits", () => {
  it("counts confirmation messages per mailbox, whatever the address's spelling", async () => {
    const key = playerKey();
    const name = unique("victim");
    const headers = fromAddress();
    const spellings = [
      `${name}+1@gmail.com`,
      `${name.toUpperCase()}+2@GMAIL.com`,
      `${name.slice(0, 3)}.${name.slice(3)}@googlemail.com`,
      `${name}+4@gmail.com`,
    ];
    const answers = [];
    for (const address of spellings)
      answers.push(await call("/api/me/notifications", { token: key, headers, body: { channel: "email", address } }));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[3]).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect(Number(answers[3]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another provider's dots are its own: a different mailbox.
    expect(
      (
        await call("/api/me/notifications", {
          token: key,
          headers,
          body: { channel: "email", address: `${name.slice(0, 3)}.${name.slice(3)}@example.org` },
        })
      ).status,
    ).toBe(201);
  });

  it("limits subscriptions per client address, however many player keys it mints", async () => {
    const headers = fromAddress();
    const url = elsewhere();
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    let made = 0;
    for (let i = 0; i < 40 && !refused; i++) {
      // A fresh key every time, and a different target: nothing but the address in common.
      const answer = await call("/api/me/notifications", {
        token: playerKey(),
        headers,
        body: { channel: "webhook", url: `${url}?n=${i}` },
      });
      if (answer.status === 201) made++;
      else refused = answer;
    }
    expect(made).toBe(30);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect(
      (await call("/api/me/notifications", { token: playerKey(), headers: fromAddress(), body: { channel: "webhook", url } })).status,
    ).toBe(201);
  });

  it("limits test messages per target host across keys and addresses", async () => {
    const url = elsewhere();
    const subscriptions: { key: string; id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const key = playerKey();
      const made = await call("/api/me/notifications", {
        token: key,
        headers: fromAddress(),
        body: { channel: "webhook", url: `${url}?k=${i}` },
      });
      expect(made.status).toBe(201);
      subscriptions.push({ key, id: made.body.subscription.id });
    }
    const statuses: number[] = [];
    // Each subscription may send ten an hour, each from its own address: the host's twenty stop them first.
    for (let round = 0; round < 10; round++)
      for (const { key, id } of subscriptions)
        statuses.push((await call(`/api/me/notifications/${id}/test`, { token: key, method: "POST", headers: fromAddress() })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("limits the invitation a new game webhook posts at once, per target", async () => {
    const url = elsewhere();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const game = await createGame({ players: 2 });
      for (let j = 0; j < 5; j++)
        statuses.push(
          (
            await call(`/api/games/${game.id}/webhooks`, {
              token: game.invite.token,
              headers: fromAddress(),
              body: { url: `${url}?g=${i}&w=${j}` },
            })
          ).status,
        );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("limits test messages per client address across targets", async () => {
    const headers = fromAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const key = playerKey();
      const made = await call("/api/me/notifications", {
        token: key,
        headers: fromAddress(),
        body: { channel: "webhook", url: elsewhere() },
      });
      for (let j = 0; j < 10; j++)
        statuses.push(
          (await call(`/api/me/notifications/${made.body.subscription.id}/test`, { token: key, method: "POST", headers })).status,
        );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe("several limits at once", () => {
  it("are taken all or none: a request refused by one costs nothing in the others", async () => {
    const { env } = await import("cloudflare:workers");
    const { take, takeAll } = await import("../../src/server/notify/send-limits");
    const now = Date.now();
    const target = `host:${unique("t")}`;
    for (let i = 0; i < 20; i++) expect(await take(env.DB, "postsPerTarget", target, now)).toBe(0);
    const client = unique("client");
    const wait = await takeAll(
      env.DB,
      [
        ["subscriptionsPerAddress", client],
        ["postsPerTarget", target],
      ],
      now,
    );
    expect(wait).toBeGreaterThan(3500);
    for (let i = 0; i < 30; i++) expect(await take(env.DB, "subscriptionsPerAddress", client, now)).toBe(0);
    expect(await take(env.DB, "subscriptionsPerAddress", client, now)).toBeGreaterThan(0);
  });
});

describe("smaller defects", () => {
  it("refuses a seat's token at a game's webhooks without marking the seat taken", async () => {
    const game = await createGame({ players: 2 });
    const url = await hook(unique("h"));
    const refused = await call(`/api/games/${game.id}/webhooks`, { token: game.seats[1]!.token, body: { url } });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "FORBIDDEN" } } });
    expect((await view(game.id)).seats[1]!.taken).toBe(false);
    expect(await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { seat: 1, name: "Carla" } })).toMatchObject({
      status: 200,
    });
  });

  it("lets the host secret manage the game's webhooks, and never posts it as an invitation", async () => {
    const game = await createGame({ players: 2 });
    const name = unique("h");
    const url = await hook(name);
    const made = await call(`/api/games/${game.id}/webhooks`, { token: game.host.token, body: { url } });
    expect(made.status).toBe(201);
    expect((await call(`/api/games/${game.id}/webhooks`, { token: game.host.token })).body.webhooks).toHaveLength(1);
    const { received, settle } = await import("./notify/helpers");
    await settle(1000);
    for (const post of await received(name)) expect(JSON.stringify(post)).not.toContain(game.host.token);
  });

  it("refuses rules with a __proto__ key as any unknown option", async () => {
    const answer = await call("/api/games", {
      raw: '{"players": 2, "rules": {"preset": "classic", "__proto__": {"target": 5}}}',
      headers: { "Content-Type": "application/json" },
    });
    expect(answer).toMatchObject({ status: 422, body: { error: { code: "BAD_RULES" } } });
    expect(answer.body.error.message).toContain("__proto__");
    const other = await call("/api/games", { body: { players: 2, rules: { preset: "classic", castling: true } } });
    expect(other).toMatchObject({ status: 422, body: { error: { code: "BAD_RULES" } } });
  });

  it.each([
    "a@b..test",
    "a..b@example.org",
    ".a@example.org",
    "a@-b.example.org",
    "a\u0001@example.org",
    // A lone surrogate, a bidirectional override ("Trojan Source"), a noncharacter, a C1 control, a line separator.
    "a\uD800@example.org",
    "\u202Eevil@example.org",
    "\uFFFE@example.org",
    "a\u0085b@example.org",
    "a\u2028b@example.org",
  ])("refuses %j as an email address", async (address) => {
    expect(
      await call("/api/me/notifications", { token: playerKey(), headers: fromAddress(), body: { channel: "email", address } }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: "BAD_REQUEST" } },
    });
  });

  it("answers a cross-origin preflight, granted or refused, with the security headers", async () => {
    const game = await createGame({ players: 2 });
    for (const [path, method, status] of [
      [`/api/games/${game.id}`, "GET", 204],
      [`/api/games/${game.id}/moves`, "POST", 403],
    ] as const) {
      const answer = await call(path, {
        method: "OPTIONS",
        headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": method },
      });
      expect(answer.status).toBe(status);
      expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(answer.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
