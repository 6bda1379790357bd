import { type GameState, makeCard, makeCards, makeDeck } from "../../src/engine/index";
import type { Table } from "../../src/server/room/table";

/**
 * What a viewer may not see at one point of a game, computed from the true
 * state (docs/rules.md §12): other hands, the stock, untaken pozzetti, a pozzetto
 * taken on the discard before its taker's next turn, a closed pile below
 * its top, and the salt of the hand in play.
 */
export interface Secrets {
  /** Nothing is secret: no hand in play (a hand that has ended shows everything, often more than once). */
  readonly revealed: boolean;
  readonly cards: Map<string, number>;
  readonly strings: string[];
}

const CARD = /"(?:10|[2-9AJQK])[SHDC]"|"JK"/g;

function count(cards: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/**
 * A payload as JSON with each card mentioned once: a wild's `as` (the card
 * it stands for, not a card) and the fields that repeat cards shown
 * elsewhere in the same object are left out.
 */
export function mentions(payload: unknown): string {
  return JSON.stringify(payload, function (this: Record<string, unknown>, key: string, value: unknown) {
    if (key === "as" || key === "picked") return undefined; // `picked` is also in myHand
    if (key === "top" && Array.isArray(this.cards)) return undefined;
    if (key === "cards" && (this.type === "melded" || this.type === "attached")) return undefined; // also in meld.cards
    return value;
  });
}

/** Cards written in a JSON text (quoted card notation), counted. */
export function cardsIn(json: string): Map<string, number> {
  return count((json.match(CARD) ?? []).map((q) => q.slice(1, -1)));
}

export function secretsAt(state: GameState, viewer: number | null, salts: readonly string[]): Secrets {
  const hand = state.hand;
  if (!hand || hand.end) return { revealed: true, cards: new Map(), strings: [] };
  const hidden: number[] = [];
  hand.hands.forEach((cards, seat) => {
    if (seat !== viewer || hand.unseen[seat]) hidden.push(...cards);
  });
  hidden.push(...hand.stock.slice(hand.stockTop));
  hidden.push(...hand.deal.pozzetti.slice(hand.nextPozzetto).flat());
  if (state.rules.discardPile === "closed") hidden.push(...hand.pile.slice(0, -1));
  return { revealed: false, cards: count(makeCards(hidden)), strings: [salts[hand.number]!] };
}

/** Secrets at a transition: only what was hidden both before and after (a card drawn was hidden, then is one's own). */
function secretsAcross(before: Secrets, after: Secrets): Secrets {
  const cards = new Map<string, number>();
  for (const [c, n] of after.cards) cards.set(c, Math.min(n, before.cards.get(c) ?? 0));
  return { revealed: after.revealed, cards, strings: after.strings };
}

/** Replays the room's log: the true state after every seq, and each hand's salt. */
export function history(table: Table): { states: GameState[]; salts: string[]; discards: number[] } {
  const states: GameState[] = [];
  const salts: string[] = [];
  const discards = table.entries.filter((e) => e.events.some((ev) => ev.type === "discarded")).map((e) => e.seq);
  for (const entry of table.entries) {
    if (entry.body.type === "dealt") salts[entry.body.hand] = entry.body.salt;
  }
  // Each entry's events were produced from the state before it; replaying gives every state.
  const rows = table.entries.map(({ seq, at, body }) => ({ seq, at, body }));
  const replay = (table.constructor as typeof Table).replay(rows.slice(0, 1));
  states[1] = replay.state;
  for (const row of rows.slice(1)) {
    replay.append(row);
    states[row.seq] = replay.state;
  }
  return { states, salts, discards };
}

type PileEvent = { seq: number; type: string; card?: string | null; discard?: (string | null)[] };

export class Inspector {
  readonly problems: string[] = [];
  checked = 0;
  private readonly deck: Map<string, number>;

  constructor(
    private readonly states: GameState[],
    private readonly salts: string[],
    jokers: boolean,
    /** The seqs of the entries holding a discard. */
    private readonly discards: readonly number[] = [],
  ) {
    this.deck = count(makeDeck(jokers).map(makeCard));
  }

  private check(what: string, json: string, secrets: Secrets, allowedExtra: readonly string[] = []): void {
    this.checked++;
    const extra = count(allowedExtra);
    for (const [card, n] of secrets.revealed ? [] : cardsIn(json)) {
      const allowed = this.deck.get(card)! - (secrets.cards.get(card) ?? 0) + (extra.get(card) ?? 0);
      if (n > allowed) this.problems.push(`${what}: ${card} ×${n}, may see ×${allowed}: ${json.slice(0, 300)}`);
    }
    for (const s of secrets.strings) if (json.includes(s)) this.problems.push(`${what}: shows the salt of the hand in play`);
  }

  private at(version: number, viewer: number | null): Secrets {
    return secretsAt(this.states[version]!, viewer, this.salts);
  }

  /** A snapshot (GET /api/games/{id}, or `view` in an update). */
  view(what: string, viewer: number | null, snapshot: { version: number }): void {
    this.check(what, mentions(snapshot), this.at(snapshot.version, viewer));
  }

  /** Events, each checked against what was hidden both before and after its entry (seq). */
  events(what: string, viewer: number | null, events: readonly { seq: number }[]): void {
    for (const event of events) {
      const seq = event.seq;
      const after = this.at(seq, viewer);
      const before = this.states[seq - 1];
      const sameHand = before?.hand && before.hand.number === this.states[seq]!.hand?.number;
      this.check(`${what} seq ${seq}`, mentions(event), sameHand ? secretsAcross(this.at(seq - 1, viewer), after) : after);
    }
  }

  /** An update: events plus a view. */
  update(what: string, viewer: number | null, body: { events: { seq: number }[]; view: { version: number } }): void {
    this.events(what, viewer, body.events);
    this.view(`${what} view`, viewer, body.view);
    this.covered(what, body as { events: PileEvent[]; view: { version: number } });
  }

  /**
   * A closed pile as at a real table (docs/rules.md §12): while its hand is
   * in play, a card that a later discard has covered is shown to nobody who
   * catches up; the card on top is shown to everyone.
   */
  private covered(what: string, body: { events: PileEvent[]; view: { version: number } }): void {
    const version = body.view.version;
    const state = this.states[version]!;
    if (!state.hand || state.hand.end || state.rules.discardPile !== "closed") return;
    let start = version;
    while (start > 1 && this.states[start - 1]?.hand?.number === state.hand.number) start--;
    for (const event of body.events) {
      if (event.seq < start || (event.type !== "discarded" && event.type !== "handStarted")) continue;
      this.checked++;
      const coveredNow = this.discards.some((seq) => seq > event.seq && seq <= version);
      const shown = event.type === "discarded" ? event.card !== null : event.discard!.some((c) => c !== null);
      if (coveredNow && shown)
        this.problems.push(`${what} seq ${event.seq}: shows a card a later discard covered (${JSON.stringify(event)})`);
      if (!coveredNow && !shown) this.problems.push(`${what} seq ${event.seq}: hides the pile's top card`);
    }
  }

  /** An error answer, at the version it was given; the cards the request itself named are no secret to its sender. */
  error(what: string, viewer: number | null, version: number, body: unknown, named: readonly string[]): void {
    this.check(what, mentions(body), this.at(version, viewer), named);
  }

  /** A record downloaded at `version`: only ended hands, exactly as dealt. */
  record(what: string, version: number, record: { hands: { deal: { stock: string[] } }[] }): void {
    this.checked++;
    const state = this.states[version]!;
    const ended = [...state.past, ...(state.hand?.end ? [state.hand] : [])];
    if (record.hands.length !== ended.length) this.problems.push(`${what}: ${record.hands.length} hands, ${ended.length} have ended`);
    record.hands.forEach((h, i) => {
      if (JSON.stringify(h.deal.stock) !== JSON.stringify(makeCards(ended[i]!.deal.stock)))
        this.problems.push(`${what}: hand ${i} is not the dealt hand`);
    });
    if (state.hand && !state.hand.end && JSON.stringify(record).includes(JSON.stringify(makeCards(state.hand.deal.stock)))) {
      this.problems.push(`${what}: shows the stock of the hand in play`);
    }
  }
}
