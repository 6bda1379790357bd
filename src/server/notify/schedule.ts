/**
 * When a failed delivery is tried again: the Standard Webhooks schedule,
 * after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and
 * 24 h — ten attempts over about three days — then the dead-letter queue.
 *
 * A Queue message can be delayed by at most 12 hours per hop (Cloudflare
 * Queues' limit on `delaySeconds`), so a longer wait takes several hops: the
 * delivery's row in D1 holds the time of its next attempt, and a message
 * that arrives early is simply put back for the time that remains. The
 * schedule is kept exactly, and the consumer's `max_retries` in
 * wrangler.toml (which counts hops too) is set above the hops needed.
 */

export const RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];

/** Cloudflare Queues' maximum `delaySeconds` (12 hours). */
export const MAX_HOP_SECONDS = 12 * 60 * 60;

/**
 * How long an attempt holds its delivery: while it runs, no other copy of
 * the message may send. Longer than any send can take (webhooks and pushes
 * give up after 10 s), so a lease runs out only when its Worker died.
 */
export const LEASE_MS = 60_000;

/** The wait after `failed` failed attempts (ms), or null once the schedule is spent. */
export function retryDelayMs(failed: number, scale: number): number | null {
  const seconds = RETRY_SCHEDULE_SECONDS[failed - 1];
  return seconds === undefined ? null : seconds * 1000 * scale;
}

/** The `delaySeconds` of the next hop towards a time `waitMs` away. */
export function hopSeconds(waitMs: number): number {
  return Math.min(MAX_HOP_SECONDS, Math.max(0, Math.ceil(waitMs / 1000)));
}
