import { hashToken, newToken, sha256Hex } from "../auth";
import { liveLink } from "../db/merge-queries";
import { linksMadeSince, signInOwners, spendLink, storeLink } from "../db/player-queries";
import { liveRecovery, spendRecovery } from "../db/recovery-queries";
import type { Env } from "../env";
import { enqueueNotice } from "../notify/fanout";
import { mailboxOf, take } from "../notify/send-limits";
import { type Failure, fail, rateLimited } from "../reply";
import type { PlayerId } from "./identity";
import { CODE_MINUTES, SIGN_IN_MINUTES } from "./link-life";
import { RECOVERY_LENGTH, recoveryHash } from "./recovery";
import { grouped, randomCode, typedForm } from "./typed-code";

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
 * A typed code: ten characters of Crockford's base32 (players/typed-code.ts), 50 random bits, shown as two groups of
 * five. With a ten-minute life, single use and limited tries, guessing one is hopeless.
 */
const CODE_LENGTH = 10;

/** What a code refers to: a device code or a sign-in link's (device_links), or a recovery code (players/recovery.ts). */
type CodeRef = { readonly kind: "link" | "recovery"; readonly hash: string };

/**
 * A code's hash and where it is kept, whether typed (a device code, a recovery code: case, spaces and dashes do not
 * matter) or the 128-bit token of a sign-in link; null for anything that is none of them.
 */
function codeRef(code: string): CodeRef | null {
  const typed = typedForm(code);
  if (typed?.length === RECOVERY_LENGTH) return { kind: "recovery", hash: recoveryHash(typed) };
  if (/^[A-Za-z0-9_-]{22,128}$/.test(code)) return { kind: "link", hash: hashToken(code) };
  if (typed?.length === CODE_LENGTH) return { kind: "link", hash: hashToken(`code:${typed}`) };
  return null;
}

/** A fresh code for the player's other device; refused after CODES_PER_HOUR in an hour. */
export async function issueCode(d1: D1Database, player: PlayerId, now: number): Promise<{ code: string; expiresAt: number } | Failure> {
  const made = await linksMadeSince(d1, player, "code", now - HOUR);
  if (made.n >= CODES_PER_HOUR) {
    return rateLimited(Math.max(1, Math.ceil(((made.first ?? now) + HOUR - now) / 1000)), "device codes");
  }
  const code = randomCode(CODE_LENGTH);
  const expiresAt = now + CODE_MINUTES * MINUTE;
  await storeLink(d1, { codeHash: hashToken(`code:${code}`), playerId: player, kind: "code", createdAt: now, expiresAt });
  return { code: grouped(code, 5), expiresAt };
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

/** What a code is: a device code, an email's sign-in link, or a recovery code. */
export type CodeKind = "code" | "email" | "recovery";

/**
 * Spends a code for `device` (its key's SHA-256): the player it links to and what kind of code it was, or the refusal
 * (the same whether it never was, was used, expired or was replaced).
 */
export async function spendCode(
  d1: D1Database,
  code: string,
  device: string,
  now: number,
): Promise<{ player: PlayerId; kind: CodeKind } | Failure> {
  const ref = codeRef(code);
  if (ref === null) return codeInvalid();
  // One statement each: two devices racing for the same code cannot both win.
  if (ref.kind === "recovery") {
    const player = await spendRecovery(d1, ref.hash, device, now);
    return player === null ? codeInvalid() : { player, kind: "recovery" };
  }
  const spent = await spendLink(d1, ref.hash, now);
  return spent === null ? codeInvalid() : { player: spent.playerId, kind: spent.kind };
}

/**
 * Looks at a code without spending it (the link page shows whose player the device would join, and asks first):
 * the player it links to, its kind and when it stops working (never, for a recovery code), or the same refusal as
 * spending it.
 */
export async function peekCode(
  d1: D1Database,
  code: string,
  now: number,
): Promise<{ player: PlayerId; kind: CodeKind; expiresAt: number | null } | Failure> {
  const ref = codeRef(code);
  if (ref?.kind === "recovery") {
    const row = await liveRecovery(d1, ref.hash);
    return row ? { player: row.playerId, kind: "recovery", expiresAt: null } : codeInvalid();
  }
  const row = ref === null ? undefined : await liveLink(d1, ref.hash, now);
  return row ? { player: row.playerId, kind: row.kind, expiresAt: row.expiresAt } : codeInvalid();
}
