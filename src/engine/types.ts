/**
 * The engine's vocabulary in docs/record.md notation: what it reads and
 * writes at its edge (records, moves, views, events as a viewer sees them).
 * The engine owns these types, and this file imports nothing: every other
 * engine module may import it, and it none of them; the zod schemas in
 * src/shared/wire declare that they match them (test/engine/vocabulary.test.ts).
 */

/** Seats are numbered in playing order; partners sit opposite with 4 players. */
export type Seat = number;
export type Team = number;
export type PlayerCount = 2 | 3 | 4;

/** What kind of burraco a meld of seven or more is (docs/rules.md §4). */
export type BurracoKind = "clean" | "dirty" | "semi-clean" | "royal" | "ace-to-ace";

/** The rule options of docs/rules.md §11. */
export interface Rules {
  readonly preset: PresetName;
  readonly jokers: boolean;
  readonly sets: boolean;
  readonly closeRequires: "any" | "clean";
  readonly closeByMelding: boolean;
  readonly pozzettoDirect: boolean;
  readonly discardPile: "open" | "closed";
  readonly aceToAce: boolean;
  readonly semiClean: boolean;
  readonly pozzettoToStock: boolean;
  readonly doubleIfNoMelds: boolean;
  readonly pozzettoPenaltyIfNoneTaken: boolean;
  /** false: a team may hold only one set of each rank (FIBur's "two equal combinations"). */
  readonly sameRankSets: boolean;
  readonly values: { readonly two: number; readonly joker: number };
  readonly bonus: { readonly royal: number; readonly aceToAce: number };
  readonly penalty: { readonly noPozzetto: number; readonly unusedPozzetto: number };
  readonly target: number;
  readonly hands: number | null;
  readonly tie: "extraHand" | "starter";
}

