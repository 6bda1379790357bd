import { z } from "../shared/wire/z";

/** Who is asking, as the Worker saw the request. Raw secrets never reach the room, only their hashes. */
export interface Caller {
  readonly gameId: string;
  /** SHA-256 of the bearer token, or null without one. */
  readonly tokenHash: string | null;
  /** The player of the `X-Player-Key` device (players/identity.ts), or null without one (or where the key is not read). */
  readonly playerId: string | null;
  /** SHA-256 of the `X-Player-Key` device's key (on a WebSocket, of its `key.` subprotocol), or null without one. */
  readonly device?: string | null;
  /** With a player key: the bearer token sealed (seal.ts), for that player's own notifications to link to their seat. */
  readonly sealedToken?: string | null;
  /** The client's address, for rate limiting. */
  readonly client: string;
}

/** A caller forwarded to the room in a header (a WebSocket upgrade, routes/games.ts), read back by its shape. */
export const CallerSchema = z.object({
  gameId: z.string(),
  tokenHash: z.string().nullable(),
  playerId: z.string().nullable(),
  device: z.string().nullish(),
  sealedToken: z.string().nullish(),
  client: z.string(),
}) satisfies z.ZodType<Caller>;
