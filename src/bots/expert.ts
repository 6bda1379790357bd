import { isWildCard, type Move } from "../engine/index.js";
import { closedPickup, clubDiscardRanking, clubMove, clubPlays, clubTake, loneCardAllowed } from "./club.js";
import type { Knowledge } from "./knowledge.js";
import { expertStyleFor, Search, type SearchBudget } from "./search.js";
import type { Table } from "./table.js";
import { expertWeightsFor, type Weights } from "./values.js";

export { EXPERT_STYLE, type SearchBudget } from "./search.js";

/**
 * The expert: determinized Monte Carlo search on top of the club player's
 * judgement, with its weights tuned by self-play. For a move worth a thought
 * (taking the pile or drawing, and the discard between judgement's two best;
 * with a larger budget, or where a clean burraco closes a closed-pile hand, also a wild play), it deals the hidden cards
 * again and again consistently with everything the seat knows, plays each
 * candidate on every deal, lets the players go on (club players for the
 * others, itself for its team) for a few turns or to the end of the hand,
 * and scores where that leaves its team (search.ts). It leaves its own first choice
 * only for a candidate that does better on the deals tried by a clear
 * margin: a few deals cannot tell close moves apart, and guessing would be worse than judgement.
 */

/**
 * The expert's thinking at most tables: 300 counted moves of search per decision, two turns looked ahead
 * (a shorter look buys more deals for the same work). Searching the discard too (between judgement's
 * two best) won about 3 more paired hands in 100 against club with 2 and with 4 players.
 */
export const EXPERT_DEFAULT: SearchBudget = {
  iterations: 8,
  turns: 64,
  steps: 300,
  horizon: 2,
  discards: 2,
  take: true,
  wild: false,
  confidence: 1,
};

/** A stronger setting for the benchmark: more deals, a longer look, and wild plays searched too. */
export const EXPERT_STRONG: SearchBudget = {
  iterations: 16,
  turns: 400,
  steps: 6000,
  horizon: 4,
  discards: 2,
  take: true,
  wild: true,
  confidence: 1.5,
};

/**
 * Where more thought was measured to win more deals: five times the work, each deal looked at six turns ahead
 * (with three players at an open pile; at a closed pile with three or four, EXPERT_CLOSED below thinks twice as much
 * again).
 * Against the reference `solid` player, this budget beside the default on the same deals (`npm run bench -- bots
 * pool --expert`, then `table --beside`), in paired hands won in 100 (and points per hand where the interval
 * clears even):
 *
 * With three players, each alone against two and a discard seen by two opponents before it comes round (300
 * paired deals per cell):
 * - deals 2000–2299: chiuso +4.8 ± 7.4, chiuso-sporco +10.5 ± 7.9, chiuso-stcl +12.8 ± 6.9, classic +8.0 ± 7.7,
 *   fibur +11.7 ± 7.2, aperto-sporco −0.8 ± 6.9, aperto +0.7 ± 1.3 (99.7% of deals; +42 ± 40 points);
 * - deals 3000–3299: chiuso +5.7 ± 7.2, chiuso-sporco +4.7 ± 7.9, chiuso-stcl +6.3 ± 7.2 (+54 ± 43 points),
 *   classic +8.3 ± 7.0 (+40 ± 25 points), fibur +9.2 ± 7.4, aperto-sporco −1.0 ± 7.5;
 * - deals 0–299: chiuso +12.3 ± 7.2, chiuso-sporco +5.5 ± 7.3 (+30 ± 25 points), chiuso-stcl +9.2 ± 7.1,
 *   classic −3.0 ± 7.1, fibur +0.7 ± 7.4, aperto-sporco −1.3 ± 7.2.
 * Over the three ranges (900 deals) it won more deals in five presets (classic the least, +4.4 on average)
 * and as many in aperto-sporco (−1.0), weaker nowhere: one budget for every table of three (at a closed pile since
 * thinking twice as much again, EXPERT_CLOSED).
 *
 * A decision then takes several of the room's invocations (src/server/room/computer.ts).
 */
export const EXPERT_DEEP: SearchBudget = { ...EXPERT_DEFAULT, iterations: 12, turns: 300, steps: 1500, horizon: 6 };

