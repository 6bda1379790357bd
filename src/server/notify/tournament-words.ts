import { catalog } from "../i18n/index";
import { durationWords, joinNames, type Message, seatName } from "./phrases";
import type { ByeFacts, GameNotification, Language, TournamentFacts } from "./types";

/**
 * A tournament's words (docs/tournaments.md): a round has started, with the
 * reader's table, opponents, partner and the round's deadline; a round is
 * nearly over and the reader's table is still playing; the reader's entry
 * sits a round out (a bye, or a round won by forfeit), what it scores and
 * when the next round starts. The deadline is told
 * as the time left, counted by the tournament's clock, so that it reads the
 * same in every time zone.
 */

/** The reader's opponents and partner at the table (with four players partners sit opposite). */
function company(names: readonly (string | null)[], reader: number | null, lang: Language) {
  const seats = names.map((_, s) => s);
  if (reader === null)
    return {
      opponents: joinNames(
        seats.map((s) => seatName(names, s, lang)),
        lang,
      ),
      partner: null,
    };
  // A table has two sides: seats 0 and 2 against seats 1 and 3.
  const opponents = seats.filter((s) => s % 2 !== reader % 2);
  const partner = names.length === 4 ? (reader + 2) % 4 : null;
  return {
    opponents: joinNames(
      opponents.map((s) => seatName(names, s, lang)),
      lang,
    ),
    partner: partner === null ? null : seatName(names, partner, lang),
  };
}

export function tableStartedMessage(
  n: GameNotification,
  t: TournamentFacts,
  lang: Language,
  link: string,
  now: number,
  reader: number | null,
): Message {
  const c = catalog(lang).tournament;
  const { opponents, partner } = company(n.names, reader, lang);
  return {
    subject: c.started.subject(t.name, t.round + 1),
    title: c.started.title(t.name, t.round + 1, t.table),
    paragraphs: [
      c.started.against(opponents),
      ...(partner ? [c.started.partner(partner)] : []),
      c.started.deadline(durationWords(Math.max(0, t.deadline - now), lang)),
    ],
    action: { label: c.action, url: link },
  };
}

export function roundReminderMessage(n: GameNotification, lang: Language, link: string, now: number, _reader: number | null): Message {
  if (n.type !== "roundReminder") throw new Error("not a round's reminder");
  const t = n.tournament;
  const c = catalog(lang).tournament;
  return {
    subject: c.reminder.subject(t.name, t.round + 1),
    title: c.reminder.title(t.name, t.round + 1, t.table),
    paragraphs: [c.reminder.left(durationWords(Math.max(0, t.deadline - now), lang))],
    action: { label: c.action, url: link },
  };
}

export function roundByeMessage(b: ByeFacts, lang: Language, link: string, now: number): Message {
  const c = catalog(lang).tournament;
  const left = durationWords(Math.max(0, b.deadline - now), lang);
  const forfeit = b.forfeit
    ? joinNames(
        b.forfeit.map((_, i) => seatName(b.forfeit!, i, lang)),
        lang,
      )
    : null;
  return {
    subject: c.bye.subject(b.name, b.round + 1),
    title: forfeit ? c.bye.titleForfeit(b.name, b.round + 1) : c.bye.title(b.name, b.round + 1),
    paragraphs: [
      forfeit ? c.bye.forfeit(forfeit, b.forfeit!.length, b.vp) : c.bye.scores(b.vp),
      b.round + 1 >= b.rounds ? c.bye.last(left) : c.bye.next(left),
    ],
    action: { label: c.bye.action, url: link },
  };
}
