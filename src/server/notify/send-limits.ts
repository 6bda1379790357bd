import { sha256Hex } from "../auth";
import { takeSendLimits } from "../db/notify-sql";
import { pruneSendLimitRows, sendLimitCount } from "../db/send-limit-queries";
import type { Channel } from "./types";

/**
 * The limits on what anyone can make the service send or store, keyed so
 * that they cannot be multiplied: player keys, invitation tokens and games
 * cost nothing to make, so nothing here is counted per key. A limit counts
 * by what is being protected —
 *
 * - the **mailbox** a confirmation message reaches, whatever the spelling
 *   of its address (`mailboxOf`);
 * - the **target** an unrequested post reaches (a test message, the
 *   invitation a game's new webhook is sent at once): a webhook's host (a
 *   Discord or Slack webhook, whose host serves everyone, by its own URL), a
 *   push endpoint, a mailbox (`targetOf`);
 * - the **client address** (`CF-Connecting-IP`'s network: an IPv4 address,
 *   an IPv6 /64, http.ts clientOf) that asks for subscriptions and test
 *   messages to be made.
 *
 * Counts live in D1 (migration 0009), so they hold across Worker instances;
 * each take is one conditional INSERT, which D1 runs atomically, so two
 * requests at once cannot both take the last place.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each limit: how many in how long. Documented in docs/notifications.md. */
export const SEND_LIMITS = {
  /** Subscriptions (a player's own and games' webhooks) made from one client address. */
  subscriptionsPerAddress: { count: 30, windowMs: HOUR },
  /** Test messages asked for from one client address. */
  testsPerAddress: { count: 30, windowMs: HOUR },
  /** Unrequested posts (tests, a new game webhook's invitation) to one target. */
  postsPerTarget: { count: 20, windowMs: HOUR },
  /** Sign-in links mailed to one mailbox (players/links.ts). */
  signInsPerMailbox: { count: 5, windowMs: 24 * HOUR },
  /** Sign-in links asked for from one client address. */
  signInsPerAddress: { count: 20, windowMs: HOUR },
  /** Tries at a device code (right or wrong) from one client address: codes are single-use and die in minutes, and guesses stop here. */
  codeTriesPerAddress: { count: 60, windowMs: HOUR },
} as const;

export type SendLimit = keyof typeof SEND_LIMITS;

/**
 * Providers known to deliver every dot-spelling of a local part to one
 * mailbox (Gmail). Everywhere else dots may matter, so they are kept; a
 * `+tag` is dropped for every provider, since nearly all deliver it to the
 * untagged mailbox and dropping it can only make a limit stricter.
 */
const DOTLESS: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** The mailbox an address reaches: lower-cased, without a `+tag`, without dots where the provider ignores them. */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).toLowerCase();
  const domain = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, "");
  const untagged = local.split("+")[0] ?? local;
  const provider = DOTLESS[domain];
  return provider ? `${untagged.replace(/\./g, "")}@${provider}` : `${untagged}@${domain}`;
}

/** Hosts that serve many unrelated receivers, each by its own URL: there the URL is the target, not the host. */
const SHARED_HOSTS = /(^|\.)(discord\.com|discordapp\.com|slack\.com)$/;

/** What one unrequested post reaches, as a limit's key. */
export function targetOf(channel: Channel, target: string): string {
  if (channel === "email") return `mailbox:${mailboxOf(target)}`;
  try {
    const url = new URL(target);
    const host = url.hostname.toLowerCase().replace(/\.+$/, "");
    if (channel === "push" || SHARED_HOSTS.test(host)) return `url:${host}${url.pathname}`;
    return `host:${host}`;
  } catch {
    return `url:${target}`;
  }
}

/** A limit's bucket for one key; hashed, since a key may name a mailbox or an address, which the table need not hold in clear. */
const bucketOf = (limit: SendLimit, key: string) => `${limit}:${sha256Hex(key)}`;

/** Seconds until the oldest action counted in a full bucket leaves its window (for Retry-After). */
async function waitFor(d1: D1Database, limit: SendLimit, key: string, now: number): Promise<number> {
  const { count, windowMs } = SEND_LIMITS[limit];
  const oldest = await sendLimitCount(d1, bucketOf(limit, key), now - windowMs, count);
  if (oldest.n < count) return 0;
  return Math.max(1, Math.ceil(((oldest.first ?? now) + windowMs - now) / 1000));
}

/**
 * Takes one place in `limit`'s bucket `key`: 0 when taken, else the seconds
 * until the oldest counted action leaves the window (for Retry-After).
 */
export async function take(d1: D1Database, limit: SendLimit, key: string, now: number): Promise<number> {
  return takeAll(d1, [[limit, key]], now);
}

/**
 * Takes a place in each of several limits, or in none (one conditional
 * INSERT: db/notify-sql.ts), so a request refused by one limit costs
 * nothing in the others. Answers 0, or the longest wait among the spent limits.
 */
export async function takeAll(d1: D1Database, wanted: readonly (readonly [SendLimit, string])[], now: number): Promise<number> {
  if (wanted.length === 0) return 0;
  const buckets = wanted.map(([limit, key]) => ({
    bucket: bucketOf(limit, key),
    since: now - SEND_LIMITS[limit].windowMs,
    count: SEND_LIMITS[limit].count,
  }));
  if (await takeSendLimits(d1, buckets, now)) return 0;
  const waits = await Promise.all(wanted.map(([limit, key]) => waitFor(d1, limit, key, now)));
  return Math.max(1, ...waits);
}

/** The daily pruning: counts older than the longest window are of no use. */
export async function pruneSendLimits(d1: D1Database, now: number): Promise<number> {
  const longest = Math.max(...Object.values(SEND_LIMITS).map((l) => l.windowMs));
  return pruneSendLimitRows(d1, now - longest);
}
