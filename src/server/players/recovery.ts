import type { Recovery } from "../../shared/wire/players";
import { hashToken } from "../auth";
import { hasSignInAddress } from "../db/player-queries";
import { recoveryOf, storeRecovery, tellableSubscriptions, voidRecovery } from "../db/recovery-queries";
import type { Env } from "../env";
import { enqueueNotice } from "../notify/fanout";
import { deviceIdOf, type PlayerId } from "./identity";
import { grouped, randomCode } from "./typed-code";

/**
 * Recovery codes: the way back for a player whose only device is lost and who gave no email
 * (docs/identity.md, "A recovery code"). A device of the player's makes one and is shown it once; the person keeps it
 * (a copy, a file, a printed line) wherever they keep such things. Typed or opened as a link on a new device, it
 * links that device to the player exactly as a device code does — the same page, whose player it is, the same choice
 * of what the device brings — and is spent.
 *
 * Unlike a device code it does not expire (it waits in a drawer for the day it is needed), so it is long enough that
 * nobody guesses it: 28 characters of Crockford's base32, 140 random bits; tries at codes are limited per network as
 * well (notify/send-limits.ts). Only its SHA-256 is stored, and not even that once it no longer works. A player has
 * one at a time: making a new one voids the old; removing one of the player's devices voids it too (the code may have
 * been kept on that device: a download, the clipboard); the player's devices are told when it is used.
 */

/** Characters in a recovery code: 28 × 5 = 140 random bits. */
export const RECOVERY_LENGTH = 28;

/** What is stored for a recovery code, from its typed form (players/typed-code.ts). */
export const recoveryHash = (typed: string): string => hashToken(`recovery:${typed}`);

/** A new recovery code for the player, shown once: the old one, if any, no longer works. */
export async function issueRecovery(d1: D1Database, player: PlayerId, now: number): Promise<{ code: string; createdAt: number }> {
  const code = randomCode(RECOVERY_LENGTH);
  await storeRecovery(d1, player, recoveryHash(code), now);
  return { code: grouped(code, 4), createdAt: now };
}

/** One of the player's devices was removed: the code may have been kept there, so it stops working. */
export function voidRecoveryOf(d1: D1Database, player: PlayerId, now: number): Promise<void> {
  return voidRecovery(d1, player, now);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Where the player stands if they lose a device: a working recovery code, what became of the last one, a sign-in address. */
export async function recoveryView(d1: D1Database, player: PlayerId): Promise<Recovery> {
  const [row, email] = await Promise.all([recoveryOf(d1, player), hasSignInAddress(d1, player)]);
  return {
    code: row?.live ? { createdAt: iso(row.createdAt) } : null,
    used: row?.usedAt != null ? { at: iso(row.usedAt), device: row.usedBy === null ? null : deviceIdOf(row.usedBy) } : null,
    voidedAt: row?.voidedAt != null ? iso(row.voidedAt) : null,
    email,
  };
}

/**
 * The player's recovery code just linked `device` (its key's hash; `label`: what it calls itself): every address and
 * device of theirs that hears anything is told at once, each once, so that a code someone else found or guessed
 * is seen and the device removed (the device list says the same: `recoveryView`'s `used`). The message names the
 * device, never the code.
 */
export async function tellRecovered(env: Env, player: PlayerId, device: string, label: string | null, now: number): Promise<void> {
  const targets = await tellableSubscriptions(env.DB, player, device);
  const notice = { type: "recoveryUsed", device: label, at: now } as const;
  for (const id of targets) await enqueueNotice(env, id, notice, `recovery/${deviceIdOf(device)}/${now}/${id}`, now);
}
