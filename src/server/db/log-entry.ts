import type { PlayerCount } from "../../engine/index";
import type { ChatAudience, QuickPhrase } from "../../shared/chat";
import type { ComputerLevel, DealRecord, RulesInput } from "../../shared/wire/common";
import type { Move as MoveText } from "../../shared/wire/move";
import type { ClockControl, Reminder, Timeout } from "../clock/clock";

/**
 * A game's log entry, defined once for all that hold it: the room's own
 * SQLite (room/storage.ts), which writes it and replays it (room/table.ts),
 * D1's game_events (drain.ts, saved-game.ts) and the R2 archive
 * (archive.ts), which keep it and give it back. Here in the data layer, so
 * that the data layer depends on nothing of the room's; the schema it is
 * read through is log-body.ts.
 */

/**
 * The game's log, as stored in the room's SQLite and copied to D1. Entries
 * are numbered by a gapless `seq`; the game's version is the last seq. The
 * engine's events are not stored: replaying the log gives them again.
 */
export type LogBody =
  | {
      readonly type: "created";
      readonly id: string;
      /** Preset plus overrides, as given. */
      readonly rules: RulesInput;
      readonly players: PlayerCount;
      readonly names: readonly (string | null)[];
      readonly firstDealer: number;
      /** Prepared deals (docs/record.md form), used for the first hands. Private. */
      readonly deals: readonly DealRecord[];
      /** The correspondence clock, or none (absent in games made before clocks). */
      readonly clock?: ClockControl | null;
      /** Per seat: a computer player's level, or null for a person (absent: people only). */
      readonly computers?: readonly (ComputerLevel | null)[];
      /** SHA-256 of the creator's secret, which issues fresh links for seats not yet taken. Kept in the log so that it survives a rebuild from D1. */
      readonly hostHash?: string;
      /** A rated match (docs/ratings.md): rated when it ends if it has a clock and every seat a distinct identified player (absent: not rated). */
      readonly rated?: boolean;
      /**
       * The prepared `deals` are unknown to every player (a tournament's duplicate deals, made by the service): the match may
       * be rated all the same (ratings/verdict.ts). Set only by the service's own code, never from the API (validate.ts).
       */
      readonly dealsUnknown?: boolean;
      /** Spectators and embeds may read the chat (docs/chat.md) from the start, if every seat still lets them (absent: no). */
      readonly spectatorChat?: boolean;
      /** A tournament's table (docs/tournaments.md): written by the tournament's room only, never by the API (absent: none). */
      readonly tournament?: TableOf;
    }
  | {
      readonly type: "dealt";
      readonly hand: number;
      /** The deal (docs/record.md form). Private until the hand ends. */
      readonly deal: DealRecord;
      readonly commitment: string;
      /** Private until the hand ends. */
      readonly salt: string;
      readonly prepared: boolean;
    }
  | {
      readonly type: "move";
      readonly seat: number;
      /** The move in docs/record.md notation. */
      readonly move: MoveText;
      /** The client's idempotency key, if any. */
      readonly id: string | null;
      /** With a key: a hash of the request as sent, to tell a retry from another move under the same key. */
      readonly request?: string;
      /** The computer made this move for the seat. */
      readonly by?: "computer";
    }
  /**
   * The creator gave a fresh link to a seat whose player was gone (room/reissue.ts): the old link no longer
   * opens it. `previous` is the old link's hash (whoever opens it is told what became of the seat) and `player`
   * the player it was taken from (told by their notifications); both absent in entries written before they were kept.
   */
  | { readonly type: "seatReissued"; readonly seat: number; readonly previous?: string; readonly player?: string | null }
  | ClockBody
  | ChatBody;

/** What a timeout did: the creator's choice, or the game adjourned (log entry `timedOut`). */
export type TimeoutAction = Timeout | "adjourn";

export type CreatedBody = Extract<LogBody, { type: "created" }>;

/** A new game as the Worker checked it: the created entry but what its room adds (the first dealer, the host secret's hash). */
export type GameInit = Omit<CreatedBody, "type" | "firstDealer" | "hostHash">;

/** Which tournament a game is a table of, and the round it belongs to. */
export interface TableOf {
  readonly id: string;
  readonly name: string;
  /** From 0. */
  readonly round: number;
  /** From 1. */
  readonly table: number;
  /** The round's deadline (ms): at it, a table still playing is settled (docs/tournaments.md). */
  readonly deadline: number;
  /** The round's deals are every table's: none of this table's hands is shown to anyone but its seats before the tournament releases them. */
  readonly duplicate: boolean;
}
export type DealtBody = Extract<LogBody, { type: "dealt" }>;

export interface LogRow {
  readonly seq: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly body: LogBody;
}

/**
 * The clock's entries in a game's log. They are written by the room (its
 * alarm, a claim, a player's absence), each with the time it happened, so
 * that replaying the log rebuilds the clock exactly.
 */
export type ClockBody =
  | {
      /** A "your move" reminder: `live` when the player had the table open (nothing is sent then). */
      readonly type: "reminder";
      readonly seat: number;
      readonly which: Reminder;
      readonly live: boolean;
    }
  /**
   * A seat ran out of time: what happens now (room/timeouts.ts). `claim`: its opponents may claim the match;
   * `computer`: the computer plays it until its player plays again, or (`once`, when no person is left at the
   * table) this one turn only; `adjourn`: nobody is there to claim the match or to wait for, so the game waits
   * for the late player's move, its clock stopped.
   */
  | { readonly type: "timedOut"; readonly seat: number; readonly action: TimeoutAction; readonly once?: true }
  | { readonly type: "claimed"; readonly seat: number; readonly late: number }
  | { readonly type: "aborted"; readonly late: number }
  | { readonly type: "absence"; readonly seat: number; readonly from: number; readonly until: number }
  /** `at`: when it was cancelled (the room may learn of it later). */
  | { readonly type: "absenceCancelled"; readonly seat: number; readonly from: number; readonly at: number }
  /** A player hands their seat to the computer (`on`), or takes it back. */
  | {
      readonly type: "computer";
      readonly seat: number;
      readonly on: boolean;
      readonly reason: "handover" | "player";
      readonly level?: ComputerLevel;
    };

/**
 * The table's chat in the game's log (docs/chat.md). A message, a mute and
 * a seat's choice of audience are log entries like the moves, so that they
 * are ordered with them by seq, drained to D1 with them, rebuilt with them,
 * and reach every viewer through the same pushes. They never change the
 * cards: the engine never sees them.
 */
export type ChatBody =
  | {
      readonly type: "message";
      readonly seat: number;
      /** Free text, checked (text.ts) before it was written; or else a quick phrase's code. */
      readonly text?: string;
      readonly phrase?: QuickPhrase;
      /** Who could read the chat when it was written: a message written among players stays among players. */
      readonly audience: ChatAudience;
      /** The writer's idempotency key, if any. */
      readonly id?: string;
    }
  /** A seat mutes (or unmutes) another seat's messages, for itself only: only the muting seat sees this entry. */
  | { readonly type: "mute"; readonly seat: number; readonly muted: number; readonly on: boolean }
  /** A seat lets spectators read the chat, or stops letting them: the chat is public only while every seat lets it be. */
  | {
      readonly type: "chatAudience";
      readonly seat: number;
      readonly open: boolean;
      /** Who reads the chat from then on (all seats' choices together), as the room worked it out when writing. */
      readonly audience: ChatAudience;
    };
