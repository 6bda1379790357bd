import { makeCards } from "../../../src/engine/cards";
import { applyMove, needsDeal, newGame, startHand } from "../../../src/engine/game";
import type { TableMeld } from "../../../src/engine/meld";
import { parseRecord } from "../../../src/engine/record";
import type { GameState } from "../../../src/engine/state";
import { eventFor, viewFor } from "../../../src/engine/view";
import type { GameRecord, HandView, SeenEvent, WireEvent, WireEventOf } from "../../../src/shared/api";
import type { TeamScore } from "../../../src/shared/wire/common";

/**
 * The positions of a replay. A finished hand is replayed by the engine from
 * the game record, move by move, with every hand open (the record is
 * public once a hand has ended). The hand in play is rebuilt from its
 * events as the viewer received them: the server cut them to what this
 * viewer may see, and the melds in them are the engine's own.
 */

export interface Position {
  /** The table as everyone sees it. */
  readonly hand: HandView;
  /** Each seat's cards where the viewer may see them, else null (a count only). */
  readonly hands: readonly (readonly string[] | null)[];
  /** The move that led here (null for the deal), as the engine's events tell it. */
  readonly events: readonly SeenEvent[];
  /** The computer made this move for its seat. */
  readonly computer?: boolean;
}

export interface ReplayHand {
  readonly number: number;
  readonly current: boolean;
  readonly positions: readonly Position[];
  /** Scores and match totals once the hand has ended. */
  readonly scores: readonly TeamScore[] | null;
  readonly totals: readonly number[] | null;
}

function position(state: GameState, events: readonly SeenEvent[]): Position {
  const hand = state.hand!;
  return { hand: viewFor(state, null).hand!, hands: hand.hands.map((cards) => makeCards(cards)), events };
}

/** Every finished hand of the record, replayed by the engine. */
export function recordHands(record: GameRecord): ReplayHand[] {
  const parsed = parseRecord(record);
  if (!parsed.ok) return [];
  const { rules, players } = parsed.value;
  let state = newGame(rules, players);
  const out: ReplayHand[] = [];
  for (const [index, hand] of parsed.value.hands.entries()) {
    const raw = record.hands[index]?.moves ?? [];
    if (!needsDeal(state)) break;
    const dealt = startHand(state, hand.deal);
    if (!dealt.ok) break;
    state = dealt.value.state;
    const positions = [position(state, [])];
    for (const [at, entry] of hand.moves.entries()) {
      const moved = applyMove(state, entry.seat, entry.move);
      if (!moved.ok) break;
      state = moved.value.state;
      // A finished hand is public: each event as its own player saw it (with the card drawn).
      const seen = moved.value.events.map((e) => eventFor(e, "seat" in e ? e.seat : null, rules)).filter((e): e is SeenEvent => e !== null);
      positions.push({ ...position(state, seen), computer: raw[at]?.by === "computer" });
    }
    out.push({ number: state.hand!.number, current: false, positions, scores: state.hand!.scores, totals: state.totals });
  }
  return out;
}

/** Events that change the table; a position follows each log entry that holds one. */
const TABLE_EVENTS = new Set<string>([
  "drew",
  "pickedUp",
  "melded",
  "attached",
  "pozzettoTaken",
  "pozzettoSeen",
  "discarded",
  "pozzettiToStock",
  "turn",
  "resigned",
  "matchEnded",
]);

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

/** The hand in play, from its events (`handStarted` first) as this viewer received them. */
export function eventHand(events: readonly WireEvent[], viewer: number | null, players: number, teams: number): ReplayHand | null {
  const start = events.findIndex((e) => e.type === "handStarted");
  const first = events[start];
  if (first?.type !== "handStarted") return null;
  const rebuilt = dealtHand(first, players, teams);
  const positions: Position[] = [positionOf(rebuilt, [], viewer)];
  let seq = first.seq;
  let moved: SeenEvent[] = [];
  let byComputer = false;
  for (const event of events.slice(start + 1)) {
    if (event.type === "handStarted" || event.type === "handEnded") break;
    // The clock's own entries (reminders, absences, timeouts) move no card.
    if (!TABLE_EVENTS.has(event.type)) continue;
    if (event.seq !== seq && moved.length) {
      positions.push({ ...positionOf(rebuilt, moved, viewer), computer: byComputer });
      moved = [];
    }
    if (event.seq !== seq) byComputer = false;
    if (event.by === "computer") byComputer = true;
    seq = event.seq;
    const dealing = event.seq === first.seq;
    const { seq: _s, at: _a, ...seen } = event as WireEvent & { seq: number; at: string };
    if (!dealing && event.type !== "gameCreated") moved.push(seen as SeenEvent);
    played(rebuilt, event, viewer);
    // The deal's own entry (its first turn) belongs to the opening position.
    if (dealing) positions[0] = positionOf(rebuilt, [], viewer);
  }
  if (moved.length) positions.push({ ...positionOf(rebuilt, moved, viewer), computer: byComputer });
  return { number: first.hand, current: true, positions, scores: null, totals: null };
}

