import { eventFor, teamCount, viewFor } from "../../engine/index";
import type { GameSnapshot, HandFairness, SeatInfo, Viewer, WireEvent } from "../../shared/api";
import type { SeatRow } from "./storage";
import type { Entry, Table } from "./table";

/**
 * Everything a viewer receives is built here, through the engine's `viewFor`
 * and `eventFor` for that viewer: never the raw state, never a raw event.
 */

export function seatInfo(seats: readonly SeatRow[]): SeatInfo[] {
  return seats.map((s) => ({ seat: s.seat, name: s.name, taken: s.taken }));
}

/** Commitments of every hand; the salt only once that hand has ended. */
export function fairness(table: Table): HandFairness[] {
  const ended = (hand: number) => hand < table.state.past.length || (table.state.hand?.number === hand && table.state.hand.end !== null);
  return table.deals.map((d) => ({ hand: d.hand, commitment: d.commitment, salt: ended(d.hand) ? d.salt : null, prepared: d.prepared }));
}

export function snapshot(table: Table, seats: readonly SeatRow[], viewer: Viewer): GameSnapshot {
  return {
    id: table.id,
    version: table.version,
    viewer,
    status: table.state.over ? "over" : "playing",
    seats: seatInfo(seats),
    preparedDeals: table.created.deals.length > 0,
    fairness: fairness(table),
    view: viewFor(table.state, viewer),
  };
}

/** One log entry's events as `viewer` may see them. */
function entryEvents(table: Table, entry: Entry, viewer: Viewer): WireEvent[] {
  const stamp = { seq: entry.seq, at: new Date(entry.at).toISOString() };
  const body = entry.body;
  if (body.type === "created") {
    const { players, names, rules } = body;
    return [{ ...stamp, type: "gameCreated", players, names, rules, pozzetti: teamCount(players), preparedDeals: body.deals.length > 0 }];
  }
  const out: WireEvent[] = [];
  for (const event of entry.events) {
    const seen = eventFor(event, viewer, table.state.rules);
    if (!seen) continue;
    const extra =
      event.type === "handStarted" && body.type === "dealt"
        ? { commitment: body.commitment, prepared: body.prepared }
        : event.type === "handEnded"
          ? revealOf(table, event.hand)
          : {};
    out.push({ ...stamp, ...seen, ...extra, type: event.type });
  }
  return out;
}

/** A hand's commitment and salt, for its handEnded event. */
function revealOf(table: Table, hand: number): { commitment: string; salt: string } | Record<string, never> {
  const dealt = table.deals[hand];
  return dealt ? { commitment: dealt.commitment, salt: dealt.salt } : {};
}

/** The events after `since` as `viewer` may see them. */
export function eventsSince(table: Table, viewer: Viewer, since: number): WireEvent[] {
  return table.since(since).flatMap((entry) => entryEvents(table, entry, viewer));
}
