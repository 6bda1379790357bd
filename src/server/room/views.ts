import { eventFor, teamCount, viewFor } from "../../engine/index";
import type { GameSnapshot, HandFairness, SeatInfo, Viewer, WireEvent } from "../../shared/api";
import type { RatingOutcome } from "../../shared/wire/ratings";
import type { SeatRow } from "../db/room-rows";
import { publicIdOf } from "../players/identity";
import { chatEvent, isChatBody } from "./chat";
import { clockView, controlView } from "./clock-view";
import type { Entry, Table } from "./table";

/**
 * Everything a viewer receives is built here, through the engine's `viewFor`
 * and `eventFor` for that viewer: never the raw state, never a raw event.
 */

export function seatInfo(seats: readonly SeatRow[], computers: Table["computers"]): SeatInfo[] {
  return seats.map((s) => ({
    seat: s.seat,
    name: s.name,
    taken: s.taken,
    computer: computers[s.seat]?.level ?? null,
    // The seat's player by their public id (never their id): names at the table lead to their public page.
    ...(s.playerHash === null ? {} : { player: publicIdOf(s.playerHash) }),
  }));
}

/** Commitments of every hand; the salt only once that hand has ended (and, at a sealed tournament table, once released). */
export function fairness(table: Table, sealed = false): HandFairness[] {
  const ended = (hand: number) =>
    !sealed && (hand < table.state.past.length || (table.state.hand?.number === hand && table.state.hand.end !== null));
  return table.deals.map((d) => ({ hand: d.hand, commitment: d.commitment, salt: ended(d.hand) ? d.salt : null, prepared: d.prepared }));
}

/**
 * A viewer's view; at a sealed tournament table (room/tournament-table.ts)
 * an ended hand shows what was on the table and the cards left in each
 * hand, never the deal: the same deal is still being played elsewhere.
 */
function viewOf(table: Table, viewer: Viewer, sealed: boolean) {
  const view = viewFor(table.state, viewer);
  if (!sealed || !view.hand?.revealed) return view;
  return { ...view, hand: { ...view.hand, revealed: null } };
}

/** A viewer's snapshot but its clock, which depends on the time it is read (clock last: see Snapshots). */
export function snapshotWithoutClock(
  table: Table,
  seats: readonly SeatRow[],
  viewer: Viewer,
  after: { rematch?: string | null; rating?: RatingOutcome | null; sealed?: boolean } = {},
): Omit<GameSnapshot, "clock"> {
  const sealed = after.sealed ?? false;
  return {
    id: table.id,
    version: table.version,
    viewer,
    status: table.state.over ? "over" : "playing",
    seats: seatInfo(seats, table.computers),
    preparedDeals: table.created.deals.length > 0,
    rated: table.created.rated === true,
    fairness: fairness(table, sealed),
    view: viewOf(table, viewer, sealed),
    chat: table.chat.state(viewer),
    ...(after.rematch ? { rematch: after.rematch } : {}),
    ...(after.rating ? { rating: after.rating } : {}),
  };
}

export function snapshot(table: Table, seats: readonly SeatRow[], viewer: Viewer, now: number, sealed = false): GameSnapshot {
  return { ...snapshotWithoutClock(table, seats, viewer, { sealed }), clock: clockView(table, now, seats) };
}

/**
 * A closed discard pile as at a real table (docs/rules.md §12): each discard
 * is seen as it is made, but once a later discard covers it, nobody catching
 * up afterwards sees it. While a hand with a closed pile is in play, every
 * card that went onto its pile but the last is covered; this lists them as
 * `seq:index` of their events (the hand's turned-up card is index 0 of its
 * handStarted entry).
 */
function coveredDiscards(table: Table): Set<string> {
  const hand = table.state.hand;
  const covered = new Set<string>();
  if (!hand || hand.end !== null || table.state.rules.discardPile !== "closed") return covered;
  const start = table.handStarts[table.handStarts.length - 1]!;
  let last: string | null = null;
  for (const entry of table.since(start - 1)) {
    entry.events.forEach((event, index) => {
      if (event.type !== "handStarted" && event.type !== "discarded") return;
      if (last !== null) covered.add(last);
      last = `${entry.seq}:${index}`;
    });
  }
  return covered;
}

