import type { EventsResponse, GameSnapshot, Viewer } from "../../shared/api";
import { type Json, toJson } from "../reply";
import type { Room } from "./room";
import type { Table } from "./table";
import { eventsSince, snapshot } from "./views";

/**
 * Each viewer's snapshot of the game is built and serialised once per
 * version (and again only when the seats change): the mover's answer, every
 * socket of that viewer and every read share the same text.
 */
export class Snapshots {
  private version = -1;
  private readonly texts = new Map<Viewer, Json<GameSnapshot>>();

  /** The seats changed (a claim, a seat's first use): every snapshot is stale. */
  clear(): void {
    this.texts.clear();
  }

  of(room: Room, viewer: Viewer, table: Table = room.table): Json<GameSnapshot> {
    // An earlier table (a retried move's answer) is built afresh, never cached.
    if (table !== room.table) return toJson(snapshot(table, room.seats, viewer));
    if (table.version !== this.version) {
      this.texts.clear();
      this.version = table.version;
    }
    let text = this.texts.get(viewer);
    if (text === undefined) {
      text = toJson(snapshot(table, room.seats, viewer));
      this.texts.set(viewer, text);
    }
    return text;
  }

  /** `{version, events, view}` for `viewer`: the events after `since` up to the table's version. */
  events(room: Room, viewer: Viewer, since: number, table: Table = room.table): Json<EventsResponse> {
    const events = JSON.stringify(eventsSince(table, viewer, since));
    return `{"version":${table.version},"events":${events},"view":${this.of(room, viewer, table)}}` as Json<EventsResponse>;
  }
}
