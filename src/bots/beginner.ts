import { type Card, discardable, isWildCard, type Move, type Random, randomInt } from "../engine/index.js";
import { closedPickup } from "./club.js";
import { findExit, naturalStep } from "./plan.js";
import { countsOf, extendsNaturally, naturalMelds } from "./shapes.js";
import type { Table } from "./table.js";

/**
 * The beginner: plays legal, simple Burraco. It draws unless the top of the
 * pile lays at once, lays every natural meld it sees, goes for the pozzetto
 * when it can, and discards whatever it may, at random, short of a wild: it
 * does not yet weigh which cards to keep or what the next player wants.
 */
export function beginnerMove(t: Table, random: Random): Move {
  if (t.hand.phase === "take") return beginnerTake(t);
  const natural = naturalStep(t);
  if (natural) return natural.play;
  if (t.pozzettoWaiting() || t.pozzettoTaken()) {
    const exit = findExit(t, 20);
    if (exit?.plays.length) return exit.plays[0]!;
  }
  const options = discardable(t.state, t.seat);
  const plain = options.filter((c) => !isWildCard(c));
  const pool = plain.length ? plain : options;
  const card: Card | undefined = pool[randomInt(random, pool.length)];
  return card === undefined ? { type: "resign" } : { type: "discard", card };
}

function beginnerTake(t: Table): Move {
  const draw: Move = { type: "draw" };
  const top = t.pile.at(-1);
  if (top !== undefined && !t.hand.lastTurn && !isWildCard(top)) {
    if (t.rules.discardPile === "closed") {
      const play = closedPickup(t, top);
      if (play) return { type: "pickup", play };
    } else {
      const fits = t.teamMelds().some((m) => extendsNaturally(m, top));
      const melds = naturalMelds(countsOf([...t.cards, top]), t.rules.sets).some((m) => m.includes(top));
      if ((fits || melds) && t.after({ type: "pickup" })) return { type: "pickup" };
    }
  }
  return t.after(draw) ? draw : { type: "pickup" };
}
