import { app } from "./app";
import type { Delivery, Env } from "./env";

export { GameRoom } from "./room/game-room";

async function queue(batch: MessageBatch<Delivery>, _env: Env, _ctx: ExecutionContext): Promise<void> {
  // Deliveries are not sent yet: acknowledge them so nothing piles up.
  batch.ackAll();
}

export default {
  fetch: app.fetch,
  queue,
} satisfies ExportedHandler<Env, Delivery>;
