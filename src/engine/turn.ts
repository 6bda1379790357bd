import { type Card, containsAll, makeCard, RANKS, removeCards } from "./cards.js";
import { type MoveError, refuse } from "./errors.js";
import type { GameEvent } from "./events.js";
import { extendMeld, type Meld, shapeMeld } from "./meld.js";
import type { Play } from "./moves.js";
import { ok, type Result } from "./result.js";
import type { Rules } from "./rules.js";
import { discardBlock, emptyHandRuling, lastCardBlock, teamSetOf } from "./rulings.js";
import { nextSeat, type PlayerCount, type Seat, teamCount, teamOf } from "./seats.js";
import type { HandState, PozzettoStatus } from "./state.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A hand being changed by one move: a shallow copy, so the old state stays intact. */
export type Draft = Mutable<HandState> & {
  hands: (readonly Card[])[];
  melds: Meld[];
  pozzetti: PozzettoStatus[];
  unseen: boolean[];
};

export interface Turn {
  readonly rules: Rules;
  readonly players: PlayerCount;
  readonly draft: Draft;
  readonly events: GameEvent[];
}

export function draftOf(hand: HandState): Draft {
  return { ...hand, hands: hand.hands.slice(), melds: hand.melds.slice(), pozzetti: hand.pozzetti.slice(), unseen: hand.unseen.slice() };
}

type Step = Result<null, MoveError>;
const done: Step = ok(null);

export function drawCard(t: Turn, seat: Seat): Step {
  const d = t.draft;
  if (d.phase !== "take") return refuse("ALREADY_DREW", "you have already taken a card this turn");
  const left = d.stock.length - d.stockTop;
  if (left <= 2) return refuse("HAND_OVER", "the last two cards of the stock are never drawn");
  const card = d.stock[d.stockTop]!;
  d.stockTop++;
  d.hands[seat] = [...d.hands[seat]!, card];
  d.phase = "play";
  d.turnIdle = false;
  d.lastTurn = left - 1 === 2;
  t.events.push({ type: "drew", seat, card, stockLeft: left - 1 });
  return done;
}

export function pickUpPile(t: Turn, seat: Seat, play: Play | undefined): Step {
  const d = t.draft;
  if (d.phase !== "take") return refuse("ALREADY_DREW", "you have already taken a card this turn");
  if (d.pile.length === 0) return refuse("BAD_MOVE", "the discard pile is empty");
  const top = d.pile[d.pile.length - 1]!;
  if (t.rules.discardPile === "closed" && !play?.cards.includes(top)) {
    return refuse(
      "MUST_PLAY_PICKED_CARD",
      `with a closed discard pile you pick it up only to play its top card (${makeCard(top)}) at once`,
    );
  }
  const single = d.pile.length === 1 ? top : null;
  const held = d.hands[seat]!;
  // An identical card held before the pickup lifts the ban on discarding it.
  d.picked = single !== null && !held.includes(single) ? single : null;
  t.events.push({ type: "pickedUp", seat, cards: d.pile });
  d.hands[seat] = [...held, ...d.pile];
  d.pile = [];
  d.phase = "play";
  d.turnIdle = single !== null;
  return play ? playCards(t, seat, play) : done;
}

export function playCards(t: Turn, seat: Seat, play: Play): Step {
  const d = t.draft;
  if (d.phase !== "play") return refuse("MUST_DRAW_FIRST", "draw or pick up the discard pile first");
  const hand = d.hands[seat]!;
  if (!containsAll(hand, play.cards)) return refuse("CARD_NOT_IN_HAND", "you do not hold those cards");
  const team = teamOf(seat, t.players);
  let meld: Meld;
  if (play.type === "meld") {
    const shaped = shapeMeld(play.cards, t.rules, play.wild);
    if (!shaped.ok) return { ok: false, error: shaped.error };
    const same = shaped.value.kind === "set" && !t.rules.sameRankSets ? teamSetOf(d, team, shaped.value.rank) : undefined;
    if (same) {
      return refuse(
        "DUPLICATE_SET",
        `your team already has a set of ${RANKS[same.rank - 1]}s (meld ${same.id}): these rules allow one per rank, so add the cards to it`,
      );
    }
    meld = { ...shaped.value, id: d.melds.length, team };
    d.melds.push(meld);
    t.events.push({ type: "melded", seat, meld, cards: play.cards });
  } else {
    const target = d.melds[play.meld];
    if (!target) return refuse("UNKNOWN_MELD", `there is no meld ${play.meld}`);
    if (target.team !== team) return refuse("NOT_YOUR_MELD", "you may add cards only to your own team's melds");
    const shaped = extendMeld(target, play.cards, t.rules, play.wild);
    if (!shaped.ok) return { ok: false, error: shaped.error };
    meld = { ...shaped.value, id: target.id, team };
    d.melds[play.meld] = meld;
    t.events.push({ type: "attached", seat, meld, cards: play.cards });
  }
  d.hands[seat] = removeCards(hand, play.cards);
  d.turnIdle = false;
  if (d.hands[seat]!.length === 0) {
    const ruling = emptyHandRuling(d, seat, t.rules, t.players);
    if (ruling === "pozzetto") takePozzetto(t, seat, true);
    else if (ruling === "close") d.end = { reason: "closed", closedBy: seat };
    else return { ok: false, error: ruling };
  } else {
    const block = lastCardBlock(d, seat, t.rules, t.players);
    if (block) return { ok: false, error: block };
  }
  return done;
}

