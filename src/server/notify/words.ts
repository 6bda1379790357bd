import type { DigestGame, GameNotification, Language, PublicMove } from "./types";

/** Every text a notification shows, in English and Italian. */

const SUITS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card in words: "10♥", "K♠", the joker by name. */
export function cardWords(card: string, lang: Language): string {
  if (card === "JK") return lang === "it" ? "Jolly" : "Joker";
  return `${card.slice(0, -1)}${SUITS[card.slice(-1)] ?? card.slice(-1)}`;
}

function cardList(cards: readonly string[], lang: Language): string {
  return cards.map((c) => cardWords(c, lang)).join(" ");
}

export function seatName(names: readonly (string | null)[], seat: number, lang: Language): string {
  return names[seat] ?? (lang === "it" ? `Giocatore ${seat + 1}` : `Player ${seat + 1}`);
}

/** Names joined as people say them: "Anna, Bruno and Carla". */
export function joinNames(names: readonly string[], lang: Language): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${lang === "it" ? "e" : "and"} ${names[names.length - 1]}`;
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

/** A turn in one sentence: "Bruno drew from the stock, melded 5♥ 6♥ 7♥ and discarded K♠." */
export function moveWords(move: PublicMove, names: readonly (string | null)[], lang: Language): string {
  const it = lang === "it";
  const parts: string[] = [];
  if (move.drew?.from === "stock") parts.push(it ? "ha pescato dal mazzo" : "drew from the stock");
  if (move.drew?.from === "pile") {
    const n = move.drew.count;
    parts.push(
      it ? `ha raccolto gli scarti (${n} ${n === 1 ? "carta" : "carte"})` : `picked up the discard pile (${n} card${n === 1 ? "" : "s"})`,
    );
  }
  for (const meld of move.melded) parts.push(it ? `ha calato ${cardList(meld, lang)}` : `melded ${cardList(meld, lang)}`);
  for (const cards of move.attached) parts.push(it ? `ha attaccato ${cardList(cards, lang)}` : `added ${cardList(cards, lang)} to a meld`);
  if (move.tookPozzetto) parts.push(it ? "ha preso il pozzetto" : "took a pozzetto");
  if (move.discarded) parts.push(it ? `ha scartato ${cardWords(move.discarded, lang)}` : `discarded ${cardWords(move.discarded, lang)}`);
  const who = seatName(names, move.seat, lang);
  if (parts.length === 0) return it ? `${who} ha giocato.` : `${who} played.`;
  return `${who} ${joinNames(parts, lang)}.`;
}

/** A duration in days, hours and minutes, the two largest parts: "1 day 4 hours", "35 minuti". */
export function durationWords(ms: number, lang: Language): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const units: [number, string, string, string, string][] = [
    [Math.floor(minutes / 1440), "day", "days", "giorno", "giorni"],
    [Math.floor(minutes / 60) % 24, "hour", "hours", "ora", "ore"],
    [minutes % 60, "minute", "minutes", "minuto", "minuti"],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first < 0) return lang === "it" ? "meno di un minuto" : "less than a minute";
  const shown = units.slice(first, first + 2).filter(([n]) => n > 0);
  const words = shown.map(([n, one, many, uno, tanti]) => `${n} ${lang === "it" ? (n === 1 ? uno : tanti) : n === 1 ? one : many}`);
  return words.join(lang === "it" ? " e " : " ");
}

export function timeLeft(deadline: number | null, now: number, lang: Language): string | null {
  if (deadline === null) return null;
  if (deadline <= now) return lang === "it" ? "Il tempo è scaduto." : "The time is up.";
  return lang === "it" ? `Tempo rimasto: ${durationWords(deadline - now, lang)}.` : `Time left: ${durationWords(deadline - now, lang)}.`;
}

function teamNames(notification: { names: readonly (string | null)[] }, seats: readonly number[], lang: Language): string {
  return joinNames(
    seats.map((s) => seatName(notification.names, s, lang)),
    lang,
  );
}

/** A message in neutral form, rendered by each channel. */
export interface Message {
  readonly subject: string;
  /** One line: a chat message or a push title. */
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly action: { readonly label: string; readonly url: string } | null;
}

/** The words of a game notification; `link` opens the game (a seat's own page for a player). */
export function gameMessage(n: GameNotification, lang: Language, link: string, now: number): Message {
  const it = lang === "it";
  switch (n.type) {
    case "turn": {
      const name = seatName(n.names, n.seat, lang);
      const others = opponents(n.names, n.seat, lang);
      const paragraphs = [n.lastMove ? moveWords(n.lastMove, n.names, lang) : it ? "Inizia una nuova mano." : "A new hand begins."];
      const left = timeLeft(n.deadline, now, lang);
      if (left) paragraphs.push(left);
      return {
        subject: it ? `Tocca a te a Burraco — partita con ${others}` : `Your turn in Burraco — game with ${others}`,
        title: it ? `${name}, tocca a te a Burraco` : `${name}, it's your turn in Burraco`,
        paragraphs,
        action: { label: it ? "Gioca il tuo turno" : "Play your turn", url: link },
      };
    }
    case "reminder": {
      const name = seatName(n.names, n.seat, lang);
      const left = timeLeft(n.deadline, now, lang);
      return {
        subject: it ? `Promemoria: la tua mossa a Burraco` : `Reminder: your move in Burraco`,
        title: it ? `${name}, la partita a Burraco aspetta la tua mossa` : `${name}, your Burraco game is waiting for your move`,
        paragraphs: left ? [left] : [],
        action: { label: it ? "Gioca il tuo turno" : "Play your turn", url: link },
      };
    }
    case "handEnded": {
      const lines = n.teams.map((seats, team) => {
        const s = n.scores[team]!;
        return it
          ? `${teamNames(n, seats, lang)}: ${s.hand} punti in questa mano, ${s.total} in totale.`
          : `${teamNames(n, seats, lang)}: ${s.hand} points this hand, ${s.total} in all.`;
      });
      return {
        subject: it ? `Burraco: la mano ${n.hand + 1} è finita` : `Burraco: hand ${n.hand + 1} is over`,
        title: it ? `La mano ${n.hand + 1} è finita` : `Hand ${n.hand + 1} is over`,
        paragraphs: lines,
        action: { label: it ? "Vedi la partita" : "See the game", url: link },
      };
    }
    case "gameOver": {
      const winners = n.winner === null ? null : teamNames(n, n.teams[n.winner]!, lang);
      const title =
        winners === null
          ? it
            ? "La partita è finita in parità"
            : "The match ended in a tie"
          : it
            ? `La partita è finita: ${n.teams[n.winner!]!.length > 1 ? "vincono" : "vince"} ${winners}`
            : `The match is over: ${winners} won`;
      const lines = n.teams.map((seats, team) => `${teamNames(n, seats, lang)}: ${n.totals[team]}`);
      return {
        subject: `Burraco: ${title}`,
        title,
        paragraphs: lines,
        action: { label: it ? "Vedi la partita" : "See the game", url: link },
      };
    }
    case "invited": {
      const by = n.by ?? (it ? "Qualcuno" : "Someone");
      return {
        subject: it ? `${by} ti invita a una partita a Burraco` : `${by} invites you to a game of Burraco`,
        title: it ? `${by} ti invita a una partita a Burraco` : `${by} invites you to a game of Burraco`,
        paragraphs: [it ? "Apri il link, scegli un nome e prendi un posto libero." : "Open the link, choose a name and take a free seat."],
        action: { label: it ? "Entra nella partita" : "Join the game", url: n.link },
      };
    }
  }
}

