import { teamOf } from "../../engine/index";
import { timeoutAction } from "../clock/clock";
import type { Table } from "./table";

/**
 * What a seat's timeout does (docs/clock.md, "Timeouts"), from the log and
 * who is at the table:
 *
 * - `abort`: nobody has a stake in the match yet (clock.ts, timeoutAction);
 * - `claim`: the late seat's opponents may claim the match — when one of them
 *   is a person at the controls; with nobody to claim, the game is adjourned;
 * - `computer`: the computer plays the late seat until its player plays
 *   again — while another person is at the table. When every other seat is
 *   the computer's, nothing may run ahead at machine speed: the computer
 *   plays the late turn only (`once`) and the player has the next with a
 *   fresh deadline; should that one run out too, the game is adjourned;
 * - `adjourn`: the game waits for the late player's move, its clock stopped
 *   until they play; no message floods them meanwhile.
 */
export type TimeoutOutcome =
  | { readonly kind: "abort" }
  | { readonly kind: "claim" }
  | { readonly kind: "computer"; readonly once: boolean }
  | { readonly kind: "adjourn" };

/** What a timeout of `late` does now; `opened`: whether its seat was ever opened by its player. */
export function timeoutOutcome(table: Table, late: number, opened: boolean): TimeoutOutcome {
  const clock = table.clock!;
  const computerPlayer = (seat: number) => Boolean(table.created.computers?.[seat]);
  const action = timeoutAction(clock, late, { person: (seat) => !computerPlayer(seat), opened });
  if (action === "abort") return { kind: "abort" };
  const players = table.state.players;
  const others = Array.from({ length: players }, (_, seat) => seat).filter((seat) => seat !== late);
  // A person at the controls: a seat the computer does not play now (a player who handed theirs over is not there).
  const present = (seat: number) => table.computers[seat] === null;
  if (action === "claim") {
    const claimers = others.filter((seat) => teamOf(seat, players) !== teamOf(late, players) && present(seat));
    return claimers.length > 0 ? { kind: "claim" } : { kind: "adjourn" };
  }
  if (others.some(present)) return { kind: "computer", once: false };
  return playedOnceLast(table, late) ? { kind: "adjourn" } : { kind: "computer", once: true };
}

/** Whether the late seat's last turn was played once by the computer after a timeout, its player not having played since. */
function playedOnceLast(table: Table, seat: number): boolean {
  for (let i = table.version - 1; i >= 0; i--) {
    const body = table.entry(i + 1)!.body;
    if (body.type === "move" && body.seat === seat && body.by !== "computer") return false;
    if (body.type === "computer" && body.seat === seat) return false;
    if (body.type === "timedOut" && body.seat === seat) return body.action === "computer" && body.once === true;
  }
  return false;
}
