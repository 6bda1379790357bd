import { app } from "./app";
import { scheduled } from "./cron";
import type { Delivery, Env } from "./env";
import { handleDeadDeliveries, handleDeliveries } from "./notify/index";

export { GameRoom } from "./room/game-room";
export { TournamentRoom } from "./tournaments/room";

/** Notification deliveries (src/server/notify), and their dead-letter queue. */
async function queue(batch: MessageBatch<Delivery>, env: Env, _ctx: ExecutionContext): Promise<void> {
  if (batch.queue.endsWith("-dlq")) await handleDeadDeliveries(batch, env);
  else await handleDeliveries(batch, env);
}

export default {
  fetch: app.fetch,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, Delivery>;
