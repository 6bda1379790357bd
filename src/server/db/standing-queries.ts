import { and, count, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { subscriptions } from "./notifications";
import { devices, playerMailboxes, players } from "./players";
import { database } from "./queries";
import { matchResults } from "./ratings";

/** What a player's standing is read from (ratings/standing.ts says what it means). */

/**
 * In one batch: the player's row (since when they are a player, and
 * established), the addresses of their confirmed email subscriptions, the
 * mailboxes they hold, and the matches they finished having played at least
 * `turns` turns of their own.
 */
export async function standingRows(d1: D1Database, player: string, turns: number) {
  const db = database(d1);
  const [row, addresses, held, played] = await db.batch([
    db.select({ createdAt: players.createdAt, establishedAt: players.establishedAt }).from(players).where(eq(players.id, player)),
    db
      .selectDistinct({ target: subscriptions.target })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.ownerHash, player),
          eq(subscriptions.channel, "email"),
          eq(subscriptions.confirmed, true),
          isNull(subscriptions.disabledAt),
        ),
      ),
    db.select({ mailbox: playerMailboxes.mailbox }).from(playerMailboxes).where(eq(playerMailboxes.playerId, player)),
    db
      .select({ n: count() })
      .from(matchResults)
      .where(and(eq(matchResults.playerId, player), isNotNull(matchResults.turns), gte(matchResults.turns, turns))),
  ]);
  return {
    createdAt: row[0]?.createdAt ?? null,
    establishedAt: row[0]?.establishedAt ?? null,
    addresses: addresses.map((a) => a.target),
    mailboxes: held.map((m) => m.mailbox),
    played: played[0]?.n ?? 0,
  };
}

/** Gives `player` each of these mailboxes no player holds yet (the first to confirm one keeps it); the mailboxes they hold after. */
export async function claimMailboxes(d1: D1Database, player: string, mailboxes: readonly string[], now: number): Promise<string[]> {
  const db = database(d1);
  const claims = mailboxes.map((mailbox) =>
    db.insert(playerMailboxes).values({ mailbox, playerId: player, at: now }).onConflictDoNothing(),
  );
  const read = db.select({ mailbox: playerMailboxes.mailbox }).from(playerMailboxes).where(eq(playerMailboxes.playerId, player));
  const answers = await db.batch([read, ...claims, read]);
  return (answers[answers.length - 1] as { mailbox: string }[]).map((m) => m.mailbox);
}

/** The player is established from `now` on (kept if they were already). */
export async function markEstablished(d1: D1Database, player: string, now: number): Promise<void> {
  await database(d1)
    .update(players)
    .set({ establishedAt: now })
    .where(and(eq(players.id, player), isNull(players.establishedAt)));
}

/**
 * What the same-person check reads of several players, in one batch: which
 * are established, the addresses of their confirmed email subscriptions, the
 * mailboxes they hold, and whose player each of the seats' devices is now.
 */
export async function identityRows(d1: D1Database, ids: readonly string[], keys: readonly string[] = []) {
  const established = new Set<string>();
  const addresses = new Map<string, string[]>(ids.map((id) => [id, []]));
  const held = new Map<string, string[]>(ids.map((id) => [id, []]));
  const owners = new Map<string, string>();
  if (ids.length === 0) return { established, addresses, held, owners };
  const db = database(d1);
  const list = [...ids];
  const [standing, subscribed, mailboxes, owned] = await db.batch([
    db
      .select({ id: players.id })
      .from(players)
      .where(and(inArray(players.id, list), isNotNull(players.establishedAt))),
    db
      .select({ owner: subscriptions.ownerHash, target: subscriptions.target })
      .from(subscriptions)
      .where(and(inArray(subscriptions.ownerHash, list), eq(subscriptions.channel, "email"), eq(subscriptions.confirmed, true))),
    db
      .select({ player: playerMailboxes.playerId, mailbox: playerMailboxes.mailbox })
      .from(playerMailboxes)
      .where(inArray(playerMailboxes.playerId, list)),
    db
      .select({ key: devices.keyHash, player: devices.playerId })
      .from(devices)
      .where(inArray(devices.keyHash, [...keys, ""])),
  ]);
  for (const r of standing) established.add(r.id);
  for (const r of owned) owners.set(r.key, r.player);
  for (const r of subscribed) if (r.owner) addresses.get(r.owner)?.push(r.target);
  for (const r of mailboxes) held.get(r.player)?.push(r.mailbox);
  return { established, addresses, held, owners };
}
