import { z } from "../../shared/wire/z";

/** What every route of a game names: its id, and the device's player key that goes with a seat's token. */

export const GameParams = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    description: "The game's id (24 base64url characters).",
    example: "Xq3vB7nK2mPa9TzRw4Lc8Hs1",
  }),
});
/** The device's player key, with a seat's token (docs/identity.md: a seat its player opened opens only on their devices). */
const playerKey = z.string().optional().openapi({
  description:
    "The device's player key (22–128 base64url characters). With a seat's token: opening a seat nobody's yet (the view, the WebSocket) makes it the key's player's (GET /api/me/games); a seat a player's device opened answers only to that player's devices (403 SEAT_BOUND without a key, 409 SEAT_TAKEN with another player's, 401 DEVICE_REMOVED with a device removed from its player).",
});
export const PlayerKeyHeader = z.object({ "x-player-key": playerKey });
