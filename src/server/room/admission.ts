import { recordSeat } from "../db/drain";
import { mergedInto } from "../db/merge-queries";
import type { SeatRow } from "../db/room-rows";
import { networkKey } from "../network";
import { deviceRemoved } from "../players/identity";
import type { RateLimiter } from "../rate-limiter";
import { type Failure, fail, isFailure, rateLimited } from "../reply";
import { absenceEntries } from "./clock-actions";
import { CutDevices } from "./cut-devices";
import { playerAbsences } from "./player-absences";
import { ratedSeatRefusal } from "./rated-seats";
import { reissuedSeat } from "./reissue";
import type { Room } from "./room";
import { SeatDevices, seatBound } from "./seat-devices";
import { nameSeat } from "./seat-names";
import { type AccessFor, admit, adoptSeats, type Caller, claimSeat, type Need, touchSeat } from "./seats";
import { closeDevice, closeSeat } from "./sockets";
import type { Storage } from "./storage";
import { sealed } from "./tournament-table";

/** What the room lends its door: its storage, sockets, D1, rate limits and time, and its step after a seat's change. */
export interface AdmissionParts {
  readonly storage: Storage;
  readonly ctx: DurableObjectState;
  readonly db: D1Database;
  readonly limiter: RateLimiter;
  now(): number;
  /** A seat's row changed: the room's one step after a write (writer.ts), every table told of the seats. */
  seatsChanged(room: Room): Promise<void>;
}

/**
 * The room's door: who a request speaks for (a seat, the invitation, the
 * creator's secret, a spectator: seats.ts), at what rate, and, for a seat,
 * as whom. A seat its player opened is that player's: only their devices
 * may use its link (seat-devices.ts), a device removed from them is refused
 * (cut-devices.ts), and a seat newly a player's is copied to D1 at once and
 * takes its player's name and declared absences.
 */
export class Admission {
  /** The devices this room was told no longer act for its seats' players (cut-devices.ts). */
  private readonly cut: CutDevices;
  /** The devices this room knows its seats' players by (seat-devices.ts). */
  private readonly devices: SeatDevices;

  constructor(private readonly parts: AdmissionParts) {
    this.cut = new CutDevices(parts.storage);
    this.devices = new SeatDevices(parts.storage);
  }

  /** Checks the caller's token and rate, and marks a seat's first use. */
  async enter<N extends Need>(room: Room, caller: Caller, need: N): Promise<{ room: Room; access: AccessFor<N> } | Failure> {
    const tokens = {
      inviteHash: room.inviteHash,
      hostHash: room.table.created.hostHash,
      reissued: (hash: string) => reissuedSeat(room.table, hash),
    };
    const access = admit(room.seats, tokens, caller.tokenHash, need);
    if ("ok" in access) return access;
    // A tournament's table whose deals other tables are still playing: its seats only (room/tournament-table.ts).
    if (access.kind !== "seat" && sealed(room))
      return fail(403, "TABLE_HIDDEN", "This tournament table opens to others once every table of its round has finished its hands.");
    // Moves are limited only when refused (writer.ts, `play`).
    const wait = need === "seat" ? 0 : this.parts.limiter.take(access.kind === "seat" ? `seat:${access.seat}` : `client:${caller.client}`);
    if (wait > 0) return rateLimited(wait);
    if (access.kind === "seat") {
      const refused = await this.seat(room, caller, access.seat);
      if (refused) return refused;
    }
    return { room, access };
  }

  /** A request for `seat`: refused if its device may not use it; else the seat marked used, and known as its player's. */
  private async seat(room: Room, caller: Caller, seat: number): Promise<Failure | null> {
    const { storage, limiter, ctx, db } = this.parts;
    if (this.cut.has(caller.device)) {
      // Where its key is not looked up (a move, a poll), the room alone knows the device was cut off. Where it is (the
      // view, the WebSocket), a device linked again to the seat's player is no longer cut off, and another player's
      // device is refused the seat as any would be (SEAT_TAKEN).
      if (caller.playerId === null) return deviceRemoved();
      const held = room.seats[seat]!.playerHash;
      if (held === null || held === caller.playerId) this.cut.delete(caller.device!);
    }
    const before = room.seats[seat]!;
    const origin = { network: networkKey(caller.client), device: caller.device ?? null };
    if (caller.playerId !== null && before.playerHash === null) {
      const refused = await ratedSeatRefusal(db, room, seat, caller.playerId, origin, this.parts.now());
      if (refused) return refused;
    }
    // A seat its player opened is theirs: its link opens it only on a device of theirs (seat-devices.ts). Refusals
    // are limited per client, as refused moves are: a device the room does not know costs a D1 read.
    const refusals = `refused:${caller.client}`;
    const waitRefused = limiter.wait(refusals);
    if (waitRefused > 0) return rateLimited(waitRefused);
    const player = await this.seatPlayer(before, caller);
    if (isFailure(player)) return this.refused(refusals, player);
    const touch = () => touchSeat(storage, room.seats, seat, player, caller.sealedToken ?? null, this.parts.now(), origin);
    let touched = touch();
    // Refused to another player: unless the seat's player was merged into the caller's since (players/merge.ts).
    if ("ok" in touched && (await this.mergedSeats(room, before.playerHash, player))) touched = touch();
    if ("ok" in touched) return this.refused(refusals, touched);
    const held = room.seats[seat]!.playerHash;
    // The Worker read the device's player from D1 (the view, the socket...): the room knows it afresh. (A move's device
    // is not refreshed here: only a D1 read refreshes it, so that a device the room missed being told of is read again.)
    if (held !== null && caller.device != null && caller.playerId !== null) this.devices.remember(caller.device, held, this.parts.now());
    // Just become its player's: a socket opened before with the link alone no longer sees it.
    if (before.playerHash === null && held !== null) closeSeat(ctx, seat, caller.device ?? null);
    // A seat with no name takes its player's, once they have one (docs/playing.md: a player is asked their name once).
    const named = await nameSeat(db, storage, room.seats, seat, caller.playerId);
    if (touched.changed || named) {
      // A seat newly linked to a player: D1 learns it now, and the absences that player declared stop this seat's clock too.
      if (room.seats[seat]!.playerHash && room.seats[seat]!.playerHash !== before.playerHash) {
        await this.recordSeat(room, seat);
        await bringAbsences(db, room, () => this.parts.now(), [seat]);
      }
      await this.parts.seatsChanged(room);
    }
    return null;
  }

