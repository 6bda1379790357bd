import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { NotifyChannel } from "../../shared/wire/notifications";
import { parseNames } from "./columns";
import { type SubscriptionRow, subscriptions } from "./notifications";
import { database } from "./queries";
import { games, seats } from "./schema";

/**
 * The notification subscriptions in D1 (the main database), through
 * drizzle: made, confirmed, changed, removed and looked up. What they mean,
 * and the checks before each write, are in notify/subscriptions.ts,
 * notify/manage.ts and notify/digest.ts; a delivery's own bookkeeping of its
 * subscription (failures, disabling) is in deliveries.ts. Every look-up on
 * an owner's behalf names the owner's player hash, so that one owner never
 * reaches another's.
 */

/** Stores a new subscription; null when the unique index finds it exists already. */
export async function insertSubscription(d1: D1Database, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow | null> {
  const inserted = await database(d1).insert(subscriptions).values(row).onConflictDoNothing().returning();
  return inserted[0] ?? null;
}

/** Confirms the unconfirmed address whose confirmation token hashes to `confirmHash`; null when none does. */
export async function confirmSubscription(
  d1: D1Database,
  confirmHash: string,
  now: number,
): Promise<{ readonly id: string; readonly address: string; readonly gameId: string | null } | null> {
  const done = await database(d1)
    .update(subscriptions)
    .set({ confirmed: true, confirmHash: null, updatedAt: now })
    .where(and(eq(subscriptions.confirmHash, confirmHash), eq(subscriptions.confirmed, false)))
    .returning({ id: subscriptions.id, address: subscriptions.target, gameId: subscriptions.gameId });
  return done[0] ?? null;
}

/** A new confirmation token's hash for an owner's address not confirmed yet; false when there is none such. */
export async function renewConfirmHash(d1: D1Database, ownerHash: string, id: string, confirmHash: string, now: number): Promise<boolean> {
  const renewed = await database(d1)
    .update(subscriptions)
    .set({ confirmHash, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerHash, ownerHash), eq(subscriptions.confirmed, false)))
    .returning({ id: subscriptions.id });
  return renewed.length > 0;
}

/** Removes the subscription with this unsubscribe token; false when there was none. */
export async function deleteByUnsubscribeToken(d1: D1Database, token: string): Promise<boolean> {
  const gone = await database(d1)
    .delete(subscriptions)
    .where(eq(subscriptions.unsubscribeToken, token))
    .returning({ id: subscriptions.id });
  return gone.length > 0;
}

const ownedBy = (ownerHash: string, id: string) => and(eq(subscriptions.id, id), eq(subscriptions.ownerHash, ownerHash));

/** An owner's subscriptions (of one game, if named), oldest first. */
export function subscriptionsOfOwner(d1: D1Database, ownerHash: string, gameId?: string): Promise<SubscriptionRow[]> {
  return database(d1)
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.ownerHash, ownerHash), gameId === undefined ? undefined : eq(subscriptions.gameId, gameId)))
    .orderBy(subscriptions.createdAt);
}

/** One subscription of an owner, of either scope; null when the owner has none such. */
export async function subscriptionOfOwner(d1: D1Database, ownerHash: string, id: string): Promise<SubscriptionRow | null> {
  const [row] = await database(d1).select().from(subscriptions).where(ownedBy(ownerHash, id));
  return row ?? null;
}

/** One of the player's own subscriptions (not a game's webhook); null when they have none such. */
export async function ownedSubscription(d1: D1Database, ownerHash: string, id: string): Promise<SubscriptionRow | null> {
  const [row] = await database(d1)
    .select()
    .from(subscriptions)
    .where(and(ownedBy(ownerHash, id), eq(subscriptions.scope, "player")));
  return row ?? null;
}

/** The player's subscription to one target, for one game or all (null). */
export async function ownedTarget(
  d1: D1Database,
  ownerHash: string,
  gameId: string | null,
  channel: NotifyChannel,
  target: string,
): Promise<SubscriptionRow | null> {
  const [row] = await database(d1)
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.ownerHash, ownerHash),
        eq(subscriptions.scope, "player"),
        eq(subscriptions.channel, channel),
        eq(subscriptions.target, target),
        gameId === null ? isNull(subscriptions.gameId) : eq(subscriptions.gameId, gameId),
      ),
    );
  return row ?? null;
}

/** How many subscriptions of their own a player has (a game's webhooks not counted). */
export async function countOwned(d1: D1Database, ownerHash: string): Promise<number> {
  const [row] = await database(d1)
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.ownerHash, ownerHash), eq(subscriptions.scope, "player")));
  return row?.n ?? 0;
}

