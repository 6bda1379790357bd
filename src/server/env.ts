import type { Delivery } from "./notify/types";
import type { GameRoom } from "./room/game-room";
import type { Caller } from "./room/seats";

export type { Delivery };

/** The Worker's bindings, as declared in wrangler.toml (and secrets). */
export interface Env {
  DB: D1Database;
  /** The D1 bindings the event log is sharded over, comma-separated (db/shards.ts); each is declared in wrangler.toml. */
  LOG_SHARDS?: string;
  /** Finished games' logs, compressed, once archived out of D1 (db/archive.ts). */
  ARCHIVE: R2Bucket;
  /** Days after its end a finished game is archived (default 30). */
  ARCHIVE_AFTER_DAYS?: string;
  GAME_ROOM: DurableObjectNamespace<GameRoom>;
  DELIVERIES: Queue<Delivery>;
  /** The deliveries' dead-letter queue, where a delivery goes when its retries are spent. */
  DEAD_DELIVERIES: Queue<Delivery>;
  EMAIL: SendEmail;
  ASSETS: Fetcher;
  /** The link-preview renderer, a Worker of its own (src/preview, wrangler.preview.toml). */
  PREVIEW: Fetcher;
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
