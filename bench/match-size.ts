import { botMove, makeMove, needsDeal, seededRandom } from "../src/engine/index";
import type { CreatedBody } from "../src/server/db/log-entry";
import { nextDeal } from "../src/server/room/fairness";
import { Table } from "../src/server/room/table";

/**
 * Moves in a whole match to 2005 (the classic preset), played by the
 * engine's random legal player over a few seeds: what scales the cost
 * benchmark's per-move figures to a match.
 */
export function movesPerMatch(seeds = 4): Record<2 | 4, number> {
  const size = (players: 2 | 4) => {
    let moves = 0;
    for (let s = 0; s < seeds; s++) {
      const created = {
        type: "created",
        id: `size-${players}-${s}`,
        players,
        rules: { preset: "classic" },
        names: Array(players).fill(null),
        clock: null,
        firstDealer: 0,
        deals: [],
      } as unknown as CreatedBody;
      const table = Table.replay([{ seq: 1, at: 0, body: created }]);
      const random = seededRandom(`size:${players}:${s}`);
      let seq = 1;
      while (needsDeal(table.state)) {
        table.append({ seq: ++seq, at: seq, body: nextDeal(created, table.state, table.state.past.length + (table.state.hand ? 1 : 0)) });
        while (table.state.hand && !table.state.hand.end) {
          const { move } = botMove(table.state, random);
          table.append({ seq: ++seq, at: seq, body: { type: "move", seat: table.state.hand.turn, move: makeMove(move), id: null } });
          moves++;
        }
      }
    }
    return Math.round(moves / seeds);
  };
  return { 2: size(2), 4: size(4) };
}
