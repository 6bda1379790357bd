import { describe, expect, it } from "vitest";
import { CATALOGS } from "../../../src/server/i18n/index";
import { durationWords } from "../../../src/server/notify/phrases";
import type { GameNotification } from "../../../src/server/notify/types";
import { gameMessage, moveWords } from "../../../src/server/notify/words";
import { LANGUAGES } from "../../../src/shared/language";

const names = ["Anna", "Bruno", "Carla", "Dario"];
const base = { gameId: "g1", seq: 40, at: 0, names, players: [null, null, null, null] };
const teams = [
  [0, 2],
  [1, 3],
];

describe("words", () => {
  it.each([
    [59_000, "1 minute", "1 minuto"],
    [20_000, "less than a minute", "meno di un minuto"],
    [3 * 3600_000 + 5 * 60_000, "3 hours, 5 minutes", "3 ore e 5 minuti"],
    [26 * 3600_000, "1 day, 2 hours", "1 giorno e 2 ore"],
    [2 * 86_400_000 + 30_000, "2 days", "2 giorni"],
  ])("tells %i ms as %s / %s", (ms, en, it) => {
    expect(durationWords(ms, "en")).toBe(en);
    expect(durationWords(ms, "it")).toBe(it);
  });

  it("tells a turn with a pile pickup, a meld added to and a pozzetto taken", () => {
    const move = {
      seat: 3,
      drew: { from: "pile" as const, count: 1 },
      melded: [],
      attached: [["JK"], ["9C", "10C"]],
      tookPozzetto: true,
      discarded: null,
    };
    expect(moveWords(move, names, "en")).toBe(
      "Dario picked up the discard pile (1 card), added Joker to a meld, added 9♣ 10♣ to a meld and took a pozzetto.",
    );
    expect(moveWords(move, names, "it")).toBe(
      "Dario ha raccolto gli scarti (1 carta), ha attaccato Jolly, ha attaccato 9♣ 10♣ e ha preso il pozzetto.",
    );
    expect(moveWords({ ...move, drew: null, attached: [], tookPozzetto: false }, [null, null, null, null], "it")).toBe(
      "Giocatore 4 ha giocato.",
    );
  });

  it("writes hand and match results in both languages", () => {
    const hand: GameNotification = {
      ...base,
      type: "handEnded",
      hand: 1,
      teams,
      scores: [
        { hand: 450, total: 1230 },
        { hand: -15, total: 800 },
      ],
    };
    expect(gameMessage(hand, "en", "L", 0)).toMatchObject({
      subject: "Burraco: hand 2 is over",
      paragraphs: ["Anna and Carla: 450 points this hand, 1230 in all.", "Bruno and Dario: -15 points this hand, 800 in all."],
      action: { url: "L" },
    });
    expect(gameMessage(hand, "it", "L", 0).paragraphs[0]).toBe("Anna e Carla: 450 punti in questa smazzata, 1230 in totale.");
    const over: GameNotification = { ...base, type: "gameOver", teams, winner: 1, totals: [1800, 2030] };
    expect(gameMessage(over, "en", "L", 0).title).toBe("The match is over: Bruno and Dario won");
    expect(gameMessage(over, "it", "L", 0).title).toBe("La partita è finita: vincono Bruno e Dario");
    expect(gameMessage({ ...over, winner: null }, "it", "L", 0).title).toBe("La partita è finita in parità");
  });

  it("writes reminders and invitations in both languages", () => {
    const reminder: GameNotification = { ...base, type: "reminder", seat: 2, which: "80%", deadline: 7_200_000 };
    expect(gameMessage(reminder, "en", "L", 0)).toMatchObject({
      subject: "Reminder: your move in Burraco",
      title: "Carla, your Burraco game is waiting for your move",
      paragraphs: ["80% of your time for this move has passed.", "Time left: 2 hours."],
    });
    expect(gameMessage(reminder, "it", "L", 7_200_000).paragraphs).toEqual([
      "È già passato l'80% del tempo per questa mossa.",
      "Il tempo è scaduto.",
    ]);
    // The last hour's reminder says so.
    const lastHour = gameMessage({ ...reminder, which: "1h", deadline: 3_600_000 }, "en", "L", 0);
    expect(lastHour).toMatchObject({
      subject: "One hour left for your move in Burraco",
      title: "Carla, one hour left for your move in Burraco",
      paragraphs: ["Only an hour is left before your time runs out.", "Time left: 1 hour."],
    });
    expect(gameMessage({ ...reminder, which: "1h" }, "it", "L", 0).title).toBe("Carla, ti resta un'ora per la tua mossa a Burraco");
    const invited: GameNotification = { ...base, type: "invited", by: "Bruno", link: "https://burraco.test/game/g1#invite=x" };
    expect(gameMessage(invited, "it", "L", 0)).toMatchObject({
      title: "Bruno ti invita a una partita a Burraco",
      action: { label: "Entra nella partita", url: "https://burraco.test/game/g1#invite=x" },
    });
  });

  it("tells a tournament's round sat out, a bye or a forfeit won, in both languages", () => {
    const bye = { id: "t1", name: "Coppa Dispari", round: 0, rounds: 3, deadline: 2 * 86_400_000, vp: 12 };
    const sat: GameNotification = { ...base, type: "roundBye", gameId: "t1", seq: 0, names: ["Anna"], players: [null], bye };
    expect(gameMessage(sat, "en", "L", 0)).toMatchObject({
      subject: "Coppa Dispari: you sit out round 1",
      title: "Coppa Dispari, round 1: you sit this round out",
      paragraphs: [
        "With an odd number of entries one sits out each round: this time it is you, and the round scores you 12 victory points.",
        "The next round starts as soon as every table of this one has finished, at the latest in 2 days.",
      ],
      action: { label: "See the tournament", url: "L" },
    });
    expect(gameMessage(sat, "it", "L", 0)).toMatchObject({
      subject: "Coppa Dispari: riposi al turno 1",
      title: "Coppa Dispari, turno 1: in questo turno riposi",
      paragraphs: [
        "Con un numero dispari di iscrizioni a ogni turno qualcuno riposa: questa volta tocca a te, e il turno ti vale 12 punti vittoria.",
        "Il prossimo turno comincia appena tutti i tavoli di questo hanno finito, al più tardi tra 2 giorni.",
      ],
      action: { label: "Vedi il torneo", url: "L" },
    });
    const won: GameNotification = { ...sat, bye: { ...bye, round: 2, vp: 12, forfeit: ["Bruno", "Dario"] } };
    expect(gameMessage(won, "en", "L", 0)).toMatchObject({
      title: "Coppa Dispari, round 3: you win by forfeit",
      paragraphs: [
        "Bruno and Dario have left the tournament: the round is yours by forfeit, 12 victory points, with no table to play.",
        "It is the last round: the final standings come as soon as every table has finished, at the latest in 2 days.",
      ],
    });
    expect(gameMessage(won, "it", "L", 0)).toMatchObject({
      title: "Coppa Dispari, turno 3: vinci a tavolino",
      paragraphs: [
        "Bruno e Dario hanno lasciato il torneo: il turno è tuo a tavolino, 12 punti vittoria, senza tavolo da giocare.",
        "È l'ultimo turno: la classifica finale arriva appena tutti i tavoli hanno finito, al più tardi tra 2 giorni.",
      ],
    });
  });

  it("has one catalog per language, with the same texts, none of them left in English in the Italian one", () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...LANGUAGES].sort());
    const shape = (value: unknown): unknown =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;
    expect(shape(CATALOGS.it)).toEqual(shape(CATALOGS.en));
    // A text with arguments, filled as it takes them: a name and a number, a list of names, or a name and a list.
    const fill = (f: (...args: unknown[]) => unknown): string => {
      for (const args of [["Anna", 2, "Bruno"], [["Anna", "Bruno"]], ["Anna", ["Bruno", "Carla"]]]) {
        try {
          return String(f(...args));
        } catch {
          // Not these arguments.
        }
      }
      throw new Error(`cannot fill ${f}`);
    };
    // Every text, filled with the same arguments, reads differently in each language (names, numbers and the game's name aside).
    const texts = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "function"
          ? [fill(value as (...args: unknown[]) => unknown)]
          : typeof value === "object" && value !== null
            ? Object.values(value).flatMap(texts)
            : [];
    const en = texts(CATALOGS.en);
    const it = texts(CATALOGS.it);
    const same = en.filter((text, i) => text === it[i] && /[a-z]{3}/.test(text.replace(/Anna|Bruno|Carla|Burraco/g, "")));
    expect(same).toEqual([]);
  });
});
