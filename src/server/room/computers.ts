import type { ComputerLevel } from "../../shared/wire/common";

/**
 * Which seats the computer plays, from the game's log: seats chosen as
 * computer players when the game was created (for good), and seats it took
 * over — after a timeout with the `computer` choice, or handed over by their
 * player — until their player plays again.
 */
export interface ComputerSeat {
  readonly level: ComputerLevel;
  /**
   * For good (a computer player from the start), until the seat's player plays again, or for the turn in
   * play only (a timeout when no person is left at the table: room/timeouts.ts), after which the seat's player
   * has their next turn.
   */
  readonly until: "always" | "player" | "turn";
}

export type Computers = readonly (ComputerSeat | null)[];

/** The level that takes over a seat after a timeout: a solid player. */
export const TAKE_OVER_LEVEL: ComputerLevel = "club";

export function startComputers(players: number, chosen: readonly (ComputerLevel | null)[] | undefined): Computers {
  return Array.from({ length: players }, (_, seat) => (chosen?.[seat] ? { level: chosen[seat]!, until: "always" as const } : null));
}

const replace = (computers: Computers, seat: number, value: ComputerSeat | null): Computers =>
  computers.map((c, i) => (i === seat ? value : c));

/**
 * After a log entry (its body and the engine's events): a player's own move takes their seat back; a timeout
 * or a handover gives it to the computer; the computer's move that ends a turn it played once gives it back.
 */
export function computersAfter(
  computers: Computers,
  body:
    | { readonly type: "move"; readonly seat: number; readonly by?: "computer" }
    | { readonly type: "timedOut"; readonly seat: number; readonly action: string; readonly once?: true }
    | { readonly type: "computer"; readonly seat: number; readonly on: boolean; readonly level?: ComputerLevel }
    | { readonly type: string },
  events: readonly { readonly type: string; readonly seat?: number }[] = [],
): Computers {
  if (body.type === "move" && "seat" in body) {
    const seat = body.seat as number;
    const held = computers[seat];
    if (!held || held.until === "always") return computers;
    if (!("by" in body && body.by === "computer")) return replace(computers, seat, null);
    // The turn it played once is over (play passed on, or the hand ended): the seat's player has the next.
    const over = events.some((e) => (e.type === "turn" && e.seat !== seat) || e.type === "handEnded" || e.type === "matchEnded");
    return held.until === "turn" && over ? replace(computers, seat, null) : computers;
  }
  if (body.type === "timedOut" && "action" in body && body.action === "computer") {
    const seat = (body as { seat: number }).seat;
    const until = "once" in body && body.once ? "turn" : "player";
    return computers[seat] ? computers : replace(computers, seat, { level: TAKE_OVER_LEVEL, until });
  }
  if (body.type === "computer" && "on" in body) {
    const { seat, on, level } = body as { seat: number; on: boolean; level?: ComputerLevel };
    if (computers[seat]?.until === "always") return computers;
    return replace(computers, seat, on ? { level: level ?? TAKE_OVER_LEVEL, until: "player" } : null);
  }
  return computers;
}
