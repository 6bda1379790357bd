import type { QuickPhrase } from "../../shared/chat";
import { NOTIFY_EVENT_NAMES, type NotifyChannel } from "../../shared/wire/notifications";
/**
 * What the notification pipeline carries. A game notification holds only
 * public facts — names, scores, the cards a move put on the table or the
 * discard pile — never a hand, the stock or an untaken pozzetto, so that
 * no text built from it can leak a hidden card to any reader.
 */

/** The events a subscription may choose: the API's own list (one definition, src/shared/wire/notifications.ts). */
export const NOTIFY_EVENTS = NOTIFY_EVENT_NAMES;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export { isLanguage, LANGUAGES, type Language } from "../../shared/language";

export type Channel = NotifyChannel;

/** How a webhook receiver is spoken to: the API's own list (src/shared/wire/notifications.ts). */
export type { WebhookFormat } from "../../shared/wire/notifications";

/** What one seat did on its last turn, as everyone at the table saw it. Cards in docs/record.md notation. */
export interface PublicMove {
  readonly seat: number;
  /** Drew from the stock (the card is the drawer's secret), picked up the discard pile (how many cards), or neither. */
  readonly drew: { readonly from: "stock" } | { readonly from: "pile"; readonly count: number } | null;
  /** New melds, each with its cards. */
  readonly melded: readonly (readonly string[])[];
  /** Cards added to melds already on the table. */
  readonly attached: readonly (readonly string[])[];
  /** Took a pozzetto (its cards are the taker's secret). */
  readonly tookPozzetto: boolean;
  readonly discarded: string | null;
  /** The computer played this turn for the seat (after a timeout, a handover, or a computer seat). */
  readonly by?: "computer";
}

/** Which of a turn's two reminders: 80% of the time gone, or an hour left. */
export type ReminderKind = "80%" | "1h";

/** How a match ended other than by play: aborted on a timeout before every seat had played, or claimed from a late seat. */
export type MatchEndingFacts =
  | { readonly reason: "aborted"; readonly late: number }
  | { readonly reason: "timeout"; readonly late: number; readonly claimedBy: number };

interface Base {
  readonly gameId: string;
  /** The log entry that caused it: with the game id and the subscription, the delivery's idempotency key. */
  readonly seq: number;
  /** When it happened, ms since the epoch. */
  readonly at: number;
  /** The name of each seat (null: unnamed). */
  readonly names: readonly (string | null)[];
  /** The player key hashes of the seats it is about (the players to tell); null for a seat with no player key. */
  readonly players: readonly (string | null)[];
  /** Each seat's link, sealed (seal.ts): opened only for that seat's own player's messages. */
  readonly links?: readonly (string | null)[];
  /** How far the game's clock runs ahead of the platform's (ms; absent: 0, as always but in local tests' time travel). */
  readonly clockOffset?: number;
}

/** One game event that may notify, with the public facts its texts need. */
export type GameNotification =
  | (Base & {
      readonly type: "turn";
      /** Whose turn it is now. */
      readonly seat: number;
      /** The previous player's turn, in public facts; null at the start of a hand. */
      readonly lastMove: PublicMove | null;
      /** When the turn times out (ms since the epoch), if the game has a clock. */
      readonly deadline: number | null;
      /** The seat's own last turn ran out of time and the computer played it (timedOut `once`): this message tells them so. */
      readonly missed?: true;
    })
  | (Base & { readonly type: "reminder"; readonly seat: number; readonly which: ReminderKind; readonly deadline: number | null })
  | (Base & {
      /** A seat ran out of time: the computer now plays it, or its opponents may claim the match (the creator's choice). */
      readonly type: "timedOut";
      readonly seat: number;
      /** `adjourn`: nobody was there to claim the match or to wait for, so the game waits for the late player. */
      readonly action: "computer" | "claim" | "adjourn";
      /** With `computer`: the computer plays the late turn only (every other seat is the computer's). */
      readonly once?: true;
      readonly teams: readonly (readonly number[])[];
    })
  | (Base & {
      /** `seat` claimed the match from `late`, whose time had run out: the match is over. */
      readonly type: "claimed";
      readonly seat: number;
      readonly late: number;
      readonly teams: readonly (readonly number[])[];
      readonly winner: number | null;
      readonly totals: readonly number[];
    })
  | (Base & {
      readonly type: "handEnded";
      readonly hand: number;
      /** Seats of each team, by team. */
      readonly teams: readonly (readonly number[])[];
      /** Per team: the hand's points and the match total so far. */
      readonly scores: readonly { readonly hand: number; readonly total: number }[];
    })
  | (Base & {
      readonly type: "gameOver";
      readonly teams: readonly (readonly number[])[];
      readonly winner: number | null;
      readonly totals: readonly number[];
      /** Set when the match did not end by play: cancelled (aborted) or won on time. */
      readonly ending?: MatchEndingFacts;
    })
  | (Base & {
      /**
       * The game's creator gave `seat` a fresh link, its player being gone (room/reissue.ts): told to that
       * player (`players[seat]`, the player it was taken from), whose link no longer opens it.
       */
      readonly type: "seatReissued";
      readonly seat: number;
    })
  | (Base & {
      /** A game whose seats came with their players (a seek's, a rematch's, a tournament's table) has started: every seat's player hears it. */
      readonly type: "started";
      /** The seat that plays first. */
      readonly first: number | null;
      /** A tournament's table: which tournament, round and table, and the round's deadline. */
      readonly tournament?: TournamentFacts;
    })
  | (Base & {
      /** A tournament's round is nearly over and this table is still playing: every seat's player hears it (heard as `reminder`). */
      readonly type: "roundReminder";
      readonly tournament: TournamentFacts;
    })
  | (Base & {
      /**
       * A tournament's round that an entry sits out (a bye) or wins by forfeit (its opponents withdrew): its players
       * hear it when the round starts (heard as `started`). `gameId` is the tournament's id, `seq` the round's.
       */
      readonly type: "roundBye";
      readonly bye: ByeFacts;
    })
  | (Base & {
      /**
       * Words at the table (docs/chat.md), for one reader: `seat` is the
       * reader's, never the writer's. The players' own speech, which the
       * server does not inspect: a notification of it holds no card.
       */
      readonly type: "message";
      readonly seat: number;
      /** One message for push and webhooks; for an email (`digest`), every message since the reader's last one, oldest first. */
      readonly messages: readonly ChatLine[];
      readonly digest: boolean;
    })
  | (Base & {
      readonly type: "invited";
      /** Who invites (a name) and the link that opens the invitation. */
      readonly by: string | null;
      readonly link: string;
    });

