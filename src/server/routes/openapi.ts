import type { OpenAPIHono } from "@hono/zod-openapi";
import { ENGINE_VERSION } from "../../engine/version";
import type { AppEnv } from "../env";

/**
 * The API's OpenAPI 3.1 description, generated from the routes and the
 * wire schemas they validate with. Its examples are made up: they show the
 * shapes, never a real game's cards.
 */
export function describeApi(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "seatToken", {
    type: "http",
    scheme: "bearer",
    description: "A seat link's token (`/game/{id}#seat=TOKEN`): whoever holds it plays that seat.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "inviteToken", {
    type: "http",
    scheme: "bearer",
    description:
      "The invitation link's token (`/game/{id}#invite=TOKEN`): claims a free seat; as the game creator's credential, manages the game's webhooks.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "hostToken", {
    type: "http",
    scheme: "bearer",
    description: "The game creator's secret (`host.token`, shown once at creation): issues fresh links for seats not yet taken.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "playerKey", {
    type: "http",
    scheme: "bearer",
    description:
      'A device\'s player key: 22 to 128 random base64url characters a browser (or app) keeps. It speaks for the player the device belongs to (docs/api.md, "Players and devices").',
  });
  app.doc31("/api/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Burraco by correspondence",
      version: ENGINE_VERSION,
      description:
        "Create a game, send each player their seat link, play moves by HTTP or WebSocket, follow by long polling. Cards, moves and records follow docs/record.md; refused moves carry its codes. Every view and event is cut down to what its caller may see.",
    },
    servers: [{ url: new URL(c.req.url).origin }],
    tags: [
      { name: "games", description: "Games, moves, events and records." },
      {
        name: "players",
        description:
          "A player (a person) and their devices: their games, absences, devices, codes that link another device, and sign-in by email. By a device's player key.",
      },
      {
        name: "notifications",
        description:
          "Email, webhook and Web Push subscriptions (a player's own, by player key), a game's own webhooks (by its creator), and the links in every email: confirm, one-click unsubscribe.",
      },
      {
        name: "seeks",
        description:
          "The lobby's open games (docs/seeks.md): publish a seek, list them, join one with a tap, withdraw, and play now against someone.",
      },
      {
        name: "chat",
        description: "The table's chat: seated players write, mute a seat for themselves, open it to spectators, report a message.",
      },
      { name: "service", description: "Health and this document." },
    ],
  }));
}

/**
 * The document's digest, as the web client's generated types name it (web/src/api-paths.ts, `npm run
 * api:types`): SHA-256 of its JSON without `servers`, the one part that depends on where it is served.
 */
export async function documentDigest(document: { readonly servers?: unknown }): Promise<string> {
  const { servers: _where, ...described } = document;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(described)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
