import { sha256Hex } from "../auth";
import { DAY } from "../clock/time";
import { claimMailboxes, markEstablished, standingRows } from "../db/standing-queries";
import { mailboxOf } from "../notify/send-limits";
import { type Failure, fail } from "../reply";

/**
 * An **established player**: the one notion rated play rests on
 * (docs/ratings.md, "Who plays rated"). A player key costs nothing to
 * make, so a result between keys is worth nothing: twenty fresh keys that
 * each opened a seat and resigned once took a player from 1500 to 2100.
 * A player is established once they have
 *
 * 1. **a mailbox of their own**: an email address of theirs confirmed from
 *    its mailbox (the link in the message sent to it), a mailbox no other
 *    player confirmed before them — one mailbox stands for one player, for
 *    good (`player_mailboxes`), however its address is spelt (mailboxOf);
 * 2. **been a player for `days` days**, since their first visit;
 * 3. **finished `matches` matches having played PLAYED_TURNS turns or
 *    more of their own** in each (against anyone, the computer too; rated
 *    or not).
 *
 * Each costs something a key does not: a mailbox, a week, some play. Once
 * established, always (`players.established_at`): nothing removed later
 * undoes it, so that nobody escapes a rated result by removing an address.
 */
export const ESTABLISHED = { days: 7, matches: 3 } as const;

/**
 * A match really played by a player: they played at least this many turns
 * themselves (not the computer for them). Fewer, and their result is not
 * rated (ratings/verdict.ts) nor counted towards being established.
 */
export const PLAYED_TURNS = 2;

/** Where a player stands: established, or what they still lack. */
export interface Standing {
  readonly established: boolean;
  /** They hold a mailbox (1). */
  readonly mailbox: boolean;
  /** Days until they have been a player long enough (2). */
  readonly daysLeft: number;
  /** Matches still to finish (3). */
  readonly matchesLeft: number;
}

/** A mailbox as `player_mailboxes` keeps it: a hash, the address never stored twice. */
export const mailboxKey = (address: string): string => sha256Hex(`mailbox:${mailboxOf(address)}`);

/**
 * A player's standing now. The mailboxes of their confirmed addresses are
 * claimed on the way (the first player to confirm one keeps it), and a
 * player who meets every condition is marked established for good.
 */
export async function standingOf(d1: D1Database, player: string, now: number): Promise<Standing> {
  const rows = await standingRows(d1, player, PLAYED_TURNS);
  if (rows.establishedAt !== null) return { established: true, mailbox: true, daysLeft: 0, matchesLeft: 0 };
  const wanted = [...new Set(rows.addresses.map(mailboxKey))].filter((m) => !rows.mailboxes.includes(m));
  const held = wanted.length > 0 ? await claimMailboxes(d1, player, wanted, now) : rows.mailboxes;
  const since = rows.createdAt ?? now;
  const daysLeft = Math.max(0, Math.ceil((since + ESTABLISHED.days * DAY - now) / DAY));
  const matchesLeft = Math.max(0, ESTABLISHED.matches - rows.played);
  const established = held.length > 0 && daysLeft === 0 && matchesLeft === 0;
  if (established) await markEstablished(d1, player, now);
  return { established, mailbox: held.length > 0, daysLeft, matchesLeft };
}

/** What is missing, in the API's words. */
function missing(s: Standing): string {
  const parts = [
    ...(s.mailbox ? [] : ["an email address of your own, confirmed (notifications by email)"]),
    ...(s.daysLeft > 0 ? [`${s.daysLeft} more day${s.daysLeft === 1 ? "" : "s"} as a player`] : []),
    ...(s.matchesLeft > 0 ? [`${s.matchesLeft} more match${s.matchesLeft === 1 ? "" : "es"} finished, played yourself`] : []),
  ];
  return parts.join("; ");
}

/** The refusal of rated play to a player who is not established (403), saying what they lack. */
export const notEstablished = (s: Standing): Failure =>
  fail(
    403,
    "NOT_ESTABLISHED",
    `Rated play is for established players (docs/ratings.md): you still need ${missing(s)}. Unrated games are open to everyone.`,
    { standing: { mailbox: s.mailbox, daysLeft: s.daysLeft, matchesLeft: s.matchesLeft } },
  );
