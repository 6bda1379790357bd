/**
 * Cloudflare's published prices and limits the cost benchmark and
 * docs/scale.md use, as read on 2026-12-01 (the pages' own "last updated"
 * dates are in docs/scale.md). Check them again before relying on them:
 * https://developers.cloudflare.com/workers/platform/pricing/
 * https://developers.cloudflare.com/durable-objects/platform/pricing/
 * https://developers.cloudflare.com/d1/platform/pricing/
 * https://developers.cloudflare.com/d1/platform/limits/
 * https://developers.cloudflare.com/queues/platform/pricing/
 * https://developers.cloudflare.com/queues/platform/limits/
 */
export const PAID = {
  base: 5, // USD a month, the Workers Paid plan
  workerRequests: { included: 10e6, perMillion: 0.3 },
  workerCpuMs: { included: 30e6, perMillion: 0.02 },
  doRequests: { included: 1e6, perMillion: 0.15 },
  // Duration is billed while an object is active (not idle and able to hibernate): 128 MB, GB-s = seconds × 0.128.
  doGbSeconds: { included: 400_000, perMillion: 12.5 },
  doRowsRead: { included: 25e9, perMillion: 0.001 },
  doRowsWritten: { included: 50e6, perMillion: 1.0 },
  doStorageGbMonth: { included: 5, perGb: 0.2 },
  d1RowsRead: { included: 25e9, perMillion: 0.001 },
  d1RowsWritten: { included: 50e6, perMillion: 1.0 },
  d1StorageGbMonth: { included: 5, perGb: 0.75 },
  // Every 64 KB written, read or deleted is one operation: a message delivered once is three.
  queueOperations: { included: 1e6, perMillion: 0.4 },
} as const;

export const FREE = {
  workerRequestsPerDay: 100_000,
  workerCpuMsPerRequest: 10,
  doRequestsPerDay: 100_000,
  doGbSecondsPerDay: 13_000,
  doRowsWrittenPerDay: 100_000,
  doStorageGb: 5,
  d1RowsReadPerDay: 5e6,
  d1RowsWrittenPerDay: 100_000,
  d1DatabaseGb: 0.5,
  d1Databases: 10,
  queueOperationsPerDay: 10_000,
} as const;

export const LIMITS = {
  d1DatabaseGbPaid: 10,
  /** A Durable Object is single-threaded; Cloudflare gives a soft limit of about 1,000 requests a second per object. */
  doRequestsPerSecondPerObject: 1000,
  queueMessagesPerSecond: 5000,
  workerCpuMsPaid: 30_000,
} as const;

/** A Durable Object's memory as duration is billed: 128 MB (Cloudflare's examples count 128 MB as 0.128 GB). */
export const GB_PER_DURABLE_OBJECT = 0.128;

/**
 * An assumption, not a price: the wall time of a call a room makes to D1 or
 * to the queue and waits for, on Cloudflare (the local runtime's D1 answers
 * in a fraction of it). It is the room's duration beyond its CPU: the cost
 * model adds it for each such call (bench/cost-model.ts).
 */
export const ROUND_TRIP_MS = 10;

/** WebSocket messages to a Durable Object are billed as requests at 20:1. */
export const WS_MESSAGES_PER_DO_REQUEST = 20;