  /** The invitation claims a free seat (seats.ts, `claimSeat`); a player's is copied to D1 at once. */
  async claim(
    room: Room,
    caller: Caller,
    request: { seat?: number; name?: string | null },
  ): Promise<{ seat: number; token: string } | Failure> {
    const origin = { network: networkKey(caller.client), device: caller.device ?? null };
    if (caller.playerId !== null) {
      const refused = await ratedSeatRefusal(this.parts.db, room, request.seat ?? null, caller.playerId, origin, this.parts.now());
      if (refused) return refused;
    }
    const claimed = claimSeat(this.parts.storage, room.seats, request, caller.playerId, origin);
    if ("ok" in claimed) return claimed;
    if (caller.playerId !== null) await this.recordSeat(room, claimed.seat);
    return claimed;
  }

  /** A seat refused to a request: counted against its client's refusals. */
  private refused(key: string, failure: Failure): Failure {
    this.parts.limiter.take(key);
    return failure;
  }

  /**
   * A seat's row copied to D1 at once (a seat that just became a player's): a device's link preview and a merge read
   * who holds what there, and must not miss a seat opened a moment ago. If its player was merged into another in the
   * meantime, D1 names the one it became, and so does the room from now on. A failure waits for the drain.
   */
  async recordSeat(room: Room, seat: number): Promise<void> {
    try {
      const kept = await recordSeat(this.parts.db, room.table.id, room.seats[seat]!);
      const held = room.seats[seat]!.playerHash;
      if (kept !== null && held !== null && kept !== held) this.adopt(room, held, kept);
    } catch (error) {
      console.error(`game ${room.table.id}: seat ${seat} not copied to D1 yet: ${(error as Error).message}`);
    }
  }

  /**
   * The player a request for a seat speaks for: the one the Worker looked its device up for, or, for a seat that is a
   * player's, the player of the device the request names (a move and a poll come unread: seat-devices.ts). A seat that
   * is a player's refuses a request naming no device; a seat that is nobody's yet is opened by its link alone.
   */
  private async seatPlayer(row: SeatRow, caller: Caller): Promise<string | null | Failure> {
    if (caller.playerId !== null || row.playerHash === null) return caller.playerId;
    if (caller.device == null) return seatBound(row.seat);
    return this.devices.ownerOf(this.parts.db, caller.device, row.playerHash, this.parts.now());
  }

  /** `from` was merged into `to`: its seats here and the devices known as its are `to`'s. Returns the seats moved. */
  adopt(room: Room, from: string, to: string): number[] {
    this.devices.adopt(from, to);
    return adoptSeats(this.parts.storage, room.seats, from, to);
  }

  /** Whether the seats of `held` here became `caller`'s, `held` having been merged into `caller` (a copy in D1 says so). */
  private async mergedSeats(room: Room, held: string | null, caller: string | null): Promise<boolean> {
    if (held === null || caller === null || held === caller) return false;
    if ((await mergedInto(this.parts.db, held)) !== caller) return false;
    this.adopt(room, held, caller);
    return true;
  }

  /** A device removed from the seats' players: refused from now on, its sockets closed. Returns how many closed. */
  cutDevice(device: string): number {
    this.cut.add(device);
    this.devices.forget(device);
    // A long poll waits in the Worker on a socket of its device (long-poll.ts): closed with the rest.
    return closeDevice(this.parts.ctx, device);
  }

  /** A device that joined another player: its seat sockets close, and D1 is asked of it next time. Whether it was known. */
  forgetDevice(device: string): boolean {
    // A table it has open at a seat here stops showing the seat's hand at once (the page then says whose it is).
    closeDevice(this.parts.ctx, device, false);
    return this.devices.forget(device);
  }
}

/**
 * The absences the players of `seats` (every seat unless named) declared (D1), into the log where it lacks them: a
 * seat that comes with its player (a rematch's) or just became one's stops its clock for them too. Nothing without a
 * clock.
 */
export async function bringAbsences(
  db: D1Database,
  room: Room,
  now: () => number,
  seats: readonly number[] = room.seats.map((s) => s.seat),
): Promise<void> {
  if (!room.table.clock) return;
  for (const seat of seats) {
    const player = room.seats[seat]!.playerHash;
    if (player === null) continue;
    const entries = absenceEntries(room.table, [seat], await playerAbsences(db, player));
    if (entries.length > 0) room.append(entries, now());
  }
}
