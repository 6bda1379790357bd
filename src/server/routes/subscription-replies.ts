import { isGameId } from "../auth";
import type { Env } from "../env";
import { sendTest } from "../notify/manage";
import { takeAll, targetOf } from "../notify/send-limits";
import type { Refusal } from "../notify/subscriptions";
import type { Channel } from "../notify/types";
import { done, type Failure, fail, gameNotFound, rateLimited } from "../reply";

/** Answers shared by a player's subscriptions and a game's webhooks. */

export const subscribedAlready = () =>
  fail(409, "SUBSCRIPTION_EXISTS", "This target is subscribed already for the same games: change that subscription instead.");

/** A refused subscription as the API's error: the URL policy, a duplicate, or a value the service cannot use. */
export function refusalOf(refusal: Refusal, channel: Channel): Failure {
  const reason = refusal.refused.charAt(0).toUpperCase() + refusal.refused.slice(1);
  switch (refusal.kind) {
    case "exists":
      return subscribedAlready();
    case "target":
      return channel === "push"
        ? fail(422, "PUSH_ENDPOINT_REFUSED", `${reason}. A push endpoint must be an https URL on a public address.`)
        : fail(422, "WEBHOOK_URL_REFUSED", `${reason}. A webhook must be an https URL on a public address.`);
    case "invalid":
      return fail(422, "BAD_SUBSCRIPTION", `${reason}.`);
  }
}

/** A game id the service never made names no game. */
export function checkGame(env: Env, gameId: string | null | undefined): Failure | null {
  return gameId && !isGameId(gameId, env.GAME_ID_KEY) ? gameNotFound() : null;
}

/**
 * A test message through one subscription, for a player's own and for a
 * game's webhooks alike: within the client address's and the target's
 * limits (send-limits.ts), then the subscription's own.
 */
export async function testSend(
  env: Env,
  client: string,
  row: { id: string; channel: Channel; target: string; confirmed: boolean; disabledAt: number | null },
  whenDisabled = "This subscription is disabled: turn it on again (PATCH with enabled: true) first.",
) {
  if (row.channel === "email" && !row.confirmed)
    return fail(409, "EMAIL_NOT_CONFIRMED", "This address is not confirmed yet: open the link in the confirmation message first.");
  if (row.disabledAt !== null) return fail(409, "SUBSCRIPTION_DISABLED", whenDisabled);
  const now = Date.now();
  const wait = await takeAll(
    env.DB,
    [
      ["testsPerAddress", client],
      ["postsPerTarget", targetOf(row.channel, row.target)],
    ],
    now,
  );
  if (wait > 0) return rateLimited(wait, "test messages from this address or to this target");
  const sent = await sendTest(env, row.id, now);
  if ("wait" in sent) return rateLimited(sent.wait, "test messages");
  return done(sent);
}