export const PRESET_NAMES = ["classic", "aperto", "aperto-sporco", "chiuso", "chiuso-stcl", "chiuso-sporco", "fibur"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export type EndReason = "closed" | "stock" | "stalemate" | "resigned" | "timeout" | "aborted";

/** How a match ended outside the play of a hand: a team lost on time, or the match was called off with no result. */
export type MatchEnding = { readonly reason: "timeout"; readonly team: Team } | { readonly reason: "aborted" };

export interface HandEnd {
  readonly reason: EndReason;
  readonly closedBy: Seat | null;
}

/** A team's score for one hand; FIBur's base and points are kept apart (docs/rules.md §9). */
export interface TeamScore {
  readonly team: Team;
  readonly meldPoints: number;
  readonly handPoints: number;
  readonly burraco: number;
  readonly closing: number;
  readonly pozzetto: number;
  readonly base: number;
  readonly points: number;
  readonly total: number;
}

/** A card as written: rank then suit ("10H", "AS"), or "JK" for a joker. */
export type CardText = string;

/** Rules as a request or a record writes them: a preset plus any overrides (parseRules judges them). */
export type RulesInput = { preset?: PresetName | undefined; [option: string]: unknown };

/** A meld as views, events and the replay output write it. */
export type MeldView = {
  id?: number | undefined;
  team?: Team | undefined;
  kind: "set" | "sequence";
  /** In table order: sequences low to high. */
  cards: readonly CardText[];
  /** The card acting as wild and what it stands for (null beyond a complete run); null when the meld is clean. */
  wild: { index: number; as: CardText | null } | null;
  burraco: BurracoKind | null;
};

/** A meld on the table: with its id (the order it was laid in the hand) and its team. */
export type TableMeld = MeldView & { id: number; team: Team };

/** A deal in docs/record.md form; the stock top card first. */
export type DealRecord = {
  dealer: Seat;
  hands: readonly (readonly CardText[])[];
  pozzetti: readonly (readonly CardText[])[];
  discard: readonly CardText[];
  stock: readonly CardText[];
};

/** Where a wild at an open end of a sequence stands. */
type WildText = "low" | "high" | null | undefined;

/** A play of cards in record notation: a new meld, or cards added to a team's meld. */
export type PlayText =
  | { type: "meld"; cards: CardText[]; wild?: WildText }
  | { type: "attach"; meld: number; cards: CardText[]; wild?: WildText };

/** A move in docs/record.md notation. */
export type MoveText =
  | { type: "draw" }
  | { type: "pickup"; play?: PlayText | null | undefined }
  | PlayText
  | { type: "discard"; card: CardText }
  | { type: "resign" };

/** A game record file (docs/record.md) as the engine writes it; the service adds its clock, times and commitments. */
export type RecordFile = {
  format: "burraco-record/1";
  rules: RulesInput;
  players: number;
  names?: readonly string[] | undefined;
  hands: readonly { deal: DealRecord; moves: readonly { seat: Seat; move: MoveText }[] }[];
  end?: MatchEnding | undefined;
};

/** One finished (or current) hand in the match view. */
export type HandSummary = {
  number: number;
  end: HandEnd | null;
  scores: readonly TeamScore[] | null;
};

export type MatchView = {
  totals: readonly number[];
  over: boolean;
  winner: Team | null;
  starter: Team | null;
  hands: readonly HandSummary[];
  /** With `hands: N`: the FIBur victory points of the totals. */
  victoryPoints: readonly number[] | null;
};

/** Per team: not taken (null), taken (by whom, al volo or not), or put under the stock. */
export type PozzettoView = null | "stock" | { seat: Seat; direct: boolean };

/** The hand in play as one viewer may see it (docs/rules.md §12). */
export type HandView = {
  number: number;
  dealer: Seat;
  turn: Seat;
  phase: "take" | "play";
  /** The viewer's own cards; null for a spectator or while their pozzetto is still face down. */
  myHand: CardText[] | null;
  myHandHidden: boolean;
  handSizes: readonly number[];
  melds: readonly TableMeld[];
  /** `cards` (bottom first) only when the pile is open. */
  discardPile: { count: number; top: CardText | null; cards?: readonly CardText[] | undefined };
  stock: number;
  pozzettiLeft: number;
  pozzetti: readonly PozzettoView[];
  lastTurn: boolean;
  /** The single card the viewer picked up this turn and may not discard. */
  picked: CardText | null;
  end: HandEnd | null;
  scores: readonly TeamScore[] | null;
  /** Once the hand has ended: every hand and the deal. */
  revealed: { hands: readonly (readonly CardText[])[]; deal: DealRecord } | null;
};

/** A game as one viewer (a seat, or null for a spectator) may see it. */
export type GameView = {
  viewer: Seat | null;
  players: number;
  rules: Rules;
  match: MatchView;
  hand: HandView | null;
};

/** An engine event as a viewer may see it (the output of `eventFor`): hidden cards left out. */
export type SeenEvent =
  | {
      type: "handStarted";
      hand: number;
      dealer: Seat;
      /** The card turned up to start the pile; null once a later discard covers it on a closed pile. */
      discard: (CardText | null)[];
      stock: number;
      /** The viewer's eleven cards (seats only). */
      myHand?: readonly CardText[] | undefined;
    }
  | { type: "drew"; seat: Seat; stockLeft: number; card?: CardText | undefined }
  | { type: "pickedUp"; seat: Seat; count: number; top: CardText; cards?: readonly CardText[] | undefined }
  | { type: "melded"; seat: Seat; meld: TableMeld; cards: readonly CardText[] }
  | { type: "attached"; seat: Seat; meld: TableMeld; cards: readonly CardText[] }
  | {
      type: "pozzettoTaken";
      seat: Seat;
      team: Team;
      pozzetto: number;
      direct: boolean;
      size: number;
      cards?: readonly CardText[] | undefined;
    }
  | { type: "pozzettoSeen"; seat: Seat; cards: readonly CardText[] }
  | { type: "discarded"; seat: Seat; card: CardText | null }
  | { type: "pozzettiToStock"; teams: readonly Team[]; cards: number }
  | { type: "turn"; seat: Seat }
  | {
      type: "handEnded";
      hand: number;
      end: HandEnd;
      scores: readonly TeamScore[];
      hands: readonly (readonly CardText[])[];
      /** The whole deal (absent only where the service withholds it: a tournament's deal still played elsewhere). */
      deal?: DealRecord | undefined;
    }
  | { type: "matchEnded"; winner: Team | null; totals: readonly number[] }
  | { type: "resigned"; seat: Seat; team: Team };
