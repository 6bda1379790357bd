import type { DealRecord, PresetName } from "../engine/index";
import type { ComputerLevel } from "../shared/wire/common";
import { danishRound, type Field, mitchellRound, movementOf, tablesOf } from "./movement";
import { roundScores } from "./score";
import { ranking, standingsFrom } from "./standings";
import type { EntryRound, Movement, OddEntries, Pairing, RoundOutcome, Standing, TablePairing, TableResult, Withdrawal } from "./types";

/**
 * A tournament as its log has it: the log's entries (what the organiser,
 * the players and the tables did, in order) folded into its state. The
 * tournament's Durable Object appends the entries and keeps this in memory;
 * anyone with the log (D1's copy, the record) folds it to the same state.
 */

/** Pairs play at tables of four (partners opposite), individuals one against one. */
export type Format = "pairs" | "individual";
export const playersOf = (format: Format): 2 | 4 => (format === "pairs" ? 4 : 2);

export interface Settings {
  readonly name: string;
  readonly format: Format;
  readonly preset: PresetName;
  readonly rounds: number;
  /** Hands per round (each table's match is exactly this many hands). */
  readonly hands: number;
  readonly movement: Movement;
  /** Each turn's time, ms, and what a turn out of time becomes. */
  readonly perMove: number;
  readonly timeout: "claim" | "computer";
  /** Each round's time, ms: its tables must be finished this long after it starts. */
  readonly roundTime: number;
  /** Registration closes at this time (ms) or with this many entries, whichever first; null: not by that. */
  readonly registrationUntil: number | null;
  readonly maxEntries: number | null;
  readonly visibility: "public" | "invitation";
  readonly odd: OddEntries;
  readonly withdrawal: Withdrawal;
  readonly rated: boolean;
  /** The level of the computer in a vacant place, and of a withdrawn player's seat. */
  readonly level: ComputerLevel;
  /** Every table of a round plays the same deals (the results compared across tables). */
  readonly duplicate: boolean;
}

/** A place in an entry: a person (their player id and name), or the computer. */
export interface Member {
  readonly player: string | null;
  readonly name: string | null;
  readonly computer: ComputerLevel | null;
  /** In a rated tournament: where the person registered from, for the ratings' same-person check (never shown). */
  readonly origin?: Origin;
}

/**
 * Where a person registered from, as the ratings' same-person check reads a
 * seat's (docs/ratings.md): their network's key and their device's key hash,
 * and the mailboxes (hashed) they held or had confirmed then.
 */
export interface Origin {
  readonly network: string | null;
  readonly device: string | null;
  readonly mailboxes: readonly string[];
}

export type TournamentLog =
  | {
      readonly type: "created";
      readonly id: string;
      readonly settings: Settings;
      /** The organiser's player id. */
      readonly organiser: string;
      /** SHA-256 of the invitation link's token (a tournament by invitation only; null: public). */
      readonly inviteHash: string | null;
    }
  /** An entry registers: one member, or a pair whose second place waits for the partner's link (`partnerHash`). */
  | { readonly type: "entered"; readonly entry: number; readonly members: readonly Member[]; readonly partnerHash: string | null }
  | { readonly type: "partnerJoined"; readonly entry: number; readonly member: Member }
  /** Before the first round: the organiser removed a no-show, or the entry left. */
  | { readonly type: "removed"; readonly entry: number; readonly by: "organiser" | "player" }
  /** The draw: every entry playing, in the order the movement seats them. */
  | { readonly type: "started"; readonly order: readonly number[] }
  /**
   * A round's tables and the deals every table plays. The deals are private
   * until every table of the round has finished.
   */
  | {
      readonly type: "roundPlanned";
      readonly round: number;
      readonly pairings: readonly Pairing[];
      readonly deadline: number;
      readonly deals: readonly DealRecord[];
    }
  /** Some of a round's tables made: each table's game (the room makes them a few at a time). */
  | { readonly type: "tablesMade"; readonly round: number; readonly tables: readonly { readonly table: number; readonly game: string }[] }
  | { readonly type: "tableEnded"; readonly round: number; readonly table: number; readonly result: TableResult }
  /** The round's deadline passed: its tables still playing are settled as the clock says. */
  | { readonly type: "roundClosed"; readonly round: number }
  | { readonly type: "withdrawn"; readonly entry: number; readonly mode: Withdrawal }
  | { readonly type: "ended"; readonly reason: "complete" | "organiser" };

