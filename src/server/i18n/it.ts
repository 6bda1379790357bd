import { PHRASE_TEXTS } from "../../shared/chat";
import { prep } from "../../shared/italian";
import type { Catalog } from "./en";
import { duration, list, plural } from "./intl";

/** Il catalogo italiano del server: le stesse chiavi di en.ts, scritte come parlano i giocatori. */

const L = "it";

/** "vince Anna", "vincono Anna e Carla". */
const wins = (count: number) => (count > 1 ? "vincono" : "vince");

export const it: Catalog = {
  locale: L,
  ogLocale: "it_IT",
  list: (items) => list(L, items),
  number: (n) => n.toLocaleString(L),
  player: (n) => `Giocatore ${n}`,
  joker: "Jolly",
  typedLink: "[un link]",
  time: {
    duration: (ms) => duration(L, ms) ?? "meno di un minuto",
    left: (span) => `Tempo rimasto: ${span}.`,
    up: "Il tempo è scaduto.",
    waiting: (span) => `in attesa da ${span}`,
  },
  move: {
    drewStock: "ha pescato dal tallone",
    pickedUp: (n) => `ha raccolto gli scarti (${plural(L, n, { one: "# carta", other: "# carte" })})`,
    melded: (cards) => `ha calato ${cards}`,
    attached: (cards) => `ha attaccato ${cards}`,
    tookPozzetto: "ha preso il pozzetto",
    discarded: (card) => `ha scartato ${card}`,
    played: (who) => `${who} ha giocato.`,
    did: (who, parts) => `${who} ${list(L, parts)}.`,
    computerDid: (who, parts) => `Il computer, al posto ${prep("di", who)}, ${list(L, parts)}.`,
    computerPlayed: (who) => `Il computer ha giocato al posto ${prep("di", who)}.`,
  },
  turn: {
    subject: (others) => `Tocca a te a Burraco — partita con ${others}`,
    title: (name) => `${name}, tocca a te a Burraco`,
    newHand: "Inizia una nuova smazzata.",
  },
  reminder: {
    subject: { "80%": "Promemoria: la tua mossa a Burraco", "1h": "Burraco: ti resta un'ora per la tua mossa" },
    title: {
      "80%": (name) => `${name}, la partita a Burraco aspetta la tua mossa`,
      "1h": (name) => `${name}, ti resta un'ora per la tua mossa a Burraco`,
    },
    which: {
      "80%": "È già passato l'80% del tempo per questa mossa.",
      "1h": "Manca solo un'ora allo scadere del tempo.",
    },
  },
  timedOut: {
    subject: (late) => `Burraco: il tempo ${prep("di", late)} è scaduto`,
    subjectYou: "Burraco: il tuo tempo è scaduto",
    titleYou: (name) => `${name}, il tuo tempo a Burraco è scaduto`,
    titleOther: (late) => `A Burraco è scaduto il tempo ${prep("di", late)}`,
    youComputer: "Il tuo tempo è scaduto: ora il computer gioca al posto tuo — gioca tu per riprenderti il posto.",
    youClaim:
      "Il tuo tempo è scaduto: ora i tuoi avversari possono reclamare la partita. Finché nessuno lo fa, puoi ancora fare la tua mossa.",
    otherComputer: (late) => `Il tempo ${prep("di", late)} è scaduto: il computer gioca al suo posto finché non torna a giocare.`,
    opponentClaim: (late) => `Il tempo ${prep("di", late)} è scaduto: ora puoi reclamare la partita, oppure aspettare la sua mossa.`,
    othersClaim: (late) => `Il tempo ${prep("di", late)} è scaduto: ora i suoi avversari possono reclamare la partita.`,
    youPlayedOnce:
      "Il tuo tempo era scaduto, così il computer ha giocato il tuo ultimo turno al posto tuo. Questo turno è di nuovo tuo, con una nuova scadenza.",
    youAdjourned:
      "Il tuo tempo è scaduto e al tavolo non c'è nessun altro che possa reclamare la partita o aspettarti: la partita è sospesa. Aspetta la tua mossa, e il tuo tempo riparte quando giochi.",
    otherComputerOnce: (late) => `Il tempo ${prep("di", late)} è scaduto: il computer ha giocato il suo turno, e il prossimo torna a lui.`,
    otherAdjourned: (late) => `Il tempo ${prep("di", late)} è scaduto: la partita è sospesa finché non gioca.`,
    takeBack: "Riprenditi il posto",
    claim: "Reclama la partita",
  },
  claimed: {
    title: (claimer, late) => `${claimer} ha reclamato la partita: il tempo ${prep("di", late)} era scaduto`,
    won: (winners, count) => `${count > 1 ? "Vincono" : "Vince"} ${winners} per tempo.`,
  },
  handEnded: {
    subject: (n) => `Burraco: la smazzata ${n} è finita`,
    title: (n) => `La smazzata ${n} è finita`,
    line: (team, hand, total) =>
      `${team}: ${plural(L, hand, { one: "# punto", other: "# punti" })} in questa smazzata, ${total} in totale.`,
  },
  gameOver: {
    subject: (title) => `Burraco: ${title}`,
    won: (winners, count) => `La partita è finita: ${wins(count)} ${winners}`,
    wonOnTime: (winners, count) => `La partita è finita: ${wins(count)} ${winners} per tempo`,
    tie: "La partita è finita in parità",
    cancelled: "La partita è stata annullata",
    cancelledWhy: (late) =>
      `Il tempo ${prep("di", late)} è scaduto prima che tutti avessero fatto la prima mossa: la partita finisce senza risultato, nessuno vince e nessuno perde.`,
    onTimeWhy: (late, claimer) => `Il tempo ${prep("di", late)} è scaduto e ${claimer} ha reclamato la partita.`,
    line: (team, total) => `${team}: ${total}`,
  },
  started: {
    title: (others) => `La tua partita a Burraco con ${others} è cominciata`,
    body: "Tutti i posti sono presi e il tempo corre.",
    yourTurn: "Giochi per primo: tocca a te.",
    firstPlays: (name) => `Gioca per primo ${name}; ti avvisiamo quando tocca a te.`,
  },
  seatReissued: {
    subject: (others) => `Burraco: il tuo posto nella partita con ${others} ha un nuovo link`,
    titleYou: (name) => `${name}, il tuo posto a Burraco ha ricevuto un nuovo link`,
    titleOther: (name) => `Il posto di ${name} a Burraco ha ricevuto un nuovo link`,
    you: "Hai saltato un tuo turno e sei rimasto assente, così chi ha creato la partita ha dato al tuo posto un nuovo link: quello che avevi non lo apre più.",
    ask: "Se vuoi continuare a giocare, chiedi il nuovo link a chi ha creato la partita.",
    other: (name) => `${name} ha saltato un turno ed è rimasto assente: chi ha creato la partita ha dato al suo posto un nuovo link.`,
  },
  tournament: {
    started: {
      subject: (name: string, round: number) => `${name}: è iniziato il turno ${round}`,
      title: (name: string, round: number, table: number) => `${name}, turno ${round}: giochi al tavolo ${table}`,
      against: (others: string) => `Contro ${others}.`,
      partner: (name: string) => `In coppia con ${name}.`,
      deadline: (span: string) =>
        `Tutti i tavoli del turno devono finire entro ${span}: un tavolo ancora in gioco a quel punto viene chiuso secondo l'orologio.`,
    },
    reminder: {
      subject: (name: string, round: number) => `${name}: il turno ${round} sta per finire`,
      title: (name: string, round: number, table: number) => `${name}, turno ${round}: al tavolo ${table} si sta ancora giocando`,
      left: (span: string) => `Il turno finisce tra ${span}: un tavolo ancora in gioco a quel punto viene chiuso secondo l'orologio.`,
    },
    action: "Vai al tuo tavolo",
    bye: {
      subject: (name: string, round: number) => `${name}: riposi al turno ${round}`,
      title: (name: string, round: number) => `${name}, turno ${round}: in questo turno riposi`,
      titleForfeit: (name: string, round: number) => `${name}, turno ${round}: vinci a tavolino`,
      scores: (vp: number) =>
        `Con un numero dispari di iscrizioni a ogni turno qualcuno riposa: questa volta tocca a te, e il turno ti vale ${vp} punti vittoria.`,
      forfeit: (names: string, count: number, vp: number) =>
        `${names} ${count === 1 ? "ha" : "hanno"} lasciato il torneo: il turno è tuo a tavolino, ${vp} punti vittoria, senza tavolo da giocare.`,
      next: (span: string) => `Il prossimo turno comincia appena tutti i tavoli di questo hanno finito, al più tardi tra ${span}.`,
      last: (span: string) => `È l'ultimo turno: la classifica finale arriva appena tutti i tavoli hanno finito, al più tardi tra ${span}.`,
      action: "Vedi il torneo",
    },
  },
  invited: {
    title: (by) => `${by ?? "Qualcuno"} ti invita a una partita a Burraco`,
    body: "Apri il link, scegli un nome e prendi un posto libero.",
    join: "Entra nella partita",
  },
  digest: {
    title: (count) => plural(L, count, { one: "# partita aspetta la tua mossa", other: "# partite aspettano la tua mossa" }),
    line: (others, state) => `Partita con ${others} — ${state}`,
  },
  confirm: {
    subject: "Conferma il tuo indirizzo per le notifiche di Burraco",
    title: "Conferma il tuo indirizzo",
    body: [
      "È stato chiesto di ricevere a questo indirizzo le notifiche delle partite a Burraco. Finché non confermi non ti scriveremo altro.",
      "Se non sei stato tu, ignora questo messaggio.",
    ],
    action: "Conferma",
  },
  test: {
    title: "Notifica di prova da Burraco",
    body: "Le notifiche arrivano qui.",
    action: "Le tue notifiche",
  },
  signIn: {
    subject: "Il tuo link di accesso a Burraco",
    title: "Entra da questo dispositivo",
    titleAs: (name: string) => `Entra come «${name}»`,
    body: (minutes) => [
      `Apri il link sul dispositivo che vuoi usare: lo collegherà a questo giocatore, con le sue partite e le sue notifiche. Vale ${plural(L, minutes, { one: "# minuto", other: "# minuti" })} e una volta sola.`,
      "La pagina che apre mostra prima i dispositivi e le partite del giocatore: collega solo se sono tuoi. Un indirizzo che riceve le notifiche di più giocatori riceve un messaggio per ciascuno.",
      "Se non l'hai chiesto tu, ignora questo messaggio: senza il link nessuno entra.",
    ],
    action: "Entra",
  },
  recoveryUsed: {
    subject: "Un nuovo dispositivo è collegato al tuo giocatore di Burraco",
    title: "È stato usato il tuo codice di recupero",
    body: (device) => [
      `Un nuovo dispositivo${device ? ` («${device}»)` : ""} è stato collegato al tuo giocatore con il tuo codice di recupero: ora vede le tue partite e gioca ai tuoi posti. Il codice non vale più.`,
      "Se sei stato tu, crea un nuovo codice di recupero da quel dispositivo e conservalo con cura. Se non sei stato tu, rimuovi subito quel dispositivo in «I tuoi dispositivi» e crea un nuovo codice.",
    ],
    action: "I tuoi dispositivi",
  },
  chat: {
    phrases: PHRASE_TEXTS.it,
    title: (who: string) => `${who} ti ha scritto al tavolo`,
    subject: (others: string) => `Burraco: messaggi dalla partita con ${others}`,
    digestTitle: (n: number) => plural(L, n, { one: "Un nuovo messaggio al tuo tavolo", other: "# nuovi messaggi al tuo tavolo" }),
    line: (who: string, words: string) => `${who}: ${words}`,
    reply: "Rispondi al tavolo",
  },
  actions: { play: "Gioca il tuo turno", see: "Vedi la partita" },
  footer: {
    why: "Ricevi questo messaggio perché hai chiesto le notifiche di Burraco.",
    preferences: "Preferenze delle notifiche",
    unsubscribe: "Non ricevere più questi messaggi",
  },
  tournamentSummary: {
    registration: "Iscrizioni aperte",
    round: (n: number, of: number) => `Turno ${n} di ${of}`,
    over: "Concluso",
    line: (rank: number, name: string, vp: number) => `${rank}. ${name} ${vp} PV`,
    empty: "Ancora nessun risultato",
    entry: (n: number) => `Iscritto ${n}`,
    computer: "il computer",
    and: " e ",
  },
  summary: {
    and: " e ",
    versus: " contro ",
    hand: (n) => `Smazzata ${n}`,
    target: (n) => `a ${n}`,
    hands: (n) => plural(L, n, { one: "# smazzata", other: "# smazzate" }),
    turn: (who) => `tocca ${prep("a", who)}`,
    over: "Partita finita",
    won: (who) => `ha vinto ${who}`,
    wonOnTime: (who) => `ha vinto ${who} per tempo`,
    cancelled: "Partita annullata: il tempo di un giocatore è scaduto prima che tutti avessero giocato, quindi non c'è risultato",
    cancelledShort: "Partita annullata: nessun risultato",
    free: (n) => plural(L, n, { one: "# posto libero", other: "# posti liberi" }),
    waiting: "in attesa della smazzata",
    alt: (title) => `Il tavolo di ${title}: punteggi e turno`,
  },
};
