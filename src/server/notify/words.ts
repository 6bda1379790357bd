import { gameNow } from "../clock/time";
import { type Catalog, catalog } from "../i18n/index";
import { durationWords, joinNames, type Message, seatName } from "./phrases";
import { roundByeMessage, roundReminderMessage, tableStartedMessage } from "./tournament-words";
import type { DigestGame, GameNotification, Language, PublicMove } from "./types";

/**
 * A notification's words, in the subscriber's language: the texts are in
 * the server's catalogs (src/server/i18n), this file only chooses them and
 * fills them with the notification's public facts.
 */

const SUITS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card in words: "10♥", "K♠", the joker by name. */
export function cardWords(card: string, lang: Language): string {
  if (card === "JK") return catalog(lang).joker;
  return `${card.slice(0, -1)}${SUITS[card.slice(-1)] ?? card.slice(-1)}`;
}

function cardList(cards: readonly string[], lang: Language): string {
  return cards.map((c) => cardWords(c, lang)).join(" ");
}

/** The other players of a game, for "your game with …". */
export function opponents(names: readonly (string | null)[], seat: number, lang: Language): string {
  return joinNames(
    names
      .map((_, s) => s)
      .filter((s) => s !== seat)
      .map((s) => seatName(names, s, lang)),
    lang,
  );
}

/** A turn in one sentence: "Bruno drew from the stock, melded 5♥ 6♥ 7♥ and discarded K♠." (or "The computer, playing for Bruno, …"). */
export function moveWords(move: PublicMove, names: readonly (string | null)[], lang: Language): string {
  const w = catalog(lang).move;
  const parts: string[] = [];
  if (move.drew?.from === "stock") parts.push(w.drewStock);
  if (move.drew?.from === "pile") parts.push(w.pickedUp(move.drew.count));
  for (const meld of move.melded) parts.push(w.melded(cardList(meld, lang)));
  for (const cards of move.attached) parts.push(w.attached(cardList(cards, lang)));
  if (move.tookPozzetto) parts.push(w.tookPozzetto);
  if (move.discarded) parts.push(w.discarded(cardWords(move.discarded, lang)));
  const who = seatName(names, move.seat, lang);
  const computer = move.by === "computer";
  if (parts.length === 0) return computer ? w.computerPlayed(who) : w.played(who);
  return computer ? w.computerDid(who, parts) : w.did(who, parts);
}

export function timeLeft(deadline: number | null, now: number, lang: Language): string | null {
  if (deadline === null) return null;
  const w = catalog(lang).time;
  return deadline <= now ? w.up : w.left(durationWords(deadline - now, lang));
}

function teamNames(notification: { names: readonly (string | null)[] }, seats: readonly number[], lang: Language): string {
  return joinNames(
    seats.map((s) => seatName(notification.names, s, lang)),
    lang,
  );
}

type Of<T extends GameNotification["type"]> = Extract<GameNotification, { type: T }>;

/** A seat's team, from the notification's teams. */
const teamOf = (teams: readonly (readonly number[])[], seat: number) => teams.findIndex((t) => t.includes(seat));

/**
 * The words of a game notification; `link` opens the game (a seat's own
 * page for a player); `reader` is the subscriber's own seat in the game, if
 * any (a timeout is told to the late player and to the others differently).
 */
