import type { Viewer } from "../../shared/api";
import { hashToken, newToken } from "../auth";
import type { SeatRow } from "../db/room-rows";
import { type Failure, fail } from "../reply";
import { type NotGone, SEEN_STEP, type Verdict } from "./reissue";
import type { Storage } from "./storage";

export { type Caller, CallerSchema } from "../caller";

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

/** What a room knows of a game's tokens beside its seats: the invitation's, the creator's, and the links its seats were given fresh ones for. */
export interface Tokens {
  readonly inviteHash: string;
  readonly hostHash?: string;
  /** The seat whose link this was, before the creator gave it a fresh one (the log's `seatReissued`); null for any other. */
  readonly reissued?: (tokenHash: string) => number | null;
}

export function identify(seats: readonly SeatRow[], tokens: Tokens, tokenHash: string | null): Access | Failure {
  if (tokenHash === null) return { kind: "spectator" };
  const seat = seats.find((s) => s.tokenHash === tokenHash);
  if (seat) return { kind: "seat", seat: seat.seat };
  if (tokenHash === tokens.inviteHash) return { kind: "invite" };
  if (tokens.hostHash !== undefined && tokenHash === tokens.hostHash) return { kind: "host" };
  const old = tokens.reissued?.(tokenHash) ?? null;
  // Its holder is told what became of their seat, not only that the link does not open it.
  if (old !== null)
    return fail(
      401,
      "SEAT_REISSUED",
      `The game's creator gave seat ${old} a fresh link after its player missed a turn and stayed away: this link no longer opens it. Ask the creator for the new one.`,
    );
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
export function admit<N extends Need>(seats: readonly SeatRow[], tokens: Tokens, tokenHash: string | null, need: N): AccessFor<N> | Failure;
export function admit(seats: readonly SeatRow[], tokens: Tokens, tokenHash: string | null, need: Need): Access | Failure {
  const access = identify(seats, tokens, tokenHash);
  if ("ok" in access || need === "any" || access.kind === need) return access;
  if (need === "creator" && (access.kind === "invite" || access.kind === "host")) return access;
  const words = NEEDED[need];
  return access.kind === "spectator" ? fail(401, "AUTH_REQUIRED", words.missing) : fail(403, "FORBIDDEN", words.wrong);
}

export function viewerOf(access: Access): Viewer {
  return access.kind === "seat" ? access.seat : null;
}

/**
 * Where a seat's player took it from: their network (network.ts's key) and their device (its key's SHA-256), kept on
 * the seat for the ratings' same-person check (ratings/verdict.ts); null where unknown.
 */
export interface SeatOrigin {
  readonly network: string | null;
  readonly device: string | null;
}

const NOWHERE: SeatOrigin = { network: null, device: null };

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
 * and is offered to link itself to the seat's player instead. A seat with
 * no player is played with its link alone, as it always has been (scripts,
 * bots); one with a player only by that player's devices, which the room
 * checks before (seat-devices.ts: `playerId` is then the device's player).
 * Returns whether the seat's row changed for D1 (`changed`), or the refusal.
 */
export function touchSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  playerId: string | null,
  sealedToken: string | null,
  now: number,
  /** Where the caller comes from (their network and device), kept when the seat first gets its player. */
  origin: SeatOrigin = NOWHERE,
): { changed: boolean } | Failure {
  const row = seats[seat]!;
  if (playerId !== null && row.playerHash !== null && playerId !== row.playerHash) return seatTaken(seat);
  const player = row.playerHash ?? playerId;
  const fresh = row.playerHash === null && player !== null;
  const from = fresh ? origin : { network: row.network ?? null, device: row.device ?? null };
  // The sealed link is kept once: a seat used again by its player changes nothing.
  const link = player === null ? null : (row.link ?? (playerId !== null ? sealedToken : null));
  const seenAt = row.seenAt != null && now - row.seenAt < SEEN_STEP ? row.seenAt : now;
  const changed = !row.taken || player !== row.playerHash || link !== (row.link ?? null);
  if (!changed && seenAt === row.seenAt) return { changed };
  const next = { ...row, taken: true, playerHash: player, link, seenAt, network: from.network, device: from.device };
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
  /** Where the claimer comes from (their network and device). */
  origin: SeatOrigin = NOWHERE,
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
    network: playerId === null ? null : origin.network,
    device: playerId === null ? null : origin.device,
  };
  storage.atomically(() => storage.writeSeat(next));
  seats[next.seat] = next;
  return { seat: next.seat, token };
}

/**
 * The host issues a fresh link for a seat (a lost or misdelivered link): the
 * seat's old link stops working. A seat nobody has opened gets one at any
 * time. An opened seat belongs to its player, and gets one only when that
 * player is really gone (`verdict`, reissue.ts) and the match is not over:
 * the seat is then free again for whoever opens the fresh link, and
 * `reopened` says so with the link that stopped and the player it was
 * taken from (the log records it, and that player is told).
 */
export function reissueSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  name: string | null | undefined,
  verdict: (row: SeatRow) => Verdict,
): { seat: number; token: string; reopened: { previous: string; player: string | null } | null } | Failure {
  const row = seats[seat];
  if (!row) return fail(400, "BAD_REQUEST", `seat must be a number from 0 to ${seats.length - 1}`);
  if (row.taken) {
    const gone = verdict(row);
    if (!gone.gone) return notGone(seat, gone);
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
  return { seat, token, reopened: row.taken ? { previous: row.tokenHash, player: row.playerHash } : null };
}

const NOT_GONE: Record<NotGone, string> = {
  connected: "its player has the table open now",
  absent: "its player is away on a declared absence",
  playing: "its player has not missed a turn of their own since they were last at the table",
  computer: "it is a computer player's",
  over: "its match is over, so there is no seat to give back",
};

function notGone(seat: number, verdict: Extract<Verdict, { gone: false }>): Failure {
  const after =
    verdict.after === null ? "" : ` If they stay away, a fresh link may be issued from ${new Date(verdict.after).toISOString()}.`;
  return fail(409, "SEAT_TAKEN", `Seat ${seat} is taken: ${NOT_GONE[verdict.why]}.${after}`, {
    away: { reason: verdict.why, after: verdict.after === null ? null : new Date(verdict.after).toISOString() },
  });
}

/** A player used the seat without the request passing through `touchSeat` (a move over a WebSocket, or its close): seen now. */
export function markSeen(storage: Storage, seats: SeatRow[], seat: number, now: number): void {
  const row = seats[seat];
  if (!row?.taken || (row.seenAt != null && now - row.seenAt < SEEN_STEP)) return;
  const next = { ...row, seenAt: now };
  // Only the time seen moved: D1 has nothing to learn.
  storage.atomically(() => storage.writeSeat(next, false));
  seats[seat] = next;
}
