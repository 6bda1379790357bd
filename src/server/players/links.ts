import { hashToken, newToken, randomBytes, sha256Hex } from "../auth";
import { liveLink } from "../db/merge-queries";
import { linksMadeSince, signInOwners, spendLink, storeLink } from "../db/player-queries";
import type { Env } from "../env";
import { enqueueNotice } from "../notify/fanout";
import { mailboxOf, take } from "../notify/send-limits";
import { type Failure, fail, rateLimited } from "../reply";
import type { PlayerId } from "./identity";
import { CODE_MINUTES, SIGN_IN_MINUTES } from "./link-life";

/**
 * One-time codes that link a device to a player. A device in use shows a
 * code (typed, or opened as a link or QR code on the other device); a
 * confirmed notification address gets a sign-in link by email. Either is
 * kept only as a hash, expires in minutes and is spent by its first use:
 * whoever sees it afterwards learns nothing and can do nothing with it.
 */

export { CODE_MINUTES, SIGN_IN_MINUTES };
/** Codes a player may make in an hour (sign-in messages and tries at codes are limited in notify/send-limits.ts). */
export const CODES_PER_HOUR = 10;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A typed code: ten characters of Crockford's base32 (no I, L, O, U), 50
 * random bits, shown as two groups of five. With a ten-minute life, single
 * use and limited tries, guessing one is hopeless; written by hand because
 * it is twenty lines and no library adds anything.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function newCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (const b of bytes) code += ALPHABET[b & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is stored for a code as typed: case, spaces and dashes do not matter, and I, L, O read as 1, 1, 0. */
function typedHash(code: string): string | null {
  const clean = code.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (clean.length !== 10 || [...clean].some((ch) => !ALPHABET.includes(ch))) return null;
  return hashToken(`code:${clean}`);
}

/** A code's hash, whether typed or the 128-bit token of a sign-in link; null for anything that is neither. */
export function codeHash(code: string): string | null {
  return /^[A-Za-z0-9_-]{22,128}$/.test(code) ? hashToken(code) : typedHash(code);
}

/** A fresh code for the player's other device; refused after CODES_PER_HOUR in an hour. */
export async function issueCode(d1: D1Database, player: PlayerId, now: number): Promise<{ code: string; expiresAt: number } | Failure> {
  const made = await linksMadeSince(d1, player, "code", now - HOUR);
  if (made.n >= CODES_PER_HOUR) {
    return rateLimited(Math.max(1, Math.ceil(((made.first ?? now) + HOUR - now) / 1000)), "device codes");
  }
  const code = newCode();
  const expiresAt = now + CODE_MINUTES * MINUTE;
  await storeLink(d1, { codeHash: typedHash(code)!, playerId: player, kind: "code", createdAt: now, expiresAt });
  return { code, expiresAt };
}

const signInPrefix = (address: string) => `signin/${sha256Hex(address.toLowerCase())}/`;

/** The players one mailbox can sign in as, each in a message of its own (an address may serve several players). */
const SIGN_IN_PLAYERS = 3;

/**
 * Mails a sign-in link for each player `address` is a confirmed notification
 * address of (up to SIGN_IN_PLAYERS, the latest first), each message naming
 * its player, so that an address someone else also subscribed (and its owner
 * confirmed) never signs its owner in as that other player unawares; within
 * the mailbox's limit (`signInsPerMailbox`, one per request). Says nothing
 * either way: the caller answers the same whatever happened, so that nobody
 * learns whose address it is.
 */
export async function mailSignIn(env: Env, address: string, now: number): Promise<void> {
  const owners = await signInOwners(env.DB, address.toLowerCase(), SIGN_IN_PLAYERS);
  if (owners.length === 0) return;
  if ((await take(env.DB, "signInsPerMailbox", mailboxOf(address), now)) > 0) return;
  for (const owner of owners) {
    const token = newToken();
    await storeLink(env.DB, {
      codeHash: hashToken(token),
      playerId: owner.owner,
      kind: "email",
      createdAt: now,
      expiresAt: now + SIGN_IN_MINUTES * MINUTE,
    });
    const notice = { type: "signIn", token, player: owner.name } as const;
    await enqueueNotice(env, owner.id, notice, `${signInPrefix(address)}${owner.id}/${newToken()}`, now);
  }
}

export const codeInvalid = (): Failure =>
  fail(404, "LINK_CODE_INVALID", "This code does not link anything: it was mistyped, has been used, or has expired. Ask for a fresh one.");

/** Spends a code: the player it links to, or the refusal (the same whether it never was, was used or expired). */
export async function spendCode(d1: D1Database, code: string, now: number): Promise<PlayerId | Failure> {
  const hash = codeHash(code);
  if (hash === null) return codeInvalid();
  // One statement: two devices racing for the same code cannot both win.
  return (await spendLink(d1, hash, now)) ?? codeInvalid();
}

/**
 * Looks at a code without spending it (the link page shows whose player the device would join, and asks first):
 * the player it links to and when it stops working, or the same refusal as spending it.
 */
export async function peekCode(
  d1: D1Database,
  code: string,
  now: number,
): Promise<{ player: PlayerId; kind: "code" | "email"; expiresAt: number } | Failure> {
  const hash = codeHash(code);
  const row = hash === null ? undefined : await liveLink(d1, hash, now);
  return row ? { player: row.playerId, kind: row.kind, expiresAt: row.expiresAt } : codeInvalid();
}
