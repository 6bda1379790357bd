import { and, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { subscriptions } from "./notifications";
import { recoveryCodes } from "./players";
import { database } from "./queries";

/**
 * A player's recovery code (players/recovery.ts says what each step means): made, looked at, spent, voided. Only its
 * hash is ever stored, and the hash goes too once the code no longer works.
 */

/** Stores a new code for the player: the old one, if any, stops working at once (one row per player). */
export async function storeRecovery(d1: D1Database, player: string, codeHash: string, now: number): Promise<void> {
  await database(d1)
    .insert(recoveryCodes)
    .values({ playerId: player, codeHash, createdAt: now })
    .onConflictDoUpdate({
      target: recoveryCodes.playerId,
      set: { codeHash, createdAt: now, usedAt: null, usedBy: null, voidedAt: null },
    });
}

/** The player whose code has this hash, while it works; undefined otherwise. */
export async function liveRecovery(d1: D1Database, codeHash: string) {
  const [row] = await database(d1)
    .select({ playerId: recoveryCodes.playerId })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.codeHash, codeHash));
  return row;
}

/**
 * Spends a code by its hash for `device` (its key's SHA-256): the player it links to, or null. One statement, so that
 * two devices racing for one code cannot both win; the hash goes with it.
 */
export async function spendRecovery(d1: D1Database, codeHash: string, device: string, now: number): Promise<string | null> {
  const [row] = await database(d1)
    .update(recoveryCodes)
    .set({ codeHash: null, usedAt: now, usedBy: device })
    .where(eq(recoveryCodes.codeHash, codeHash))
    .returning({ playerId: recoveryCodes.playerId });
  return row?.playerId ?? null;
}

/** Voids the player's working code, if any (one of their devices was removed). */
export async function voidRecovery(d1: D1Database, player: string, now: number): Promise<void> {
  await database(d1)
    .update(recoveryCodes)
    .set({ codeHash: null, voidedAt: now })
    .where(and(eq(recoveryCodes.playerId, player), isNotNull(recoveryCodes.codeHash)));
}

/**
 * What the player's recovery code is now, without it: when made and whether it works, or when it was spent and the
 * device it linked (its key's hash, and whether that device is still the player's and in use), or when voided.
 */
export async function recoveryOf(d1: D1Database, player: string) {
  const [row] = await database(d1)
    .select({
      live: sql`${recoveryCodes.codeHash} IS NOT NULL`.mapWith(Boolean),
      createdAt: recoveryCodes.createdAt,
      usedAt: recoveryCodes.usedAt,
      usedBy: recoveryCodes.usedBy,
      voidedAt: recoveryCodes.voidedAt,
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.playerId, player));
  return row;
}

/**
 * The player's own subscriptions that can tell them anything now (player-wide, working, an email confirmed), except the
 * push subscriptions of `device`: where a code used is told.
 */
export async function tellableSubscriptions(d1: D1Database, player: string, device: string): Promise<string[]> {
  const rows = await database(d1)
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.ownerHash, player),
        eq(subscriptions.scope, "player"),
        isNull(subscriptions.disabledAt),
        or(ne(subscriptions.channel, "email"), eq(subscriptions.confirmed, true)),
        or(isNull(subscriptions.deviceHash), ne(subscriptions.deviceHash, device)),
      ),
    );
  return rows.map((r) => r.id);
}