export type CreatedLog = Extract<TournamentLog, { type: "created" }>;
export type PlannedLog = Extract<TournamentLog, { type: "roundPlanned" }>;

export interface EntryState {
  readonly entry: number;
  members: Member[];
  partnerHash: string | null;
  removed: boolean;
  withdrawn: Withdrawal | null;
}

export interface RoundState {
  readonly planned: PlannedLog;
  /** Each table's game, by table number, once made. */
  readonly games: Map<number, string>;
  readonly results: Map<number, TableResult>;
  closed: boolean;
}

/** What folding a log makes (Tournament's own fields, caches aside). */
export interface Folded {
  readonly created: CreatedLog;
  readonly entries: readonly EntryState[];
  readonly order: readonly number[] | null;
  readonly rounds: readonly RoundState[];
  readonly ended: "complete" | "organiser" | null;
  readonly version: number;
}

export class Tournament {
  readonly entries: EntryState[] = [];
  order: readonly number[] | null = null;
  readonly rounds: RoundState[] = [];
  ended: "complete" | "organiser" | null = null;
  /** Bumped by every entry: the standings are cached per version. */
  version = 0;
  private cached: { version: number; table: Standing[] } | null = null;

  private constructor(readonly created: CreatedLog) {
    this.version = 1;
  }

  /** A tournament as folded up to `version` (snapshot.ts: a room's checkpoint), to fold the entries after it into. */
  static resume(folded: Folded): Tournament {
    const t = new Tournament(folded.created);
    t.entries.push(...folded.entries);
    t.order = folded.order;
    t.rounds.push(...folded.rounds);
    t.ended = folded.ended;
    t.version = folded.version;
    return t;
  }

  static fold(log: readonly TournamentLog[]): Tournament {
    const first = log[0];
    if (first?.type !== "created") throw new Error("a tournament's log starts with its created entry");
    const t = new Tournament(first);
    for (const body of log.slice(1)) t.apply(body);
    return t;
  }

  get id(): string {
    return this.created.id;
  }

  get settings(): Settings {
    return this.created.settings;
  }

  get status(): "registration" | "running" | "over" {
    return this.ended !== null ? "over" : this.order !== null ? "running" : "registration";
  }

  apply(body: TournamentLog): void {
    this.version++;
    switch (body.type) {
      case "created":
        throw new Error("a tournament is created once");
      case "entered":
        this.entries.push({
          entry: body.entry,
          members: [...body.members],
          partnerHash: body.partnerHash,
          removed: false,
          withdrawn: null,
        });
        return;
      case "partnerJoined": {
        const entry = this.entries[body.entry]!;
        entry.members = [...entry.members, body.member];
        entry.partnerHash = null;
        return;
      }
      case "removed":
        this.entries[body.entry]!.removed = true;
        return;
      case "started":
        this.order = body.order;
        return;
      case "roundPlanned":
        this.rounds.push({ planned: body, games: new Map(), results: new Map(), closed: false });
        return;
      case "tablesMade":
        for (const made of body.tables) this.rounds[body.round]!.games.set(made.table, made.game);
        return;
      case "tableEnded":
        this.rounds[body.round]!.results.set(body.table, body.result);
        return;
      case "roundClosed":
        this.rounds[body.round]!.closed = true;
        return;
      case "withdrawn":
        this.entries[body.entry]!.withdrawn = body.mode;
        return;
      case "ended":
        this.ended = body.reason;
        return;
    }
  }

