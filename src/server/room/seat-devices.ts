import { z } from "../../shared/wire/z";
import { identify, type PlayerId } from "../players/identity";
import { type Failure, fail, isFailure } from "../reply";
import type { Storage } from "./storage";

/** The room's storage key, and how many devices it keeps (a few per seat at most; the longest unseen go first past it). */
const KEY = "seat_devices";
const MAX = 64;
/**
 * A device last read from D1 longer ago than this is read again: a safety net, should a room miss being told it was
 * removed or moved (an hour of a device's moves at most; its views and sockets are read by the Worker every time).
 */
const RECHECK = 3600_000;
/** Remembering a device again writes only once its time is this old (a player's every request does not write). */
const REFRESH = RECHECK / 2;

/** Per device (its key's SHA-256): the player it acts for, and when that was last known. */
const Stored = z.record(z.string(), z.tuple([z.string(), z.number()]));

/**
 * A seat a player's device opened is that player's (room/seats.ts,
 * `touchSeat`): every request with its token — the view, moves, polls, the
 * chat, the clock's claim, a handover, the rematch, the record — must come
 * from one of that player's devices. The Worker looks a device up where it
 * already reads D1 (the view, the WebSocket, the chat...); a move and a long
 * poll it passes on unread, so that a move reaches no database. The room
 * remembers here which player each device it has seen acts for, and asks D1
 * only about a device it has not seen (or not for an hour): a player's phone
 * and laptop each cost a read per game and hour at most, not one per move.
 *
 * What moves a device elsewhere tells the rooms of its player's open games:
 * a removal (room/cut-devices.ts), a link to another player (`forget`), a
 * merge (`adopt`); and a device seen at a seat of a player it is not
 * remembered for is asked of D1 again, so a missed message costs a refusal
 * at most. Kept in the room's storage: a room that sleeps does not forget,
 * and a room rebuilt from D1 (its storage lost) asks again.
 */
export class SeatDevices {
  private devices: Map<string, readonly [PlayerId, number]> | null = null;

  constructor(private readonly storage: Storage) {}

  private read(): Map<string, readonly [PlayerId, number]> {
    if (this.devices === null) {
      let stored: unknown = {};
      try {
        stored = JSON.parse(this.storage.getMeta(KEY) ?? "{}");
      } catch {
        // Written by hand: as if no device were known (each is asked of D1 again).
      }
      this.devices = new Map(Object.entries(Stored.catch({}).parse(stored)));
    }
    return this.devices;
  }

  private write(): void {
    const devices = [...this.read()].sort((a, b) => a[1][1] - b[1][1]).slice(-MAX);
    this.devices = new Map(devices);
    this.storage.setMeta(KEY, JSON.stringify(Object.fromEntries(devices)));
  }

  /** The player `device` acts for, if remembered and recent. */
  known(device: string, now: number): PlayerId | null {
    const known = this.read().get(device);
    return known !== undefined && now - known[1] < RECHECK ? known[0] : null;
  }

  remember(device: string, player: PlayerId, now: number): void {
    const known = this.read().get(device);
    if (known !== undefined && known[0] === player && now - known[1] < REFRESH) return;
    this.read().set(device, [player, now]);
    this.write();
  }

  /** The device no longer acts for the player it was remembered for (linked to another): asked of D1 when next seen. */
  forget(device: string): boolean {
    if (!this.read().delete(device)) return false;
    this.write();
    return true;
  }

  /** `from` was merged into `to` (players/merge.ts): its devices are `to`'s. */
  adopt(from: PlayerId, to: PlayerId): void {
    const devices = this.read();
    let changed = false;
    for (const [device, [player, at]] of devices) {
      if (player !== from) continue;
      devices.set(device, [to, at]);
      changed = true;
    }
    if (changed) this.write();
  }

  /**
   * The player `device` acts for, for a seat held by `held`: known here when it is `held`'s, else read from D1
   * (players/identity.ts), and kept here when it is `held`'s. A removed device is refused (DEVICE_REMOVED).
   */
  async ownerOf(d1: D1Database, device: string, held: PlayerId, now: number): Promise<PlayerId | Failure> {
    if (this.known(device, now) === held) return held;
    const who = await identify(d1, device, now);
    if (isFailure(who)) return who;
    // Only the seat's player's devices are kept: another's is refused, and keeping it would only crowd them out.
    if (who.player === held) this.remember(device, who.player, now);
    return who.player;
  }
}

/** A seat its player's device opened, asked for with its link and no player key. */
export const seatBound = (seat: number): Failure =>
  fail(
    403,
    "SEAT_BOUND",
    `Seat ${seat} belongs to the player who opened it, and only their devices may use its link (send X-Player-Key). If it is yours, link this device to your player (a code from a device you use, or a sign-in link by email) and open it again.`,
  );