/**
 * With three or four players at a closed pile, where a side reaches its pozzetto and its burraco over many turns
 * and the next player takes the pile only with its top card: ten times the default's work (twice EXPERT_DEEP's:
 * twice the deals, the same six-turn look-ahead). Measured as EXPERT_DEEP is above, paired hands won in 100
 * against `solid`:
 *
 * With partners, EXPERT_DEEP beside the default (500 paired deals per cell; chiuso-sporco 1,000, and three times
 * on deals 0–999 with the search's deals drawn anew, as a search with another seed would):
 * - chiuso: deals 0–499 +2.2 ± 5.2, 2000–2499 +4.6 ± 5.2;
 * - chiuso-stcl: deals 0–499 +3.2 ± 5.2, 2000–2499 +1.2 ± 5.2;
 * - chiuso-sporco: deals 0–999 +0.5 ± 4.0 (+22 ± 20 points), +2.6 ± 3.9 (+24 ± 21), +1.9 ± 3.9 (+12 ± 21);
 *   2000–2999 +5.0 ± 4.0 (+22 ± 21 points). There the default's share of deals won moved by 2 in 100 from one
 *   seed of its search to another (63.4, 61.6, 61.3 on deals 0–999): a single cell's figure says less than its
 *   interval suggests.
 * Against the pool's other reference players there (`closer`, `guard`, `signals`, deals 0–199 each) it won as many
 * as the default: −0.9 on average over the nine cells, −6.0 ± 8.1 the least (chiuso, signals), +6.5 ± 4.4 the most
 * (chiuso-sporco, guard).
 * With partners and an open pile it won as many deals as the default, no more (deals 0–499: classic +0.0 ± 5.4,
 * fibur +4.2 ± 5.4, aperto-sporco −3.7 ± 5.5, aperto −0.3 ± 3.8), and keeps the default there.
 *
 * This budget beside EXPERT_DEEP, on the same deals, with partners:
 * - chiuso-sporco: deals 0–999 +3.0 ± 3.6 and +2.1 ± 3.6 (two seeds of the search), 2000–2999 +3.2 ± 3.6
 *   (+15 ± 19 points); comparing a third discard too won nothing more (+2.9 ± 3.8 on deals 0–999);
 * - chiuso: deals 2000–2499 +1.2 ± 4.9 (+20 ± 31 points);
 * - chiuso-stcl: deals 2000–2499 +0.1 ± 5.2 (+16 ± 47 points).
 * In the pool (`npm run bench -- bots pool`), beside the cells EXPERT_DEEP left, with partners: +3.2 on average over
 * the twelve closed-pile cells (deals 0–499 against `solid`, 0–199 against `closer`, `guard` and `signals`), none
 * lower by more than 0.5; chiuso-sporco against `solid` +8.5 ± 4.8 (69.8% of deals 0–499, 61.3% before).
 * With three players: chiuso-sporco, deals 0–599 on two seeds of the search, +2.6 ± 4.7 (+13 ± 16 points) and
 * +3.8 ± 5.0 (+29 ± 17 points); chiuso, deals 2000–2299, +3.3 ± 7.2 (+30 ± 28 points). In the pool against
 * `solid` (deals 0–299): chiuso −1.5 ± 6.6, chiuso-stcl +7.0 ± 6.6, chiuso-sporco +0.5 ± 6.9; against `closer`
 * and `guard` (deals 0–99) −2.0 to +0.0.
 * Four times EXPERT_DEEP's work won +4.6 ± 3.7 on chiuso-sporco's deals 0–999 with partners, 1.6 more than this
 * budget on the same run, for twice its cost: not taken.
 */
export const EXPERT_CLOSED: SearchBudget = { ...EXPERT_DEEP, iterations: 24, turns: 600, steps: 3000 };

/**
 * The club's thinking at a closed pile with three players (decision.ts, budgetOf): the expert's search at half
 * EXPERT_DEFAULT's work (a twentieth of EXPERT_CLOSED's, the expert's own there). There the club alone against two,
 * on its judgement alone, lost more deals than it won against the reference `solid` player. Paired hands won in
 * 100 against `solid` (`npm run bench -- bots pool --sides club`), judgement alone → with this search, on the
 * same deals:
 * - deals 0–199: chiuso 48.5 → 55.0, chiuso-sporco 46.5 → 55.5, chiuso-stcl 55.1 → 59.8;
 * - deals 200–399: chiuso 48.5 → 64.3, chiuso-sporco 41.0 → 52.8, chiuso-stcl 61.5 → 69.0.
 * (Measured before chiuso-sporco's own evaluation with three players, evaluate.ts THREE_CLOSED; with it the club
 * there won 51.5 on deals 0–399, −2.6 ± 5.7 beside the search with the evaluation before; and with the expert's
 * style there, search.ts CLOSED_THREE_STYLE, 51.2.)
 * The expert's whole usual budget did no better there (deals 0–199: chiuso 53.0, chiuso-sporco 53.5), and 600
 * steps with a four-turn look-ahead (62.0, 57.0) would bring the club near the expert. With an open pile and
 * three players judgement alone wins half the deals (classic 51.5 on deals 0–399), the same small search added
 * little (53.5 on deals 0–199), and the expert's usual budget (67.5) would put the club level with the expert.
 */
export const CLUB_THREE: SearchBudget = { ...EXPERT_DEFAULT, iterations: 6, turns: 32, steps: 150 };

/**
 * How much the expert thinks at a table: EXPERT_CLOSED with three or four players at a closed pile, EXPERT_DEEP with
 * three at an open one; else EXPERT_DEFAULT.
 */
export function expertBudget(t: Pick<Table, "rules" | "players">): SearchBudget {
  if (t.players > 2 && t.rules.discardPile === "closed") return EXPERT_CLOSED;
  if (t.players === 3) return EXPERT_DEEP;
  return EXPERT_DEFAULT;
}

/** The expert's judgement: the club player's for the table, racing for the pozzetto (values.ts, expertWeightsFor). */
export function expertWeights(t: Table): Weights {
  return expertWeightsFor(t.rules, t.players);
}

