/**
 * Rate limiting: a token bucket per key (a seat, or a client address for
 * spectators and invitations), kept in the room's memory. A room that goes
 * to sleep forgets its buckets, which only ever lets a client through.
 * Accepted moves are never limited: the game itself paces them (one seat at
 * a time), so only reads and refused requests can flood a room.
 */
export interface BucketRule {
  /** Requests allowed at once. */
  readonly burst: number;
  /** Requests added back per second. */
  readonly perSecond: number;
}

/** Per seat or address: reads, refused moves and claims. */
export const ROOM_RULE: BucketRule = { burst: 60, perSecond: 20 };

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_KEYS = 1000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly rule: BucketRule = ROOM_RULE) {}

  /** Takes one token for `key`: 0 when allowed, otherwise the seconds to wait. */
  take(key: string, now = Date.now()): number {
    const bucket = this.refill(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return this.waitFor(bucket);
  }

  /** The seconds `key` must wait before its next token, without taking one: 0 when one is there. */
  wait(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    return this.refill(key, now).tokens >= 1 ? 0 : this.waitFor(bucket);
  }

  private refill(key: string, now: number): Bucket {
    const { burst, perSecond } = this.rule;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    // A clock that steps back refills nothing and takes nothing away.
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (this.buckets.size >= MAX_KEYS && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    return bucket;
  }

  private waitFor(bucket: Bucket): number {
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.rule.perSecond));
  }
}
