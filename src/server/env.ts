import type { Delivery } from "./notify/types";
import type { GameRoom } from "./room/game-room";
import type { Caller } from "./room/seats";

export type { Delivery };

/** The Worker's bindings, as declared in wrangler.toml (and secrets). */
export interface Env {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  DELIVERIES: Queue<Delivery>;
  /** The deliveries' dead-letter queue, where a delivery goes when its retries are spent. */
  DEAD_DELIVERIES: Queue<Delivery>;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
  /** Secret key of the check in game ids (auth.ts); a development key stands in when unset. */
  GAME_ID_KEY?: string;
  // Notifications (docs/notifications.md): [vars], or secrets for the VAPID private key.
  PUBLIC_URL?: string;
  EMAIL_FROM?: string;
  EMAIL_FROM_NAME?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** "1" in local development: webhooks and push to http://localhost are allowed. */
  NOTIFY_ALLOW_LOCAL_HTTP?: string;
  /** DNS over HTTPS endpoint used to refuse webhook hosts that resolve to private addresses; empty: no lookup. */
  DNS_RESOLVER_URL?: string;
  /** Multiplies the retry delays (benchmarks shrink them); default 1. */
  DELIVERY_DELAY_SCALE?: string;
  /** Seconds past due before the cron counts a delivery's queue message as lost (notify/requeue.ts); default 600. */
  REQUEUE_AFTER_SECONDS?: string;
  /**
   * "1" only in local tests (the browser tests' service passes it to wrangler dev; never in wrangler.toml):
   * enables `POST /api/dev/games/{id}/time`, which moves one game's time on so that a deadline passes at once.
   */
  DEV_TIME_TRAVEL?: string;
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
