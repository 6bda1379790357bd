import { ENGINE_VERSION } from "../../engine/version";
import { LIMITS } from "../../shared/api";

/**
 * The API's OpenAPI 3.1 description, written by hand. Its examples are made
 * up: they show the shapes, never a real game's cards.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

interface Operation {
  summary: string;
  description?: string;
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: Schema[];
  requestBody?: { required: boolean; content: { "application/json": { schema: Schema; example?: Json } } };
  responses: Record<
    string,
    { description: string; headers?: Schema; content?: { "application/json": { schema: Schema; example?: Json } } }
  >;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<"get" | "post", Operation>>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema, example?: Json) => ({ "application/json": { schema, ...(example === undefined ? {} : { example }) } });

const ERRORS: Record<string, string> = {
  "400": "BAD_JSON, BAD_REQUEST or BAD_PLAYER_KEY: the request is malformed.",
  "401": "AUTH_REQUIRED (no token) or BAD_TOKEN (a token this game does not know).",
  "403": "FORBIDDEN: the token does not allow this (e.g. an invitation token playing a move).",
  "404": "GAME_NOT_FOUND.",
  "409": "STALE_VERSION (with currentVersion), NO_FREE_SEAT or SEAT_TAKEN.",
  "413": "BODY_TOO_LARGE.",
  "422":
    "A refused move, with its docs/record.md code (NOT_YOUR_TURN, CARD_NOT_IN_HAND, …), BAD_RULES, BAD_DEAL or IDEMPOTENCY_KEY_REUSED.",
  "429": "RATE_LIMITED: wait Retry-After seconds.",
};

function errors(...codes: string[]): Operation["responses"] {
  const out: Operation["responses"] = {};
  for (const code of codes) {
    out[code] = {
      description: ERRORS[code]!,
      ...(code === "429" ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
      content: json(ref("Error")),
    };
  }
  return out;
}

const gameId = { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_-]{16}$" } };
const seatAuth: Record<string, string[]>[] = [{ seatToken: [] }];
const optionalAuth: Record<string, string[]>[] = [{}, { seatToken: [] }];

const EXAMPLE_ID = "Xq3vB7nK2mPa9TzR";
const exampleSnapshot: Json = {
  id: EXAMPLE_ID,
  version: 5,
  viewer: 0,
  status: "playing",
  seats: [
    { seat: 0, name: "Anna", taken: true },
    { seat: 1, name: "Bruno", taken: true },
  ],
  preparedDeals: false,
  fairness: [{ hand: 0, commitment: "3f1c…(64 hex digits)", salt: null, prepared: false }],
  view: {
    viewer: 0,
    players: 2,
    rules: { preset: "classic", "…": "every option of docs/rules.md §11" },
    match: { totals: [0, 0], over: false, winner: null, starter: 0, hands: [{ number: 0, end: null, scores: null }], victoryPoints: null },
    hand: {
      number: 0,
      dealer: 1,
      turn: 0,
      phase: "play",
      myHand: ["3H", "4H", "5H", "9C", "9D", "JK", "KS", "QS", "7D", "AC", "2S", "10H"],
      myHandHidden: false,
      handSizes: [12, 11],
      melds: [],
      discardPile: { count: 1, top: "8C", cards: ["8C"] },
      stock: 62,
      pozzettiLeft: 2,
      pozzetti: [null, null],
      lastTurn: false,
      picked: null,
      end: null,
      scores: null,
      revealed: null,
    },
  },
};
const exampleEvents: Json = {
  version: 5,
  events: [{ seq: 5, at: "2026-11-30T10:00:00.000Z", type: "drew", seat: 0, stockLeft: 62, card: "10H" }],
  view: exampleSnapshot,
};

export const openApiDocument: OpenApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Burraco",
    version: ENGINE_VERSION,
    description:
      'Burraco by correspondence. Cards are written as in docs/record.md ("10H", "AS", "JK"). Every view and event is cut to what its viewer may see. ' +
      "Seat links carry the seat's token in the URL fragment (`/game/{id}#seat={token}`); send it as `Authorization: Bearer <token>`. " +
      "WebSocket: `GET /api/games/{id}/ws` (see the README's API section).",
  },
  servers: [{ url: "/" }],
  tags: [
    { name: "games", description: "Create, view and play games." },
    { name: "players", description: "A player's games across games, by player key." },
  ],
  paths: {
    "/api/games": {
      post: {
        summary: "Create a game",
        operationId: "createGame",
        tags: ["games"],
        requestBody: {
          required: true,
          content: json(ref("CreateGame"), { players: 2, rules: { preset: "classic", target: 1505 }, names: ["Anna", "Bruno"] }),
        },
        responses: {
          "201": {
            description: "The game, with each seat's secret link (shown only now), the invitation link and the spectator link.",
            content: json(ref("CreatedGame"), {
              id: EXAMPLE_ID,
              version: 2,
              seats: [
                { seat: 0, token: "q1w2e3r4t5y6u7i8o9p0aa", url: `https://burraco.example/game/${EXAMPLE_ID}#seat=q1w2e3r4t5y6u7i8o9p0aa` },
                { seat: 1, token: "z9x8c7v6b5n4m3l2k1j0bb", url: `https://burraco.example/game/${EXAMPLE_ID}#seat=z9x8c7v6b5n4m3l2k1j0bb` },
              ],
              invite: { token: "a1s2d3f4g5h6j7k8l9z0cc", url: `https://burraco.example/game/${EXAMPLE_ID}#invite=a1s2d3f4g5h6j7k8l9z0cc` },
              spectatorUrl: `https://burraco.example/game/${EXAMPLE_ID}`,
            }),
          },
          ...errors("400", "413", "422", "429"),
        },
      },
    },
    "/api/games/{id}": {
      get: {
        summary: "The game as the caller may see it",
        description: "With a seat token: that seat's view. Without a token: the public (spectator) view.",
        operationId: "getGame",
        tags: ["games"],
        security: optionalAuth,
        parameters: [gameId],
        responses: {
          "200": { description: "The game.", content: json(ref("GameSnapshot"), exampleSnapshot) },
          ...errors("400", "401", "404", "429"),
        },
      },
    },
    "/api/games/{id}/moves": {
      post: {
        summary: "Play a move",
        description:
          "`version` must be the game's current version (else 409 with currentVersion). `id` (or the Idempotency-Key header) makes retries safe: the same id gets the first answer.",
        operationId: "playMove",
        tags: ["games"],
        security: seatAuth,
        parameters: [
          gameId,
          { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: LIMITS.idempotencyKeyLength } },
        ],
        requestBody: { required: true, content: json(ref("MoveRequest"), { move: { type: "draw" }, version: 4, id: "b3c1e0f2-move-17" }) },
        responses: {
          "200": {
            description: "Accepted: the events it caused (as the mover sees them) and the new view.",
            content: json(ref("Events"), exampleEvents),
          },
          ...errors("400", "401", "403", "404", "409", "413", "422", "429"),
        },
      },
    },
    "/api/games/{id}/events": {
      get: {
        summary: "Events since a version (long polling)",
        description: `Answers at once when there are events after \`since\`; otherwise waits up to \`wait\` seconds (at most ${LIMITS.waitSeconds}) for one.`,
        operationId: "getEvents",
        tags: ["games"],
        security: optionalAuth,
        parameters: [
          gameId,
          { name: "since", in: "query", required: false, schema: { type: "integer", minimum: 0, default: 0 } },
          { name: "wait", in: "query", required: false, schema: { type: "number", minimum: 0, maximum: LIMITS.waitSeconds, default: 0 } },
        ],
        responses: {
          "200": { description: "Events and the view.", content: json(ref("Events"), exampleEvents) },
          ...errors("400", "401", "404", "429"),
        },
      },
    },
    "/api/games/{id}/claim": {
      post: {
        summary: "Claim a free seat with the invitation",
        description: "Authorization: Bearer <invitation token>. The seat gets a fresh token; its earlier link stops working.",
        operationId: "claimSeat",
        tags: ["games"],
        security: [{ inviteToken: [] }],
        parameters: [gameId],
        requestBody: { required: false, content: json(ref("ClaimRequest"), { name: "Carla" }) },
        responses: {
          "200": {
            description: "The claimed seat and its new secret link.",
            content: json(ref("SeatLink"), {
              seat: 1,
              token: "p0o9i8u7y6t5r4e3w2q1dd",
              url: `https://burraco.example/game/${EXAMPLE_ID}#seat=p0o9i8u7y6t5r4e3w2q1dd`,
            }),
          },
          ...errors("400", "401", "403", "404", "409", "429"),
        },
      },
    },
    "/api/games/{id}/record": {
      get: {
        summary: "The game record (docs/record.md) of the hands that have ended",
        description: "Each hand with its deal, commitment and salt, each move with its time. A hand still in play is left out.",
        operationId: "getRecord",
        tags: ["games"],
        parameters: [gameId],
        responses: { "200": { description: "A burraco-record/1 document.", content: json({ type: "object" }) }, ...errors("404", "429") },
      },
    },
    "/api/me/games": {
      get: {
        summary: "My games",
        description:
          "Authorization: Bearer <player key>. Seats are linked to a player key by sending X-Player-Key with a seat's requests. Games awaiting your move come first.",
        operationId: "myGames",
        tags: ["players"],
        security: [{ playerKey: [] }],
        responses: {
          "200": {
            description: "The player's games.",
            content: json(ref("MyGames"), {
              games: [
                {
                  id: EXAMPLE_ID,
                  seat: 0,
                  players: 2,
                  names: ["Anna", "Bruno"],
                  status: "playing",
                  turn: 0,
                  yourTurn: true,
                  version: 5,
                  updatedAt: "2026-11-30T10:00:00.000Z",
                },
              ],
            }),
          },
          ...errors("401"),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      seatToken: { type: "http", scheme: "bearer", description: "A seat's token, from its link's fragment #seat=…" },
      inviteToken: { type: "http", scheme: "bearer", description: "The invitation's token, from #invite=…" },
      playerKey: { type: "http", scheme: "bearer", description: "The browser's player key (22–128 base64url characters)." },
    },
    schemas: {
      Error: {
        type: "object",
        required: ["error"],
        properties: {
          error: {
            type: "object",
            required: ["code", "message"],
            properties: {
              code: { type: "string" },
              message: { type: "string" },
              currentVersion: { type: "integer" },
              retryAfter: { type: "integer" },
            },
          },
        },
      },
      CreateGame: {
        type: "object",
        required: ["players"],
        additionalProperties: false,
        properties: {
          players: { enum: [2, 3, 4] },
          rules: {
            type: "object",
            description:
              "A preset (classic, aperto, aperto-sporco, chiuso, chiuso-stcl, chiuso-sporco, fibur) plus overrides (docs/rules.md §11).",
          },
          names: { type: "array", items: { type: ["string", "null"], maxLength: LIMITS.nameLength } },
          deals: {
            type: "array",
            maxItems: LIMITS.preparedDeals,
            items: { type: "object" },
            description: "Prepared deals (docs/record.md), used for the first hands.",
          },
        },
      },
      SeatLink: { type: "object", properties: { seat: { type: "integer" }, token: { type: "string" }, url: { type: "string" } } },
      CreatedGame: {
        type: "object",
        properties: {
          id: { type: "string" },
          version: { type: "integer" },
          seats: { type: "array", items: ref("SeatLink") },
          invite: { type: "object", properties: { token: { type: "string" }, url: { type: "string" } } },
          spectatorUrl: { type: "string" },
        },
      },
      GameSnapshot: {
        type: "object",
        properties: {
          id: { type: "string" },
          version: { type: "integer" },
          viewer: { type: ["integer", "null"] },
          status: { enum: ["playing", "over"] },
          seats: {
            type: "array",
            items: {
              type: "object",
              properties: { seat: { type: "integer" }, name: { type: ["string", "null"] }, taken: { type: "boolean" } },
            },
          },
          preparedDeals: { type: "boolean" },
          fairness: {
            type: "array",
            items: {
              type: "object",
              properties: {
                hand: { type: "integer" },
                commitment: { type: "string" },
                salt: { type: ["string", "null"] },
                prepared: { type: "boolean" },
              },
            },
          },
          view: { type: "object", description: "The engine's per-viewer view (docs/rules.md §12)." },
        },
      },
      MoveRequest: {
        type: "object",
        required: ["move", "version"],
        properties: {
          move: { type: "object", description: "A docs/record.md move." },
          version: { type: "integer" },
          id: { type: "string", maxLength: LIMITS.idempotencyKeyLength },
        },
      },
      Events: {
        type: "object",
        properties: {
          version: { type: "integer" },
          events: {
            type: "array",
            items: {
              type: "object",
              required: ["seq", "at", "type"],
              properties: { seq: { type: "integer" }, at: { type: "string" }, type: { type: "string" } },
            },
          },
          view: ref("GameSnapshot"),
        },
      },
      ClaimRequest: { type: "object", properties: { seat: { type: "integer" }, name: { type: "string", maxLength: LIMITS.nameLength } } },
      MyGames: { type: "object", properties: { games: { type: "array", items: { type: "object" } } } },
    },
  },
};
