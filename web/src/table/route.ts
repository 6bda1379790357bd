/** How the table is opened: as a seat, with the invitation, as a spectator, or embedded in another page. */
export type TableMode = "seat" | "invite" | "spectator" | "embed";

/** The table of one game as the address opens it (main.ts reads it; the page and its parts take it). */
export interface TableRoute {
  readonly gameId: string;
  readonly mode: TableMode;
  /** The seat or invitation token from the fragment; null for spectators and embeds. */
  readonly token: string | null;
  /** A notification's `?seat=N` whose seat link this browser does not hold: the public table says so. */
  readonly seatWanted?: number;
}
