import type { Viewer } from "../../shared/api";
import { hashToken, newToken } from "../auth";
import { type Failure, fail } from "../reply";
import type { SeatRow, Storage } from "./storage";

/** Who is asking, as the Worker saw the request. Raw secrets never reach the room, only their hashes. */
export interface Caller {
  readonly gameId: string;
  /** SHA-256 of the bearer token, or null without one. */
  readonly tokenHash: string | null;
  /** SHA-256 of the `X-Player-Key` header, or null without one. */
  readonly playerKeyHash: string | null;
  /** With a player key: the bearer token sealed (seal.ts), for that player's own notifications to link to their seat. */
  readonly sealedToken?: string | null;
  /** The client's address, for rate limiting. */
  readonly client: string;
}

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

/**
 * A seat's first use marks it taken (the invitation can no longer claim it),
 * and a player key attaches the seat to that player ("my games").
 */
export function touchSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  playerKeyHash: string | null,
  sealedToken: string | null = null,
): void {
  const row = seats[seat]!;
  const player = playerKeyHash ?? row.playerHash;
  // The sealed link is kept once per player: a seat used again by the same player changes nothing.
  const link = player !== row.playerHash ? sealedToken : (row.link ?? sealedToken);
  if (row.taken && player === row.playerHash && link === row.link) return;
  const next = { ...row, taken: true, playerHash: player, link: player === null ? null : link };
  storage.atomically(() => storage.writeSeat(next));
  seats[seat] = next;
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
  playerKeyHash: string | null,
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
    playerHash: playerKeyHash,
    link: null,
  };
  storage.atomically(() => storage.writeSeat(next));
  seats[next.seat] = next;
  return { seat: next.seat, token };
}

/**
 * The host issues a fresh link for a seat nobody has used yet (a lost or
 * misdelivered link): the seat's old link stops working. A seat already
 * taken belongs to whoever took it.
 */
export function reissueSeat(
  storage: Storage,
  seats: SeatRow[],
  seat: number,
  name: string | null | undefined,
): { seat: number; token: string } | Failure {
  const row = seats[seat];
  if (!row) return fail(400, "BAD_REQUEST", `seat must be a number from 0 to ${seats.length - 1}`);
  if (row.taken) return fail(409, "SEAT_TAKEN", `Seat ${seat} is taken: its player holds its link.`);
  const token = newToken();
  const next: SeatRow = { ...row, tokenHash: hashToken(token), name: name === undefined ? row.name : name };
  storage.atomically(() => storage.writeSeat(next));
  seats[seat] = next;
  return { seat, token };
}
