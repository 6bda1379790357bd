import type { GameRoom } from "./room/game-room";
import type { Caller } from "./room/seats";

/** A notification to deliver, enqueued on the DELIVERIES queue. Shape to come. */
export type Delivery = { readonly type: string };

/** The Worker's bindings, as declared in wrangler.toml (and secrets). */
export interface Env {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  DELIVERIES: Queue<Delivery>;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
  /** Secret key of the check in game ids (auth.ts); a development key stands in when unset. */
  GAME_ID_KEY?: string;
}

/** The game a `/api/games/{id}…` request names, resolved once by middleware (http.ts). */
export interface GameTarget {
  readonly id: string;
  readonly room: DurableObjectStub<GameRoom>;
  readonly caller: Caller;
}

/** Hono's environment type for this Worker. */
export type AppEnv = { Bindings: Env; Variables: { game: GameTarget } };

type WorkerEnv = Env;

declare global {
  namespace Cloudflare {
    // Types `env` and `exports` from "cloudflare:workers" (used by tests).
    interface Env extends WorkerEnv {}
    interface GlobalProps {
      mainModule: typeof import("./index");
      durableNamespaces: "GameRoom";
    }
  }
}