export function gameMessage(n: GameNotification, lang: Language, link: string, now: number, reader: number | null = null): Message {
  const c = catalog(lang);
  switch (n.type) {
    case "turn": {
      const paragraphs = [n.lastMove ? moveWords(n.lastMove, n.names, lang) : c.turn.newHand];
      // The one message a late player gets when the computer played their late turn: what happened, then their turn.
      if (n.missed) paragraphs.unshift(c.timedOut.youPlayedOnce);
      const left = timeLeft(n.deadline, now, lang);
      if (left) paragraphs.push(left);
      return {
        subject: c.turn.subject(opponents(n.names, n.seat, lang)),
        title: c.turn.title(seatName(n.names, n.seat, lang)),
        paragraphs,
        action: { label: c.actions.play, url: link },
      };
    }
    case "reminder": {
      // A reminder queued before `which` existed was the 80% one.
      const which = n.which ?? "80%";
      const left = timeLeft(n.deadline, now, lang);
      return {
        subject: c.reminder.subject[which],
        title: c.reminder.title[which](seatName(n.names, n.seat, lang)),
        paragraphs: [c.reminder.which[which], ...(left ? [left] : [])],
        action: { label: c.actions.play, url: link },
      };
    }
    case "timedOut":
      return timedOutMessage(n, c, lang, link, reader);
    case "claimed": {
      const claimer = seatName(n.names, n.seat, lang);
      const late = seatName(n.names, n.late, lang);
      const title = c.claimed.title(claimer, late);
      const winners = n.winner === null ? null : n.teams[n.winner]!;
      return {
        subject: c.gameOver.subject(title),
        title,
        paragraphs: [
          ...(winners ? [c.claimed.won(teamNames(n, winners, lang), winners.length)] : []),
          ...n.teams.map((seats, team) => c.gameOver.line(teamNames(n, seats, lang), n.totals[team]!)),
        ],
        action: { label: c.actions.see, url: link },
      };
    }
    case "handEnded":
      return {
        subject: c.handEnded.subject(n.hand + 1),
        title: c.handEnded.title(n.hand + 1),
        paragraphs: n.teams.map((seats, team) => c.handEnded.line(teamNames(n, seats, lang), n.scores[team]!.hand, n.scores[team]!.total)),
        action: { label: c.actions.see, url: link },
      };
    case "gameOver":
      return gameOverMessage(n, c, lang, link);
    case "started": {
      if (n.tournament) return tableStartedMessage(n, n.tournament, lang, link, now, reader);
      const others = reader === null ? n.names.map((_, s) => seatName(n.names, s, lang)).join(", ") : opponents(n.names, reader, lang);
      const first =
        n.first === null ? null : n.first === reader ? c.started.yourTurn : c.started.firstPlays(seatName(n.names, n.first, lang));
      return {
        subject: c.started.title(others),
        title: c.started.title(others),
        paragraphs: [c.started.body, ...(first ? [first] : [])],
        action: { label: n.first !== null && n.first === reader ? c.actions.play : c.actions.see, url: link },
      };
    }
    case "roundReminder":
      return roundReminderMessage(n, lang, link, now, reader);
    case "roundBye":
      return roundByeMessage(n.bye, lang, link, now);
    case "message":
      return chatMessage(n, c, lang, link);
    case "seatReissued": {
      const name = seatName(n.names, n.seat, lang);
      if (reader !== n.seat) {
        const title = c.seatReissued.titleOther(name);
        return { subject: title, title, paragraphs: [c.seatReissued.other(name)], action: { label: c.actions.see, url: link } };
      }
      return {
        subject: c.seatReissued.subject(opponents(n.names, n.seat, lang)),
        title: c.seatReissued.titleYou(name),
        paragraphs: [c.seatReissued.you, c.seatReissued.ask],
        action: { label: c.actions.see, url: link },
      };
    }
    case "invited":
      return {
        subject: c.invited.title(n.by),
        title: c.invited.title(n.by),
        paragraphs: [c.invited.body],
        action: { label: c.invited.join, url: n.link },
      };
  }
}

/** Words at the table: a quick phrase in the reader's language, free text as its writer wrote it (the server never reads it for cards). */
function chatMessage(n: Of<"message">, c: Catalog, lang: Language, link: string): Message {
  const lines = n.messages.map((m) => c.chat.line(seatName(n.names, m.seat, lang), m.phrase ? c.chat.phrases[m.phrase] : (m.text ?? "")));
  const action = { label: c.chat.reply, url: link };
  if (n.digest) {
    return {
      subject: c.chat.subject(opponents(n.names, n.seat, lang)),
      title: c.chat.digestTitle(lines.length),
      paragraphs: lines,
      action,
    };
  }
  const last = n.messages[n.messages.length - 1]!;
  const title = c.chat.title(seatName(n.names, last.seat, lang));
  return { subject: title, title, paragraphs: lines, action };
}

