import type { Caller } from "./caller";
import type { Delivery } from "./notify/types";

export type { Delivery };

/**
 * The Worker's bindings. What wrangler.toml declares is generated into
 * worker-configuration.d.ts by `npm run types` (`npm run lint` fails when it
 * is out of date); only what wrangler cannot know is written here: the
 * secrets (below, on `Cloudflare.Env`) and the queues' message type.
 */
export interface Env extends Cloudflare.Env {
  DELIVERIES: Queue<Delivery>;
  /** The deliveries' dead-letter queue, where a delivery goes when its retries are spent. */
  DEAD_DELIVERIES: Queue<Delivery>;
}

/**
 * A game room's stub, its type read from the generated bindings (GAME_ROOM's namespace) rather than imported from
 * room/: this module, which every layer reads for `Env`, then depends on nothing of the room.
 */
export type GameRoomStub = ReturnType<Cloudflare.Env["GAME_ROOM"]["get"]>;

/** The game a `/api/games/{id}…` request names, resolved once by middleware (http.ts). */
export interface GameTarget {
  readonly id: string;
  readonly room: GameRoomStub;
  readonly caller: Caller;
}

/** Hono's environment type for this Worker. */
export type AppEnv = { Bindings: Env; Variables: { game: GameTarget } };

declare global {
  namespace Cloudflare {
    /** Secrets (`wrangler secret put`, or .dev.vars locally): not in wrangler.toml, so not generated. */
    interface Env {
      /** Secret key of the check in game ids (auth.ts); a development key stands in when unset. */
      GAME_ID_KEY?: string;
      /** The VAPID key pair of Web Push (docs/notifications.md). */
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
    }
  }
}
