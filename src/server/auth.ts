import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { fromBase64url, toBase64url } from "../shared/base64url";

/**
 * Secrets: seat tokens, invitation tokens and player keys. Tokens carry 128
 * random bits from the platform's cryptographic source, written base64url;
 * the service stores only their SHA-256 hashes.
 */

/** The one base64url writer (src/shared/base64url.ts), under the name the server's modules use. */
export const base64url = toBase64url;

export function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** A fresh secret token: 128 random bits, 22 base64url characters. */
export function newToken(): string {
  return base64url(randomBytes(16));
}

/**
 * Game ids carry a check: 96 random bits followed by 48 bits of an HMAC of
 * them under the service's GAME_ID_KEY, 24 base64url characters in all. The
 * Worker refuses an id whose check fails without opening a game room, so
 * made-up ids cost nothing durable (no room storage, no D1 query). Ids are
 * public (the spectator link); the key is not.
 */
const ID_RANDOM_BYTES = 12;
const ID_CHECK_BYTES = 6;

/** Used only where no GAME_ID_KEY is configured (local development and tests); deploying sets a secret (docs/deploying.md). */
const DEVELOPMENT_ID_KEY = "burraco-local-development-game-id-key";

function idCheck(random: Uint8Array, key: string | undefined): Uint8Array {
  return createHmac("sha256", key || DEVELOPMENT_ID_KEY)
    .update(random)
    .digest()
    .subarray(0, ID_CHECK_BYTES);
}

export function newGameId(key: string | undefined): string {
  const random = randomBytes(ID_RANDOM_BYTES);
  const id = new Uint8Array(ID_RANDOM_BYTES + ID_CHECK_BYTES);
  id.set(random);
  id.set(idCheck(random, key), ID_RANDOM_BYTES);
  return base64url(id);
}

export const GAME_ID = /^[A-Za-z0-9_-]{24}$/;

/** Ids already checked by this Worker instance (a game's players ask about it again and again). */
const checked = new Set<string>();
const CHECKED_KEPT = 10_000;

/** Whether `id` is one this service made (under `key`). */
export function isGameId(id: string, key: string | undefined): boolean {
  if (checked.has(id)) return true;
  if (!GAME_ID.test(id)) return false;
  const bytes = fromBase64url(id);
  if (!bytes || bytes.length !== ID_RANDOM_BYTES + ID_CHECK_BYTES) return false;
  if (!timingSafeEqual(bytes.subarray(ID_RANDOM_BYTES), idCheck(bytes.subarray(0, ID_RANDOM_BYTES), key))) return false;
  if (checked.size >= CHECKED_KEPT) checked.clear();
  checked.add(id);
  return true;
}

/** Tokens and player keys: base64url, at least 128 bits. */
const SECRET = /^[A-Za-z0-9_-]{22,128}$/;

export function isSecret(text: string): boolean {
  return SECRET.test(text);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * `fn` remembered for the texts this isolate has seen, up to `kept` of them: SHA-256 through `nodejs_compat` costs
 * tens of microseconds a call in the Workers runtime, and the same texts come back with every request and move (a
 * player's token, the ids every view shows).
 */
export function remembered(fn: (text: string) => string, kept = 10_000): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let value = seen.get(text);
    if (value === undefined) {
      if (seen.size >= kept) seen.clear();
      value = fn(text);
      seen.set(text, value);
    }
    return value;
  };
}

/** What is stored for a token: its SHA-256, hex. */
export const hashToken: (token: string) => string = remembered(sha256Hex);

/**
 * The bearer token of an `Authorization` header: null when there is none,
 * "malformed" for anything but `Bearer <token>` with a well-formed token (a
 * client that sends credentials it got wrong must hear so, not be served
 * the public view).
 */
export function bearer(header: string | undefined | null): string | null | "malformed" {
  if (header === undefined || header === null) return null;
  const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(header.trim());
  return match && isSecret(match[1]!) ? match[1]! : "malformed";
}

/** The token a browser offers as the WebSocket subprotocol `bearer.<token>`. */
/**
 * A browser's player key among the WebSocket subprotocols it offers (`key.<player key>`: a browser cannot
 * set X-Player-Key on a WebSocket), or null without one.
 */
export function keyFromProtocols(header: string | undefined | null): string | null {
  for (const part of (header ?? "").split(",")) {
    const p = part.trim();
    if (p.startsWith("key.")) return p.slice("key.".length);
  }
  return null;
}

export function bearerFromProtocols(header: string | undefined | null): string | null | "malformed" {
  for (const part of (header ?? "").split(",")) {
    const p = part.trim();
    if (p.startsWith("bearer.")) return bearer(`Bearer ${p.slice("bearer.".length)}`);
  }
  return null;
}