/** A tournament's table, in public facts (docs/tournaments.md). */
export interface TournamentFacts {
  readonly id: string;
  readonly name: string;
  /** From 0. */
  readonly round: number;
  /** From 1. */
  readonly table: number;
  /** The round's deadline, ms since the epoch. */
  readonly deadline: number;
}

/** A round sat out, in public facts (docs/tournaments.md). */
export interface ByeFacts {
  readonly id: string;
  readonly name: string;
  /** From 0. */
  readonly round: number;
  /** The tournament's rounds in all. */
  readonly rounds: number;
  /** The round's deadline, ms since the epoch: the next round starts then at the latest. */
  readonly deadline: number;
  /** The victory points the round scores the entry. */
  readonly vp: number;
  /** Set for a round won by forfeit: the names of the withdrawn entry's players. */
  readonly forfeit?: readonly (string | null)[];
}

/** One message at the table: free text, or a quick phrase's code that each reader reads in their language. */
export interface ChatLine {
  readonly seat: number;
  readonly text?: string;
  readonly phrase?: QuickPhrase;
  /** ms since the epoch. */
  readonly at: number;
}

/** What a delivery sends: a game notification, a daily digest, an address confirmation, or a test. */
export type Notice =
  | { readonly type: "game"; readonly notification: GameNotification }
  | { readonly type: "digest"; readonly date: string; readonly games: readonly DigestGame[] }
  | { readonly type: "confirm"; readonly token: string }
  /** A one-time sign-in link for a new device (players/links.ts), to a confirmed address only. */
  | { readonly type: "signIn"; readonly token: string; readonly player?: string | null }
  /** The player's recovery code linked a new device (players/recovery.ts): told to every device and address of theirs. Never the code. */
  | { readonly type: "recoveryUsed"; readonly device: string | null; readonly at: number }
  | { readonly type: "test"; readonly at: number };

/** A game awaiting a player's move, in a digest. */
export interface DigestGame {
  readonly gameId: string;
  readonly seat: number;
  readonly names: readonly (string | null)[];
  /** ms since the epoch; null when the game has no clock. */
  readonly deadline: number | null;
  /** Since when it has waited (ms since the epoch). */
  readonly since: number;
  /** How far the game's clock runs ahead of the platform's (ms; absent: 0). */
  readonly clockOffset?: number;
}

/** A message on the DELIVERIES queue: one notice for one subscription, and for each of `more` (notify/store.ts). */
export interface Delivery {
  /** Idempotency key: `gameId/seq/kind/subscriptionId` for a game notification (a webhook's `webhook-id`). */
  readonly key: string;
  readonly subscriptionId: string;
  /**
   * The same notice's other deliveries, sent under this one's lease (one
   * message per notification rather than per subscription); absent: none.
   */
  readonly more?: readonly { readonly key: string; readonly subscriptionId: string }[];
  readonly notice: Notice;
  /** When the notice was made (ms): the start of the event-to-delivery delay. */
  readonly createdAt: number;
  /** Which copy this is: the cron puts a lost message on the queue again as the next generation (requeue.ts); absent, 0. */
  readonly generation?: number;
  /** The D1 binding holding the delivery's row: its game's log shard (db/shards.ts); absent, the main database (store.ts). */
  readonly shard?: string;
}

/** The event a delivery tells (a game notification's type, else the notice's): its line in the delivery log. */
export function eventOf(delivery: Pick<Delivery, "notice">): string {
  return delivery.notice.type === "game" ? delivery.notice.notification.type : delivery.notice.type;
}

export function isNotifyEvent(value: unknown): value is NotifyEvent {
  return typeof value === "string" && (NOTIFY_EVENTS as readonly string[]).includes(value);
}
