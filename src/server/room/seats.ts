import type { Viewer } from "../../shared/api";
import { z } from "../../shared/wire/z";
import { hashToken, newToken } from "../auth";
import type { SeatRow } from "../db/room-rows";
import { type Failure, fail } from "../reply";
import type { Storage } from "./storage";
import type { Table } from "./table";

/** Who is asking, as the Worker saw the request. Raw secrets never reach the room, only their hashes. */
export interface Caller {
  readonly gameId: string;
  /** SHA-256 of the bearer token, or null without one. */
  readonly tokenHash: string | null;
  /** The player of the `X-Player-Key` device (players/identity.ts), or null without one. */
  readonly playerId: string | null;
  /** With a player key: the bearer token sealed (seal.ts), for that player's own notifications to link to their seat. */
  readonly sealedToken?: string | null;
  /** The client's address, for rate limiting. */
  readonly client: string;
}

/** A caller forwarded to the room in a header (a WebSocket upgrade, routes/games.ts), read back by its shape. */
export const CallerSchema = z.object({
  gameId: z.string(),
  tokenHash: z.string().nullable(),
  playerId: z.string().nullable(),
  sealedToken: z.string().nullish(),
  client: z.string(),
}) satisfies z.ZodType<Caller>;

/**
 * What a token opens: a seat, the invitation, the host's secret (given to
 * the game's creator, it issues fresh links for seats not yet taken), or
 * (without a token) the public view.
 */
export type Access =
  | { readonly kind: "seat"; readonly seat: number }
  | { readonly kind: "invite" }
  | { readonly kind: "host" }
  | { readonly kind: "spectator" };

export function identify(seats: readonly SeatRow[], inviteHash: string, tokenHash: string | null, hostHash?: string): Access | Failure {
  if (tokenHash === null) return { kind: "spectator" };
  const seat = seats.find((s) => s.tokenHash === tokenHash);
  if (seat) return { kind: "seat", seat: seat.seat };
  if (tokenHash === inviteHash) return { kind: "invite" };
  if (hostHash !== undefined && tokenHash === hostHash) return { kind: "host" };
  return fail(401, "BAD_TOKEN", "This link's token does not open this game.");
}

/**
 * What a request needs: any view, a seat (to play), the invitation (to
 * claim a seat), the creator's secret (a fresh seat link), or either of the
 * creator's two (the invitation or the secret: a game's webhooks).
 */
export type Need = "any" | "seat" | "invite" | "host" | "creator";

const NEEDED: Record<Exclude<Need, "any">, { missing: string; wrong: string }> = {
  seat: { missing: "Playing needs the seat's link (Authorization: Bearer <seat token>).", wrong: "Only a seat's token may play." },
  invite: { missing: "Claiming a seat needs the invitation link's token.", wrong: "Only the invitation's token may claim a seat." },
  host: {
    missing: "A fresh seat link needs the secret given to the game's creator.",
    wrong: "Only the game creator's secret may issue a fresh seat link.",
  },
  creator: {
    missing: "A game's webhooks are its creator's: send Authorization: Bearer <invitation token or host secret>.",
    wrong: "A seat's token does not manage the game's webhooks: use the invitation token or the host secret the game was created with.",
  },
};

/** The access a request that needs `N` is let in with: a seat's number is known once it needs a seat. */
export type AccessFor<N extends Need> = N extends "any"
  ? Access
  : N extends "creator"
    ? Extract<Access, { kind: "invite" | "host" }>
    : Extract<Access, { kind: N }>;

/** The caller's access, if it is what the request needs. */
export function admit<N extends Need>(
  seats: readonly SeatRow[],
  inviteHash: string,
  tokenHash: string | null,
  need: N,
  hostHash?: string,
): AccessFor<N> | Failure;
export function admit(
  seats: readonly SeatRow[],
  inviteHash: string,
  tokenHash: string | null,
  need: Need,
  hostHash?: string,
): Access | Failure {
  const access = identify(seats, inviteHash, tokenHash, hostHash);
  if ("ok" in access || need === "any" || access.kind === need) return access;
  if (need === "creator" && (access.kind === "invite" || access.kind === "host")) return access;
  const words = NEEDED[need];
  return access.kind === "spectator" ? fail(401, "AUTH_REQUIRED", words.missing) : fail(403, "FORBIDDEN", words.wrong);
}

export function viewerOf(access: Access): Viewer {
  return access.kind === "seat" ? access.seat : null;
}

/** A seat's `seenAt` moves in steps, so that reading a table does not write every time. */
const SEEN_STEP = 10 * 60_000;

export const seatTaken = (seat: number): Failure =>
  fail(
    409,
    "SEAT_TAKEN",
    `Seat ${seat} belongs to another player. If it is yours, link this device to your player (a code from a device you use, or a sign-in link by email) and open it again.`,
  );

/**
 * A seat's use: the first marks it taken (the invitation can no longer claim
 * it), and a device's player (players/identity.ts) owns a seat that has no
 * player yet ("my games", notifications). A seat never moves from one player
 * to another: a device of another player gets SEAT_TAKEN, never the seat,
 * and is offered to link itself to the seat's player instead. Without a
 * player key the seat's link alone plays, as it always has (scripts, bots).
 * Returns whether the seat's row changed for D1 (`changed`), or the refusal.
 */