/** The late player hears that their time ran out and what happens now; the others, what they may do. */
function timedOutMessage(n: Of<"timedOut">, c: Catalog, lang: Language, link: string, reader: number | null): Message {
  const late = seatName(n.names, n.seat, lang);
  const w = c.timedOut;
  if (reader === n.seat) {
    return {
      subject: w.subjectYou,
      title: w.titleYou(late),
      paragraphs: [n.action === "computer" ? w.youComputer : n.action === "adjourn" ? w.youAdjourned : w.youClaim],
      action: { label: n.action === "computer" ? w.takeBack : c.actions.play, url: link },
    };
  }
  const opponent = reader !== null && teamOf(n.teams, reader) !== teamOf(n.teams, n.seat);
  const text =
    n.action === "adjourn"
      ? w.otherAdjourned(late)
      : n.action === "computer"
        ? n.once
          ? w.otherComputerOnce(late)
          : w.otherComputer(late)
        : opponent
          ? w.opponentClaim(late)
          : w.othersClaim(late);
  return {
    subject: w.subject(late),
    title: w.titleOther(late),
    paragraphs: [text],
    action: { label: n.action === "claim" && opponent ? w.claim : c.actions.see, url: link },
  };
}

/** The match's end: who won (on time, said so), a tie, or a cancelled match — never a cancelled one as a tie. */
function gameOverMessage(n: Of<"gameOver">, c: Catalog, lang: Language, link: string): Message {
  const w = c.gameOver;
  const action = { label: c.actions.see, url: link };
  if (n.ending?.reason === "aborted") {
    return {
      subject: w.subject(w.cancelled),
      title: w.cancelled,
      paragraphs: [w.cancelledWhy(seatName(n.names, n.ending.late, lang))],
      action,
    };
  }
  const winners = n.winner === null ? null : n.teams[n.winner]!;
  const title =
    winners === null ? w.tie : (n.ending?.reason === "timeout" ? w.wonOnTime : w.won)(teamNames(n, winners, lang), winners.length);
  const why =
    n.ending?.reason === "timeout"
      ? [w.onTimeWhy(seatName(n.names, n.ending.late, lang), seatName(n.names, n.ending.claimedBy, lang))]
      : [];
  const lines = n.teams.map((seats, team) => w.line(teamNames(n, seats, lang), n.totals[team]!));
  return { subject: w.subject(title), title, paragraphs: [...why, ...lines], action };
}

/** The daily digest: every game awaiting the player, soonest deadline first. */
export function digestMessage(games: readonly DigestGame[], lang: Language, gameLink: (g: DigestGame) => string, now: number): Message {
  const c = catalog(lang);
  const lines = games.map((g) => {
    // Each game's time by its own clock.
    const at = gameNow(g.clockOffset ?? 0, now);
    const left = g.deadline === null ? null : timeLeft(g.deadline, at, lang);
    return {
      text: c.digest.line(opponents(g.names, g.seat, lang), left ?? c.time.waiting(durationWords(at - g.since, lang))),
      url: gameLink(g),
    };
  });
  const title = c.digest.title(games.length);
  return { subject: `Burraco: ${title}`, title, paragraphs: lines, action: null };
}

export function confirmMessage(link: string, lang: Language): Message {
  const w = catalog(lang).confirm;
  return { subject: w.subject, title: w.title, paragraphs: w.body, action: { label: w.action, url: link } };
}

export function testMessage(lang: Language, link: string): Message {
  const w = catalog(lang).test;
  return { subject: w.title, title: w.title, paragraphs: [w.body], action: { label: w.action, url: link } };
}

/** The footer every email carries. */
export function footerWords(lang: Language): { why: string; preferences: string; unsubscribe: string } {
  return catalog(lang).footer;
}