/** The daily digest: every game awaiting the player, soonest deadline first. */
export function digestMessage(games: readonly DigestGame[], lang: Language, gameLink: (g: DigestGame) => string, now: number): Message {
  const it = lang === "it";
  const count = games.length;
  const lines = games.map((g) => {
    const others = opponents(g.names, g.seat, lang);
    const left = g.deadline === null ? null : timeLeft(g.deadline, now, lang);
    const waiting = it ? `in attesa da ${durationWords(now - g.since, lang)}` : `waiting for ${durationWords(now - g.since, lang)}`;
    return `${it ? "Partita con" : "Game with"} ${others} — ${left ?? waiting} ${gameLink(g)}`;
  });
  const title = it
    ? `${count} ${count === 1 ? "partita aspetta" : "partite aspettano"} la tua mossa`
    : `${count} game${count === 1 ? "" : "s"} await${count === 1 ? "s" : ""} your move`;
  return { subject: `Burraco: ${title}`, title, paragraphs: lines, action: null };
}

export function confirmMessage(link: string, lang: Language): Message {
  const it = lang === "it";
  return {
    subject: it ? "Conferma il tuo indirizzo per le notifiche di Burraco" : "Confirm your address for Burraco notifications",
    title: it ? "Conferma il tuo indirizzo" : "Confirm your address",
    paragraphs: [
      it
        ? "Qualcuno (speriamo tu) ha chiesto di ricevere a questo indirizzo le notifiche delle partite a Burraco. Non ti scriveremo finché non confermi."
        : "Someone (we hope you) asked for Burraco game notifications at this address. Nothing will be sent until you confirm.",
      it ? "Se non sei stato tu, ignora questo messaggio." : "If it was not you, ignore this message.",
    ],
    action: { label: it ? "Conferma" : "Confirm", url: link },
  };
}

export function testMessage(lang: Language, link: string): Message {
  const it = lang === "it";
  return {
    subject: it ? "Notifica di prova da Burraco" : "Test notification from Burraco",
    title: it ? "Notifica di prova da Burraco" : "Test notification from Burraco",
    paragraphs: [it ? "Le notifiche arrivano qui." : "Notifications arrive here."],
    action: { label: it ? "Le tue notifiche" : "Your notifications", url: link },
  };
}

/** The footer every email carries. */
export function footerWords(lang: Language): { why: string; preferences: string; unsubscribe: string } {
  return lang === "it"
    ? {
        why: "Ricevi questo messaggio perché hai chiesto le notifiche di Burraco.",
        preferences: "Preferenze delle notifiche",
        unsubscribe: "Non ricevere più questi messaggi",
      }
    : {
        why: "You get this message because you asked for Burraco notifications.",
        preferences: "Notification preferences",
        unsubscribe: "Stop these messages",
      };
}
