import type { GameRoom } from "./room/game-room";

/** A notification to deliver, enqueued on the DELIVERIES queue. Shape to come. */
export type Delivery = { readonly type: string };

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  DELIVERIES: Queue<Delivery>;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
}

/** Hono's environment type for this Worker. */
export type AppEnv = { Bindings: Env };

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
