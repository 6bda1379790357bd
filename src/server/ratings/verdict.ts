import { teamOf } from "../../engine/index";
import type { Unrated } from "../../shared/wire/ratings";
import type { CreatedBody, LogBody } from "../db/log-entry";
import type { SeatRow } from "../db/room-rows";
import { identityRows } from "../db/standing-queries";
import { type Failure, fail } from "../reply";
import { type MatchResult, scoreBetween } from "./glicko";
import { mailboxKey, notEstablished, PLAYED_TURNS, standingOf } from "./standing";

/**
 * Whether a match that asked to be rated is: the one place that says it
 * (docs/ratings.md, "Which matches are rated"). A rated result must be one
 * its players played for, between people who are not one another:
 *
 * - every seat held by an identified player (a device's player key), no
 *   player at two seats, every player established (standing.ts);
 * - no two opponents who look like one person: a mailbox in common (their
 *   confirmed addresses, or the mailboxes they hold), or one network
 *   (network.ts) when they took their seats;
 * - every player played PLAYED_TURNS turns or more themselves: a
 *   resignation or a timeout before a real game is no result;
 * - a side the computer played any turn for (a handover, a timeout left to
 *   the computer) gains nothing from it: if it won or drew against anyone,
 *   the match is not rated (if it lost, its loss stands);
 * - no prepared deals, which their creator knows, unless the game was made
 *   with deals no player knows (`dealsUnknown`, which only the service's own
 *   code can set, or a tournament round's duplicate deals — the API never
 *   sets either).
 */

/** What the verdict reads of a game (the room's table is one): its created entry, its hands' deals, its log. */
export interface PlayedGame {
  readonly created: CreatedBody;
  readonly deals: readonly { readonly prepared: boolean }[];
  readonly entries: readonly { readonly body: LogBody }[];
}

/**
 * A seat as the same-person check sees it: its player, and the network (network.ts's key) and device (its key's
 * SHA-256) they took it from.
 */
export interface Sitter {
  readonly player: string;
  readonly network: string | null;
  readonly device: string | null;
}

/** What D1 knows of the seats' players and devices: who is established, each one's mailboxes, whose each device is now. */
export interface People {
  readonly established: ReadonlySet<string>;
  readonly mailboxes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly owners: ReadonlyMap<string, string>;
}

export async function peopleOf(d1: D1Database, sitters: readonly Sitter[]): Promise<People> {
  const devices = sitters.flatMap((s) => (s.device ? [s.device] : []));
  const rows = await identityRows(d1, [...new Set(sitters.map((s) => s.player))], [...new Set(devices)]);
  const mailboxes = new Map<string, Set<string>>();
  for (const player of rows.held.keys())
    mailboxes.set(player, new Set([...(rows.held.get(player) ?? []), ...(rows.addresses.get(player) ?? []).map(mailboxKey)]));
  return { established: rows.established, mailboxes, owners: rows.owners };
}

/**
 * Whether two sitters look like one person: one player; a device of one's that took the other's seat, or one device
 * at both (linked devices are one player's, whenever they were linked); one network; a mailbox in common.
 */
export function onePerson(a: Sitter, b: Sitter, people: People): "samePlayer" | "samePerson" | null {
  if (a.player === b.player) return "samePlayer";
  const ownerOf = (s: Sitter) => (s.device ? (people.owners.get(s.device) ?? null) : null);
  if ((a.device !== null && a.device === b.device) || ownerOf(a) === b.player || ownerOf(b) === a.player) return "samePerson";
  if (a.network !== null && a.network === b.network) return "samePerson";
  const mine = people.mailboxes.get(a.player);
  if (mine && [...(people.mailboxes.get(b.player) ?? [])].some((m) => mine.has(m))) return "samePerson";
  return null;
}

/** The turns each seat's player played themselves (a turn is its draw or pickup), and the seats the computer played a turn for. */
export function turnsOf(table: PlayedGame): { own: number[]; helped: boolean[] } {
  const n = table.created.players;
  const own = new Array<number>(n).fill(0);
  const helped = new Array<boolean>(n).fill(false);
  for (const { body } of table.entries) {
    if (body.type !== "move" || (body.move.type !== "draw" && body.move.type !== "pickup")) continue;
    if (body.by === "computer") helped[body.seat] = true;
    else own[body.seat]! += 1;
  }
  return { own, helped };
}

/** Why the ended match `table` is not rated, or null: it is. */
export function verdict(table: PlayedGame, seats: readonly SeatRow[], people: People, result: MatchResult): Unrated | null {
  const created = table.created;
  const n = created.players;
  if (created.rated !== true || !created.clock || (created.computers ?? []).some((c) => c !== null)) return "notAsked";
  if (result.aborted) return "aborted";
  // Deals no player knows: the service's own (dealsUnknown), or a tournament round's duplicate deals, kept to each table.
  const unknown = created.dealsUnknown === true || created.tournament?.duplicate === true;
  if (table.deals.some((d) => d.prepared) && !unknown) return "preparedDeals";
  const sitters: (Sitter | null)[] = seats.map((s) =>
    s.playerHash === null ? null : { player: s.playerHash, network: s.network ?? null, device: s.device ?? null },
  );
  if (sitters.some((s) => s === null)) return "unidentified";
  const known = sitters as Sitter[];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (known[a]!.player === known[b]!.player) return "samePlayer";
  if (known.some((s) => !people.established.has(s.player))) return "notEstablished";
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) if (teamOf(a, n) !== teamOf(b, n) && onePerson(known[a]!, known[b]!, people)) return "samePerson";
  const { own, helped } = turnsOf(table);
  if (own.some((t) => t < PLAYED_TURNS)) return "tooShort";
  const teams = [...new Set(Array.from({ length: n }, (_, s) => teamOf(s, n)))];
  for (const team of teams) {
    if (!helped.some((h, s) => h && teamOf(s, n) === team)) continue;
    if (teams.some((other) => other !== team && (scoreBetween(result, team, other) ?? 0) > 0)) return "computerHelped";
  }
  return null;
}

/**
 * Before a player takes a seat of a rated match (a seek's, or a rated
 * game's seat opened with their device): refused, with a typed 403, when
 * they are not established or look like the same person as an opponent
 * already seated. The match's end checks again (verdict).
 */
export async function seatRefusal(
  d1: D1Database,
  who: Sitter,
  opponents: readonly Sitter[],
  partners: readonly Sitter[],
  now: number,
): Promise<Failure | null> {
  if ([...opponents, ...partners].some((o) => o.player === who.player))
    return fail(403, "SAME_PERSON", "You hold another seat of this rated match: a player plays one seat of a rated match.");
  const standing = await standingOf(d1, who.player, now);
  if (!standing.established) return notEstablished(standing);
  const people = await peopleOf(d1, [who, ...opponents]);
  if (opponents.some((o) => onePerson(who, o, people)))
    return fail(
      403,
      "SAME_PERSON",
      "This rated match cannot seat you: you share an email mailbox or a network with an opponent already at its table (docs/ratings.md). Play it unrated, or from your own line.",
    );
  return null;
}
