import { PHRASE_TEXTS } from "../../shared/chat";
import { duration, list, plural } from "./intl";

/**
 * The server's English catalog: every text a notification or a link preview
 * shows. it.ts holds the same keys in Italian (its type is this catalog's,
 * so a missing or extra text does not compile). Lists, plurals and
 * durations go through `Intl` (intl.ts).
 */

/** British English, as the link previews (og:locale en_GB): "Anna, Bruno and Carla", no serial comma. */
const L = "en-GB";

export const en = {
  locale: L,
  /** The link preview's og:locale. */
  ogLocale: "en_GB",
  /** Names joined as people say them: "Anna, Bruno and Carla". */
  list: (items: readonly string[]) => list(L, items),
  number: (n: number) => n.toLocaleString(L),
  player: (n: number) => `Player ${n}`,
  joker: "Joker",
  /** What a link a player typed reads as in a message sent outside the table (notify/inert.ts). */
  typedLink: "[a link]",
  time: {
    duration: (ms: number) => duration(L, ms) ?? "less than a minute",
    left: (span: string) => `Time left: ${span}.`,
    up: "The time is up.",
    waiting: (span: string) => `waiting for ${span}`,
  },
  move: {
    drewStock: "drew from the stock",
    pickedUp: (n: number) => `picked up the discard pile (${plural(L, n, { one: "# card", other: "# cards" })})`,
    melded: (cards: string) => `melded ${cards}`,
    attached: (cards: string) => `added ${cards} to a meld`,
    tookPozzetto: "took a pozzetto",
    discarded: (card: string) => `discarded ${card}`,
    played: (who: string) => `${who} played.`,
    did: (who: string, parts: readonly string[]) => `${who} ${list(L, parts)}.`,
    /** A turn the computer played for the seat. */
    computerDid: (who: string, parts: readonly string[]) => `The computer, playing for ${who}, ${list(L, parts)}.`,
    computerPlayed: (who: string) => `The computer played for ${who}.`,
  },
  turn: {
    subject: (others: string) => `Your turn in Burraco — game with ${others}`,
    title: (name: string) => `${name}, it's your turn in Burraco`,
    newHand: "A new hand begins.",
  },
  reminder: {
    subject: { "80%": "Reminder: your move in Burraco", "1h": "One hour left for your move in Burraco" },
    title: {
      "80%": (name: string) => `${name}, your Burraco game is waiting for your move`,
      "1h": (name: string) => `${name}, one hour left for your move in Burraco`,
    },
    which: {
      "80%": "80% of your time for this move has passed.",
      "1h": "Only an hour is left before your time runs out.",
    },
  },
  timedOut: {
    subject: (late: string) => `Burraco: ${late}'s time ran out`,
    subjectYou: "Burraco: your time ran out",
    titleYou: (name: string) => `${name}, your time ran out in Burraco`,
    titleOther: (late: string) => `${late}'s time ran out in Burraco`,
    youComputer: "Your time ran out: the computer is playing for you — play to take your seat back.",
    youClaim: "Your time ran out: your opponents may now claim the match. Until one of them does, you may still play your move.",
    otherComputer: (late: string) => `${late}'s time ran out: the computer is playing for them until they play again.`,
    opponentClaim: (late: string) => `${late}'s time ran out: you may now claim the match, or wait for their move.`,
    othersClaim: (late: string) => `${late}'s time ran out: their opponents may now claim the match.`,
    youPlayedOnce: "Your time ran out, so the computer played your last turn for you. This turn is yours again, with a fresh deadline.",
    youAdjourned:
      "Your time ran out, and nobody else is at the table to claim the match or to wait for you: the game is adjourned. It waits for your move, and your clock starts again when you play.",
    otherComputerOnce: (late: string) => `${late}'s time ran out: the computer played their turn, and the next one is theirs again.`,
    otherAdjourned: (late: string) => `${late}'s time ran out: the game is adjourned until they play.`,
    takeBack: "Take your seat back",
    claim: "Claim the match",
  },
  claimed: {
    title: (claimer: string, late: string) => `${claimer} claimed the match: ${late}'s time had run out`,
    won: (winners: string, count: number) => `${winners} ${count > 1 ? "win" : "wins"} on time.`,
  },
  handEnded: {
    subject: (n: number) => `Burraco: hand ${n} is over`,
    title: (n: number) => `Hand ${n} is over`,
    line: (team: string, hand: number, total: number) =>
      `${team}: ${plural(L, hand, { one: "# point", other: "# points" })} this hand, ${total} in all.`,
  },
  gameOver: {
    subject: (title: string) => `Burraco: ${title}`,
    won: (winners: string, _count: number) => `The match is over: ${winners} won`,
    wonOnTime: (winners: string, _count: number) => `The match is over: ${winners} won on time`,
    tie: "The match ended in a tie",
    cancelled: "The match was cancelled",
    cancelledWhy: (late: string) =>
      `${late}'s time ran out before every player had made a first move, so the match ends with no result: nobody wins or loses.`,
    onTimeWhy: (late: string, claimer: string) => `${late}'s time ran out and ${claimer} claimed the match.`,
    line: (team: string, total: number) => `${team}: ${total}`,
  },
  started: {
    title: (others: string) => `Your game of Burraco with ${others} has started`,
    body: "Every seat is taken and the clock is running.",
    yourTurn: "You play first: it is your turn.",
    firstPlays: (name: string) => `${name} plays first; you will be told when it is your turn.`,
  },
  seatReissued: {
    subject: (others: string) => `Burraco: your seat in the game with ${others} has a new link`,
    titleYou: (name: string) => `${name}, your seat in Burraco was given a new link`,
    titleOther: (name: string) => `${name}'s seat in Burraco was given a new link`,
    you: "You missed a turn of yours and stayed away, so the game's creator gave your seat a fresh link: the link you had no longer opens it.",
    ask: "If you want to play on, ask the game's creator for the new link.",
    other: (name: string) => `${name} missed a turn and stayed away: the game's creator gave the seat a fresh link.`,
  },
  /** A tournament's table (docs/tournaments.md). */
  tournament: {
    started: {
      subject: (name: string, round: number) => `${name}: round ${round} has started`,
      title: (name: string, round: number, table: number) => `${name}, round ${round}: you play at table ${table}`,
      against: (others: string) => `Against ${others}.`,
      partner: (name: string) => `Your partner is ${name}.`,
      deadline: (span: string) =>
        `Every table of the round must finish within ${span}: a table still playing then is settled on the clock.`,
    },
    reminder: {
      subject: (name: string, round: number) => `${name}: round ${round} is nearly over`,
      title: (name: string, round: number, table: number) => `${name}, round ${round}: table ${table} is still playing`,
      left: (span: string) => `The round ends in ${span}: a table still playing then is settled on the clock.`,
    },
    action: "Go to your table",
    bye: {
      subject: (name: string, round: number) => `${name}: you sit out round ${round}`,
      title: (name: string, round: number) => `${name}, round ${round}: you sit this round out`,
      titleForfeit: (name: string, round: number) => `${name}, round ${round}: you win by forfeit`,
      scores: (vp: number) =>
        `With an odd number of entries one sits out each round: this time it is you, and the round scores you ${vp} victory points.`,
      forfeit: (names: string, count: number, vp: number) =>
        `${names} ${count === 1 ? "has" : "have"} left the tournament: the round is yours by forfeit, ${vp} victory points, with no table to play.`,
      next: (span: string) => `The next round starts as soon as every table of this one has finished, at the latest in ${span}.`,
      last: (span: string) =>
        `It is the last round: the final standings come as soon as every table has finished, at the latest in ${span}.`,
      action: "See the tournament",
    },
  },
  invited: {
    title: (by: string | null) => `${by ?? "Someone"} invites you to a game of Burraco`,
    body: "Open the link, choose a name and take a free seat.",
    join: "Join the game",
  },
  digest: {
    title: (count: number) => plural(L, count, { one: "# game awaits your move", other: "# games await your move" }),
    line: (others: string, state: string) => `Game with ${others} — ${state}`,
  },
  confirm: {
    subject: "Confirm your address for Burraco notifications",
    title: "Confirm your address",
    body: [
      "Someone (we hope you) asked for Burraco game notifications at this address. Nothing will be sent until you confirm.",
      "If it was not you, ignore this message.",
    ],
    action: "Confirm",
  },
  test: {
    title: "Test notification from Burraco",
    body: "Notifications arrive here.",
    action: "Your notifications",
  },
  /** The sign-in message: a one-time link that links the device it is opened on to the player (players/links.ts). */
  signIn: {
    subject: "Your Burraco sign-in link",
    title: "Sign in on this device",
    titleAs: (name: string) => `Sign in as “${name}”`,
    body: (minutes: number) => [
      `Open the link on the device you want to use: it links it to this player, with their games and notifications. It works once, within ${plural(L, minutes, { one: "# minute", other: "# minutes" })}.`,
      "The page it opens shows the player's devices and games first: link only if they are yours. An address that gets the notifications of more than one player gets one message for each.",
      "If you did not ask for it, ignore this message: nobody gets in without the link.",
    ],
    action: "Sign in",
  },
  /** A new device joined with the player's recovery code (players/recovery.ts): told to their devices and addresses. */
  recoveryUsed: {
    subject: "A new device was linked to your Burraco player",
    title: "Your recovery code was used",
    body: (device: string | null) => [
      `A new device${device ? ` (“${device}”)` : ""} was linked to your player with your recovery code: it now sees your games and plays your seats. The code is used up.`,
      "If it was you, make a new recovery code on that device and keep it safe. If it was not, remove that device in “Your devices” at once, and make a new code.",
    ],
    action: "Your devices",
  },
  /** The table's chat (docs/chat.md): what a reader is told of the players' messages. */
  chat: {
    phrases: PHRASE_TEXTS.en,
    /** A push or webhook: one message. */
    title: (who: string) => `${who} wrote at your table`,
    /** The hourly email. */
    subject: (others: string) => `Burraco: messages from your game with ${others}`,
    digestTitle: (n: number) => plural(L, n, { one: "A new message at your table", other: "# new messages at your table" }),
    line: (who: string, words: string) => `${who}: ${words}`,
    reply: "Reply at the table",
  },
  actions: { play: "Play your turn", see: "See the game" },
  footer: {
    why: "You get this message because you asked for Burraco notifications.",
    preferences: "Notification preferences",
    unsubscribe: "Stop these messages",
  },
  /** A tournament in a few public words, for link previews (docs/tournaments.md). */
  tournamentSummary: {
    registration: "Registration open",
    round: (n: number, of: number) => `Round ${n} of ${of}`,
    over: "Finished",
    line: (rank: number, name: string, vp: number) => `${rank}. ${name} ${vp} VP`,
    empty: "No result yet",
    entry: (n: number) => `Entry ${n}`,
    computer: "the computer",
    and: " & ",
  },
  /** A game in a few public words, for link previews. */
  summary: {
    and: " & ",
    versus: " vs ",
    hand: (n: number) => `Hand ${n}`,
    target: (n: string) => `to ${n}`,
    hands: (n: number) => plural(L, n, { one: "# hand", other: "# hands" }),
    turn: (who: string) => `${who}'s turn`,
    over: "Match over",
    won: (who: string) => `${who} won`,
    wonOnTime: (who: string) => `${who} won on time`,
    cancelled: "Match cancelled: a player's time ran out before everyone had played, so there is no result",
    /** The same, short enough for the picture. */
    cancelledShort: "Match cancelled: no result",
    free: (n: number) => plural(L, n, { one: "# seat free", other: "# seats free" }),
    waiting: "waiting for the deal",
    alt: (title: string) => `The table of ${title}: scores and whose turn`,
  },
};

export type Catalog = typeof en;