export function touchSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  playerId: string | null,
  sealedToken: string | null,
  now: number,
): { changed: boolean } | Failure {
  const row = seats[seat]!;
  if (playerId !== null && row.playerHash !== null && playerId !== row.playerHash) return seatTaken(seat);
  const player = row.playerHash ?? playerId;
  // The sealed link is kept once: a seat used again by its player changes nothing.
  const link = player === null ? null : (row.link ?? (playerId !== null ? sealedToken : null));
  const seenAt = row.seenAt != null && now - row.seenAt < SEEN_STEP ? row.seenAt : now;
  const changed = !row.taken || player !== row.playerHash || link !== (row.link ?? null);
  if (!changed && seenAt === row.seenAt) return { changed };
  const next = { ...row, taken: true, playerHash: player, link, seenAt };
  // When only the time seen moved, D1 has nothing to learn.
  storage.atomically(() => storage.writeSeat(next, changed));
  seats[seat] = next;
  return { changed };
}

/** A player's devices became another's (players/merge.ts): their seats here follow. Returns the seats moved. */
export function adoptSeats(storage: Storage, seats: SeatRow[], from: string, to: string): number[] {
  const moved = seats.filter((s) => s.playerHash === from).map((s) => s.seat);
  if (moved.length === 0) return moved;
  storage.atomically(() => {
    for (const seat of moved) {
      const next = { ...seats[seat]!, playerHash: to };
      storage.writeSeat(next);
      seats[seat] = next;
    }
  });
  return moved;
}

/**
 * Claims a free seat with the invitation: the seat gets a fresh token (its
 * old link stops working). A seat the creator named is reserved for its own
 * link: the invitation takes only unnamed seats, the first free one unless
 * the request names one.
 */
export function claimSeat(
  storage: Storage,
  seats: SeatRow[],
  request: { seat?: number; name?: string | null },
  playerId: string | null,
): { seat: number; token: string } | Failure {
  let row: SeatRow | undefined;
  if (request.seat !== undefined) {
    row = seats[request.seat];
    if (!row) return fail(400, "BAD_REQUEST", `seat must be a number from 0 to ${seats.length - 1}`);
    if (row.taken) return fail(409, "SEAT_TAKEN", `Seat ${request.seat} is taken.`);
    if (row.name !== null) return fail(409, "SEAT_RESERVED", `Seat ${request.seat} is kept for ${row.name}, who has its own link.`);
  } else {
    row = seats.find((s) => !s.taken && s.name === null);
    if (!row) return fail(409, "NO_FREE_SEAT", "No seat is free for the invitation: every seat is taken or kept for a named player.");
  }
  const token = newToken();
  // The claimer's link is sealed when they next use it with their player key.
  const next: SeatRow = {
    ...row,
    tokenHash: hashToken(token),
    taken: true,
    name: request.name ?? row.name,
    playerHash: playerId,
    link: null,
  };
  storage.atomically(() => storage.writeSeat(next));
  seats[next.seat] = next;
  return { seat: next.seat, token };
}

/** How long an opened seat's player must be away before the creator may give it a fresh link, and when the table last saw anyone. */
export function awayRule(table: Table): { lastSeen: number; idleAfter: number } {
  const clock = table.created.clock;
  const idleAfter = !clock ? IDLE_WITHOUT_CLOCK : clock.kind === "perMove" ? clock.perMove : clock.bank;
  // Seats opened before the room kept when it saw them count as seen at the table's latest entry.
  return { lastSeen: table.lastAt, idleAfter };
}

/** Without a clock, how long a seat's player must be away before the creator may give the seat a fresh link. */
export const IDLE_WITHOUT_CLOCK = 7 * 24 * 3600_000;

/**
 * The host issues a fresh link for a seat (a lost or misdelivered link): the
 * seat's old link stops working. A seat nobody has opened gets one at any
 * time. An opened seat belongs to its player, and gets one only when that
 * player has not been seen at this table for longer than `idleAfter` (the
 * game's time per move, or a week without a clock): the seat is then free
 * again for whoever opens the fresh link, and `reopened` says so (the log
 * records it).
 */
export function reissueSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  name: string | null | undefined,
  away: { readonly now: number; readonly lastSeen: number; readonly idleAfter: number },
): { seat: number; token: string; reopened: boolean } | Failure {
  const row = seats[seat];
  if (!row) return fail(400, "BAD_REQUEST", `seat must be a number from 0 to ${seats.length - 1}`);
  const seen = row.seenAt ?? away.lastSeen;
  if (row.taken && away.now - seen <= away.idleAfter) {
    const hours = Math.ceil((seen + away.idleAfter - away.now) / 3600_000);
    return fail(
      409,
      "SEAT_TAKEN",
      `Seat ${seat} is taken: its player holds its link. If they stay away, a fresh link may be issued in ${hours} h.`,
    );
  }
  const token = newToken();
  const next: SeatRow = row.taken
    ? {
        seat,
        tokenHash: hashToken(token),
        taken: false,
        name: name === undefined ? row.name : name,
        playerHash: null,
        link: null,
        seenAt: null,
      }
    : { ...row, tokenHash: hashToken(token), name: name === undefined ? row.name : name };
  storage.atomically(() => storage.writeSeat(next));
  seats[seat] = next;
  return { seat, token, reopened: row.taken };
}