  /** Entries still registered (not removed), in entry order. */
  registered(): EntryState[] {
    return this.entries.filter((e) => !e.removed);
  }

  /** An entry with all its places filled: one member, or two with pairs. */
  complete(entry: EntryState): boolean {
    return entry.members.length === (this.settings.format === "pairs" ? 2 : 1);
  }

  /** The entry a player holds a place in, if any (never removed). */
  entryOf(player: string): EntryState | null {
    return this.registered().find((e) => e.members.some((m) => m.player === player)) ?? null;
  }

  /** The round being played (the last planned), or null before the first. */
  current(): RoundState | null {
    return this.rounds[this.rounds.length - 1] ?? null;
  }

  /** Every table of the round has its result. */
  finished(round: RoundState): boolean {
    return tablesOf(round.planned.pairings).every((t) => round.results.has(t.table));
  }

  outcomes(): RoundOutcome[] {
    return this.rounds.map((r) => ({ pairings: r.planned.pairings, results: r.results }));
  }

  /**
   * The standings as the finished tables have them (computed once per
   * version). Each round's scores are kept until a result of that round
   * comes in: a new result costs its own round's scoring, not every round's.
   */
  standings(): Standing[] {
    if (this.cached?.version !== this.version) {
      const scored = this.rounds.map((r, i) => {
        const kept = this.scores[i];
        if (kept && kept.results === r.results.size) return kept.scores;
        const scores = roundScores(i, { pairings: r.planned.pairings, results: r.results });
        this.scores[i] = { results: r.results.size, scores };
        return scores;
      });
      this.cached = { version: this.version, table: standingsFrom(this.order ?? [], scored) };
    }
    return this.cached.table;
  }

  private readonly scores: { results: number; scores: Map<number, EntryRound> }[] = [];

  /** Whether the standings of this version are ranked already (the room ranks them before pairing a Danish round). */
  standingsReady(): boolean {
    return this.cached?.version === this.version;
  }

  /** Whether the next round is paired from the standings (a Danish round after the first). */
  pairsFromStandings(): boolean {
    const round = this.rounds.length;
    return round > 0 && movementOf(this.settings.movement, round, this.settings.rounds) === "danish";
  }

  /** Who withdrew, and how, before the next round. */
  private field(): Field {
    const withdrawn = new Map<number, Withdrawal>();
    for (const e of this.entries) if (e.withdrawn) withdrawn.set(e.entry, e.withdrawn);
    return { order: this.order ?? [], odd: this.settings.odd, withdrawn };
  }

  /** The next round's pairings, by the movement (Danish rounds from the standings so far; the first from the draw). */
  nextPairings(): Pairing[] {
    const round = this.rounds.length;
    const field = this.field();
    if (movementOf(this.settings.movement, round, this.settings.rounds) === "mitchell") return mitchellRound(field, round);
    const byes = new Set(this.rounds.flatMap((r) => r.planned.pairings.flatMap((p) => (p.kind === "bye" ? [p.entry] : []))));
    return danishRound(field, round === 0 ? field.order : ranking(this.standings()), byes);
  }

  /** Each seat of a table, from its sides: seat 0 (and 2) is `sides[0]`'s, seat 1 (and 3) `sides[1]`'s. */
  seatsOf(table: TablePairing): Member[] {
    const players = playersOf(this.settings.format);
    const house: Member = { player: null, name: null, computer: this.settings.level };
    return Array.from({ length: players }, (_, seat) => {
      const side = table.sides[seat % 2]!;
      if (side === null) return house;
      const entry = this.entries[side]!;
      const member = entry.members[Math.floor(seat / 2)] ?? house;
      // A player withdrawn for the computer keeps their name at the table, and the computer plays for them.
      return entry.withdrawn === "computer" ? { player: null, name: member.name, computer: this.settings.level } : member;
    });
  }
}