function takePozzetto(t: Turn, seat: Seat, direct: boolean): void {
  const d = t.draft;
  const team = teamOf(seat, t.players);
  const pozzetto = d.nextPozzetto++;
  const cards = d.deal.pozzetti[pozzetto]!;
  d.hands[seat] = cards.slice();
  d.pozzetti[team] = { seat, pozzetto, direct };
  if (!direct) d.unseen[seat] = true;
  t.events.push({ type: "pozzettoTaken", seat, team, pozzetto, direct, cards });
}

/** Discards a card, ending the turn: it may take the pozzetto, close, or end the hand with the stock or a stalemate. */
export function discardCard(t: Turn, seat: Seat, card: Card): Step {
  const d = t.draft;
  if (d.phase !== "play") return refuse("MUST_DRAW_FIRST", "draw or pick up the discard pile first");
  const hand = d.hands[seat]!;
  if (!hand.includes(card)) return refuse("CARD_NOT_IN_HAND", `you do not hold ${makeCard(card)}`);
  const block = discardBlock(d, seat, card, t.rules, t.players);
  if (block) return { ok: false, error: block };
  d.hands[seat] = removeCards(hand, [card]);
  d.pile = [...d.pile, card];
  t.events.push({ type: "discarded", seat, card });
  if (d.hands[seat]!.length === 0) {
    if (d.pozzetti[teamOf(seat, t.players)] === null) takePozzetto(t, seat, false);
    else {
      d.end = { reason: "closed", closedBy: seat };
      return done;
    }
  }
  d.idleTurns = d.turnIdle ? d.idleTurns + 1 : 0;
  if (d.lastTurn) {
    if (!t.rules.pozzettoToStock || d.nextPozzetto >= d.deal.pozzetti.length) {
      d.end = { reason: "stock", closedBy: null };
      return done;
    }
    sendPozzettiToStock(t);
  } else if (d.idleTurns >= 3 * t.players) {
    d.end = { reason: "stalemate", closedBy: null };
    return done;
  }
  beginTurn(t, nextSeat(seat, t.players));
  return done;
}

/** `pozzettoToStock`: the untaken pozzetti go under the stock and play goes on. */
function sendPozzettiToStock(t: Turn): void {
  const d = t.draft;
  const extra = d.deal.pozzetti.slice(d.nextPozzetto).flat();
  d.stock = [...d.stock.slice(d.stockTop), ...extra];
  d.stockTop = 0;
  d.nextPozzetto = d.deal.pozzetti.length;
  const teams: number[] = [];
  for (let team = 0; team < teamCount(t.players); team++) {
    if (d.pozzetti[team] === null) {
      d.pozzetti[team] = "stock";
      teams.push(team);
    }
  }
  d.lastTurn = false;
  t.events.push({ type: "pozzettiToStock", teams, cards: extra.length });
}

function beginTurn(t: Turn, seat: Seat): void {
  const d = t.draft;
  d.turn = seat;
  d.phase = "take";
  d.picked = null;
  d.turnIdle = false;
  t.events.push({ type: "turn", seat });
  if (d.unseen[seat]) {
    d.unseen[seat] = false;
    t.events.push({ type: "pozzettoSeen", seat, cards: d.hands[seat]! });
  }
}