/** A hand being rebuilt from its events: the table as the viewer sees it, its melds by id, and the pile (null: a card unseen). */
interface Rebuilt {
  readonly hand: Mutable<HandView>;
  readonly melds: Map<number, TableMeld>;
  pile: (string | null)[];
}

/** The hand as its deal left it. */
function dealtHand(first: WireEventOf<"handStarted">, players: number, teams: number): Rebuilt {
  const pile: (string | null)[] = [...first.discard];
  const hand: Mutable<HandView> = {
    number: first.hand,
    dealer: first.dealer,
    turn: (first.dealer + 1) % players,
    phase: "take",
    myHand: first.myHand ? [...first.myHand] : null,
    myHandHidden: false,
    handSizes: Array.from({ length: players }, () => 11),
    melds: [],
    discardPile: { count: pile.length, top: pile[pile.length - 1] ?? null },
    stock: first.stock,
    pozzettiLeft: teams,
    pozzetti: Array.from({ length: teams }, () => null),
    lastTurn: false,
    picked: null,
    end: null,
    scores: null,
    revealed: null,
  };
  return { hand, melds: new Map(), pile };
}

/** The position now, after the events `moved` (a copy: the hand goes on being rebuilt). */
function positionOf(rebuilt: Rebuilt, moved: SeenEvent[], viewer: number | null): Position {
  const { hand, pile } = rebuilt;
  hand.melds = [...rebuilt.melds.values()].sort((a, b) => a.id - b.id);
  const open = pile.every((c) => c !== null);
  // A copy: the pile goes on growing, and a position shows its own.
  hand.discardPile = { count: pile.length, top: pile[pile.length - 1] ?? null, ...(open ? { cards: [...pile] as string[] } : {}) };
  const view: HandView = {
    ...hand,
    myHand: hand.myHand ? [...hand.myHand] : null,
    handSizes: [...hand.handSizes],
    pozzetti: [...hand.pozzetti],
  };
  return {
    hand: view,
    hands: Array.from({ length: hand.handSizes.length }, (_, seat) => (seat === viewer ? view.myHand : null)),
    events: moved,
  };
}

/** What one event does to the hand, as far as the viewer can tell (their own cards only). */
function played(rebuilt: Rebuilt, event: WireEvent, viewer: number | null): void {
  const { hand, melds } = rebuilt;
  const mine = (seat: number) => seat === viewer && hand.myHand !== null;
  const take = (cards: readonly string[]) => {
    for (const card of cards) {
      const at = hand.myHand!.indexOf(card);
      if (at >= 0) hand.myHand!.splice(at, 1);
    }
  };
  switch (event.type) {
    case "drew":
      hand.stock = event.stockLeft;
      hand.handSizes[event.seat]!++;
      if (mine(event.seat) && event.card) hand.myHand!.push(event.card);
      hand.phase = "play";
      break;
    case "pickedUp":
      hand.handSizes[event.seat]! += event.count;
      if (mine(event.seat)) hand.myHand!.push(...(event.cards ?? [event.top]));
      rebuilt.pile = [];
      hand.phase = "play";
      break;
    case "melded":
    case "attached":
      melds.set(event.meld.id, event.meld);
      hand.handSizes[event.seat]! -= event.cards.length;
      if (mine(event.seat)) take(event.cards);
      break;
    case "discarded":
      rebuilt.pile.push(event.card);
      hand.handSizes[event.seat]!--;
      if (mine(event.seat) && event.card) take([event.card]);
      break;
    case "pozzettoTaken":
      hand.pozzetti[event.team] = { seat: event.seat, direct: event.direct };
      hand.pozzettiLeft--;
      hand.handSizes[event.seat] = event.size;
      if (event.seat === viewer) hand.myHand = event.cards ? [...event.cards] : null;
      break;
    case "pozzettoSeen":
      if (event.seat === viewer) hand.myHand = [...event.cards];
      break;
    case "pozzettiToStock":
      for (const team of event.teams) hand.pozzetti[team] = "stock";
      hand.stock += event.cards;
      break;
    case "turn":
      hand.turn = event.seat;
      hand.phase = "take";
      break;
    default:
      break;
  }
}