/** What an owner may change of a subscription (notify/subscriptions.ts checks the result first). */
export type SubscriptionUpdate = Partial<
  Pick<SubscriptionRow, "events" | "language" | "digest" | "timeZone" | "gameId" | "disabledAt" | "disabledReason" | "failures">
> & { updatedAt: number };

/** A unique index refused the write (drizzle wraps D1's error as its cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause)
    if (/UNIQUE constraint failed/i.test(String((e as Error).message ?? e))) return true;
  return false;
}

/**
 * Changes one subscription of an owner: the row as it stands after, null
 * when the owner has none such, "exists" when the change would make it the
 * same as another (moved to a game, or to all games, where the same target
 * is subscribed already).
 */
export async function updateOwnedSubscription(
  d1: D1Database,
  ownerHash: string,
  id: string,
  changes: SubscriptionUpdate,
): Promise<SubscriptionRow | "exists" | null> {
  try {
    const [row] = await database(d1).update(subscriptions).set(changes).where(ownedBy(ownerHash, id)).returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
}

/** Removes one subscription of an owner; false when the owner has none such. */
export async function deleteOwnedSubscription(d1: D1Database, ownerHash: string, id: string): Promise<boolean> {
  const gone = await database(d1).delete(subscriptions).where(ownedBy(ownerHash, id)).returning({ id: subscriptions.id });
  return gone.length > 0;
}

const gameScope = (gameId: string) => and(eq(subscriptions.scope, "game"), eq(subscriptions.gameId, gameId));

/** A game's own webhooks, oldest first. */
export function gameWebhookRows(d1: D1Database, gameId: string): Promise<SubscriptionRow[]> {
  return database(d1).select().from(subscriptions).where(gameScope(gameId)).orderBy(subscriptions.createdAt);
}

/** One of a game's own webhooks; null when the game has none such. */
export async function gameWebhook(d1: D1Database, gameId: string, id: string): Promise<SubscriptionRow | null> {
  const [row] = await database(d1)
    .select()
    .from(subscriptions)
    .where(and(gameScope(gameId), eq(subscriptions.id, id)));
  return row ?? null;
}

/** Removes one of a game's own webhooks; false when the game has none such. */
export async function deleteGameWebhook(d1: D1Database, gameId: string, id: string): Promise<boolean> {
  const gone = await database(d1)
    .delete(subscriptions)
    .where(and(gameScope(gameId), eq(subscriptions.id, id)))
    .returning({ id: subscriptions.id });
  return gone.length > 0;
}

/** The live subscriptions that may hear of an event in a game: the players' own (of that game or of all), and the game's. */
export function subscriptionsFor(d1: D1Database, gameId: string, ownerHashes: readonly string[]): Promise<SubscriptionRow[]> {
  const owners = ownerHashes.length > 0 ? inArray(subscriptions.ownerHash, [...ownerHashes]) : sql`0`;
  return database(d1)
    .select()
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.disabledAt),
        or(
          and(eq(subscriptions.scope, "game"), eq(subscriptions.gameId, gameId)),
          and(eq(subscriptions.scope, "player"), owners, or(isNull(subscriptions.gameId), eq(subscriptions.gameId, gameId))),
        ),
      ),
    );
}

/** The live, confirmed email subscriptions that want a daily digest (notify/digest.ts picks those due). */
export function dailyDigestSubscriptions(d1: D1Database): Promise<SubscriptionRow[]> {
  return database(d1)
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.channel, "email"),
        eq(subscriptions.digest, "daily"),
        eq(subscriptions.confirmed, true),
        isNull(subscriptions.disabledAt),
      ),
    );
}

/** Records the local date of a subscription's latest digest (one a local day). */
export async function markDigestSent(d1: D1Database, id: string, date: string): Promise<void> {
  await database(d1).update(subscriptions).set({ lastDigest: date }).where(eq(subscriptions.id, id));
}

/** Games in D1's index in play where it is the player's turn (of one game, if named), the longest waiting first, at most 100. */
export async function gamesAwaitingTurn(d1: D1Database, playerHash: string, gameId: string | null) {
  const rows = await database(d1)
    .select({
      id: games.id,
      seat: seats.seat,
      names: games.names,
      updatedAt: games.updatedAt,
      deadline: games.deadline,
      clockOffset: games.clockOffset,
    })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(
      and(
        eq(seats.playerHash, playerHash),
        eq(games.status, "playing"),
        eq(games.turn, seats.seat),
        gameId ? eq(games.id, gameId) : undefined,
      ),
    )
    .orderBy(games.updatedAt)
    .limit(100);
  return rows.map((r) => ({ ...r, names: parseNames(r.names) }));
}
