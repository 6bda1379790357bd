import type { EventsResponse, GameSnapshot, Viewer } from "../../shared/api";
import { type Json, toJson } from "../reply";
import { clockView } from "./clock-view";
import type { Room } from "./room";
import type { Table } from "./table";
import { sealed } from "./tournament-table";
import { eventsSince, snapshotWithoutClock } from "./views";

/**
 * Each viewer's snapshot of the game is built and serialised once per
 * version (and again only when the seats change): the mover's answer, every
 * socket of that viewer and every read share the same text. The clock,
 * which reads the time, is added to that text when it is sent.
 */
/** What a snapshot adds once the match is over (the rematch, the ratings) and whether the table is a sealed tournament table. */
const afterOf = (room: Room) => ({ rematch: room.rematch(), rating: room.ratingOutcome(), sealed: sealed(room) });

export class Snapshots {
  private version = -1;
  /** Each viewer's snapshot without its clock, and without the closing brace. */
  private readonly texts = new Map<Viewer, string>();

  /** The seats changed (a claim, a seat's first use): every snapshot is stale. */
  clear(): void {
    this.texts.clear();
  }

  of(room: Room, viewer: Viewer, now: number, table: Table = room.table): Json<GameSnapshot> {
    const clock = JSON.stringify(clockView(table, now, room.seats));
    return `${this.withoutClock(room, viewer, table)},"clock":${clock}}` as Json<GameSnapshot>;
  }

  /** `{version, events, view}` for `viewer`: the events after `since` up to the table's version. */
  events(room: Room, viewer: Viewer, since: number, now: number, table: Table = room.table): Json<EventsResponse> {
    const events = JSON.stringify(eventsSince(table, viewer, since, table.version, sealed(room)));
    return `{"version":${table.version},"events":${events},"view":${this.of(room, viewer, now, table)}}` as Json<EventsResponse>;
  }

  private withoutClock(room: Room, viewer: Viewer, table: Table): string {
    // An earlier table (a retried move's answer) is built afresh, never cached.
    if (table !== room.table) return toJson(snapshotWithoutClock(table, room.seats, viewer, afterOf(room))).slice(0, -1);
    if (table.version !== this.version) {
      this.texts.clear();
      this.version = table.version;
    }
    let text = this.texts.get(viewer);
    if (text === undefined) {
      text = toJson(snapshotWithoutClock(table, room.seats, viewer, afterOf(room))).slice(0, -1);
      this.texts.set(viewer, text);
    }
    return text;
  }
}