/** One log entry's events as `viewer` may see them. */
function entryEvents(table: Table, entry: Entry, viewer: Viewer, covered: Set<string>, sealed: boolean): WireEvent[] {
  const stamp = { seq: entry.seq, at: new Date(entry.at).toISOString() };
  const body = entry.body;
  if (body.type === "created") {
    const { players, names, rules } = body;
    const clock = body.clock ? controlView(body.clock) : null;
    return [
      { ...stamp, type: "gameCreated", players, names, rules, pozzetti: teamCount(players), preparedDeals: body.deals.length > 0, clock },
    ];
  }
  if (isChatBody(body)) {
    const said = chatEvent(table.chat, body, stamp, viewer);
    return said ? [said] : [];
  }
  const out: WireEvent[] = [];
  const own = clockEvent(body, stamp);
  if (own) out.push(own);
  const by = body.type === "move" && body.by === "computer" ? ({ by: "computer" } as const) : {};
  entry.events.forEach((event, index) => {
    const seen = eventFor(event, viewer, table.state.rules);
    if (!seen) return;
    const hidden = covered.has(`${entry.seq}:${index}`);
    switch (seen.type) {
      case "handStarted": {
        const dealt = body.type === "dealt" ? body : table.deals[seen.hand]!;
        const discard = hidden ? seen.discard.map(() => null) : seen.discard;
        out.push({ ...stamp, ...seen, discard, commitment: dealt.commitment, prepared: dealt.prepared });
        return;
      }
      case "discarded":
        out.push({ ...stamp, ...by, ...seen, card: hidden ? null : seen.card });
        return;
      case "handEnded": {
        const dealt = table.deals[seen.hand];
        if (sealed) {
          // A sealed tournament table: the deal, its salt and the others' cards left (all eleven, after an early
          // resignation) wait for the tournament's release; the viewer's own cards are theirs.
          const { deal: _deal, hands, ...open } = seen;
          const own = hands.map((cards, seat) => (seat === viewer ? cards : []));
          out.push({ ...stamp, ...open, hands: own, ...(dealt ? { commitment: dealt.commitment } : {}) });
          return;
        }
        out.push({ ...stamp, ...seen, ...(dealt ? { commitment: dealt.commitment, salt: dealt.salt } : {}) });
        return;
      }
      default:
        out.push({ ...stamp, ...by, ...seen });
    }
  });
  return out;
}

/** The event of one of the clock's own entries (its engine events, for a claim or an abort, follow it). */
function clockEvent(body: Entry["body"], stamp: { seq: number; at: string }): WireEvent | null {
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (body.type) {
    case "reminder":
      return { ...stamp, type: "reminder", seat: body.seat, which: body.which, live: body.live };
    case "timedOut":
      return { ...stamp, type: "timedOut", seat: body.seat, action: body.action, ...(body.once ? { once: true as const } : {}) };
    case "claimed":
      return { ...stamp, type: "claimed", seat: body.seat, late: body.late };
    case "aborted":
      return { ...stamp, type: "aborted", late: body.late };
    case "absence":
      return { ...stamp, type: "absence", seat: body.seat, from: iso(body.from), until: iso(body.until) };
    case "absenceCancelled":
      return { ...stamp, type: "absenceCancelled", seat: body.seat, from: iso(body.from) };
    case "computer":
      return {
        ...stamp,
        type: "computer",
        seat: body.seat,
        on: body.on,
        reason: body.reason,
        ...(body.level ? { level: body.level } : {}),
      };
    case "seatReissued":
      return { ...stamp, type: "seatReissued", seat: body.seat };
    default:
      return null;
  }
}

/** The events after `since` (up to `until`, by default now) as `viewer` may see them. */
export function eventsSince(table: Table, viewer: Viewer, since: number, until = table.version, sealed = false): WireEvent[] {
  const covered = coveredDiscards(table);
  return table
    .since(since)
    .filter((entry) => entry.seq <= until)
    .flatMap((entry) => entryEvents(table, entry, viewer, covered, sealed));
}