/**
 * The expert's decision: judgement's move at once where there is nothing to compare, else a search to run
 * (search.ts: it may be run over several calls) whose `move()` is the decision.
 */
export function expertThinking(k: Knowledge, t: Table, seed: string | number, budget: SearchBudget): Move | Search {
  const candidates = candidatesOf(t, budget);
  if (candidates.length <= 1) return candidates[0] ?? clubMove(t, expertWeights(t), expertStyleFor(t));
  return new Search(k, t, candidates, budget, seed);
}

/** The expert's move in one go. */
export function expertMove(k: Knowledge, t: Table, seed: string | number, budget: SearchBudget = EXPERT_DEFAULT): Move {
  const thinking = expertThinking(k, t, seed, budget);
  if (!(thinking instanceof Search)) return thinking;
  thinking.run(Number.POSITIVE_INFINITY);
  return thinking.move();
}

/** The moves worth comparing, judgement's choice first. */
export function candidatesOf(t: Table, budget: SearchBudget): Move[] {
  const out: Move[] = [];
  const add = (move: Move) => {
    if (!out.some((m) => JSON.stringify(m) === JSON.stringify(move)) && t.after(move)) out.push(move);
  };
  if (t.hand.phase === "take") {
    add(clubTake(t, expertWeights(t)));
    if (!budget.take || !takeSearched(t)) return out;
    add({ type: "draw" });
    const top = t.pile.at(-1);
    if (top !== undefined) {
      if (t.rules.discardPile === "open") {
        if (t.pileCount > 1 || loneCardAllowed(t, top)) add({ type: "pickup" });
      } else {
        const play = closedPickup(t, top);
        if (play) add({ type: "pickup", play });
      }
    }
    return out;
  }
  const next = clubPlays(t, expertStyleFor(t))[0];
  // Natural plays are always laid; wild plays, closing and the discard are where judgement lies.
  if (next?.cards.every((c) => !isWildCard(c)) && !closes(t, next)) return [next];
  if (next) add(next);
  if (next && !budget.wild && !closedPile(t)) return out;
  const discards = clubDiscardRanking(t, expertWeights(t));
  if (!next && budget.discards <= 1)
    return discards.length ? [{ type: "discard", card: discards[0]! }] : [clubMove(t, expertWeights(t), expertStyleFor(t))];
  for (const card of discards.slice(0, Math.max(1, discardsCompared(t, budget)))) add({ type: "discard", card });
  return out;
}

/**
 * With partners, an open pile and runs only (aperto), the take is the judgement's, unsearched: the look-ahead's
 * evaluation there (PARTNERS, evaluate.ts) was fitted on hands where every pile was taken, and prizes a long
 * hand; searched, the expert took piles its judgement left and held its hand long. Against the reference `solid`
 * player, with the judgement of PAIRS_CLUB (values.ts): its pozzetto taken in 35–36% of hands instead of 17%,
 * closes 11–12% instead of 5%, and the pairs won +7.8 ± 6.2 points on deals 1000–1199 (89.8% instead of 82.0%
 * before either change) and +9.3 ± 7.6 on deals 0–199.
 */
function takeSearched(t: Table): boolean {
  return t.rules.sets || t.rules.discardPile !== "open" || t.players !== 4;
}

/**
 * With three players, each alone, a discard is seen by two opponents and the next may take it: the
 * judgement's third best discard is compared too. Against the pool, 300 deals per cell (deals
 * 20000–20299): +4.6 deals in 100 on average over the twelve 3-player cells (−0.4 to +8.7; aperto
 * +8.5), where with 2 and 4 players a third discard won nothing (−1.1 and −0.5).
 */
function discardsCompared(t: Table, budget: SearchBudget): number {
  return t.players === 3 && budget.discards > 1 ? budget.discards + 1 : budget.discards;
}

/**
 * With a closed pile a wild laid on a meld may spoil the clean burraco the team needs (chiuso, chiuso-stcl) or
 * be the one a dirty burraco waits for (chiuso-sporco), and a close or a way out to the pozzetto may come at
 * the wrong time: the search weighs the judgement's wild play or close against discarding at once, at any
 * budget. Chiuso against the frozen club player and the defensive discarder, 200 deals per cell on two
 * ranges, 2 and 4 players: +3 paired hands in 100 on average, every cell up. Chiuso-sporco against the
 * reference `solid` player (`npm run bench -- bots table --beside`), deals 1000–1599: +1.4 ± 2.9, +2.1 ± 2.8
 * and +1.9 ± 2.7 paired hands in 100 with 2, 3 and 4 players, and +30 ± 16, +7.5 ± 7.1 and +19 ± 11 points
 * per hand (deals 0–199: +1.3 ± 4.7 and +2.5 ± 5.3 with 3 and 4 players).
 */
function closedPile(t: Table): boolean {
  return t.rules.discardPile === "closed";
}

/** The play ends the hand, or leaves one card whose discard will. */
function closes(t: Table, play: Move): boolean {
  const next = t.after(play);
  return next !== null && (next.hand.end !== null || (next.cards.length === 1 && t.pozzettoTaken()));
}
