/**
 * The table at the stages of a hand that matter on a small screen, made
 * exact with prepared deals: the first turn, a hand of 34 cards, 4 players
 * just after the pozzetto is taken, and 4 players with 12 melds on the
 * table (a closed burraco, a joker and a pinella among them).
 */
import type { CreateGameResponse, EventsResponse, GameSnapshot } from "../../src/shared/api";
import { call, createGame, drawAndDiscard, knownDeal } from "./helpers";

/** Plays moves for one seat through the API, each on the version the last one gave. */
export async function play(game: CreateGameResponse, seat: number, moves: unknown[]): Promise<EventsResponse> {
  let version = (await call<GameSnapshot>(`/api/games/${game.id}`)).body.version;
  let last: EventsResponse | null = null;
  for (const move of moves) {
    const answer = await call<EventsResponse>(`/api/games/${game.id}/moves`, {
      token: game.seats[seat]!.token!,
      body: { move, version },
    });
    if (answer.status !== 200) throw new Error(`${JSON.stringify(move)}: ${JSON.stringify(answer.body)}`);
    last = answer.body;
    version = answer.body.version;
  }
  return last!;
}

// Anna (seat 0) plays first in every deal.
export const ANNA2 = ["3H", "4H", "5H", "6H", "KS", "KS", "QD", "QD", "JC", "JC", "9D"];
export const BRUNO2 = ["8C", "8C", "7D", "7D", "10S", "10S", "4C", "4C", "AH", "5S", "JK"];
export const DEAL2 = knownDeal({ dealer: 1, hands: [ANNA2, BRUNO2], discard: "QS", stockTop: ["9H", "3S", "2C", "KD"] });

const ANNA4 = ["3H", "4H", "5H", "6S", "7S", "8S", "9C", "10C", "JC", "KD", "KD"];
const BRUNO4 = ["3D", "4D", "5D", "6C", "7C", "8C", "9H", "JK", "JH", "QS", "QS"];
const CARLA4 = ["3C", "4C", "5C", "6D", "7D", "8D", "9S", "2D", "JS", "AH", "AH"];
const DARIO4 = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "6H", "7H", "8H", "QH"];
const DEAL4 = knownDeal({ dealer: 3, hands: [ANNA4, BRUNO4, CARLA4, DARIO4], discard: "QC", stockTop: ["KC", "10D", "AS", "KH"] });
const NAMES4 = ["Anna Maria Bianchi", "Bruno", "Carla Rossi-Esposito", "Dario"];

/**
 * Late in a hand with 4 players: 12 melds (two closed burracos, "sporco" and "semipulito", and a clean one) and
 * Carla, who has melded nothing, holding 22 cards after picking up the pile.
 */
const LATE = knownDeal({
  dealer: 3,
  hands: [
    ["3H", "4H", "5H", "6S", "7S", "8S", "9C", "10C", "JC", "KD", "KD"],
    ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "JK", "6C", "7C", "8C"],
    ["3C", "4D", "9H", "JS", "QC", "KH", "2D", "5S", "9D", "JH", "QD"],
    ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "6H", "7H", "8H", "QH"],
  ],
  pozzetti: [
    ["4C", "5C", "6C", "7C", "8C", "9C", "2H", "AS", "AS", "AD", "QD"],
    ["10S", "JS", "QS", "KS", "10D", "10D", "10H", "AH", "AH", "AC", "2S"],
  ],
  discard: "10C",
  stockTop: ["KC", "4H", "7D", "KH", "3H", "5H", "6D", "JD", "QS", "KS"],
});

/** 2 players: Anna has 7 melds, Bruno one, and Anna is to draw. */
const LONE = knownDeal({
  dealer: 1,
  hands: [
    ["3H", "4H", "5H", "6S", "7S", "8S", "9C", "10C", "JC", "KD", "KD"],
    ["8C", "8C", "8H", "2D", "3C", "4S", "5D", "6H", "7C", "9S", "JD"],
  ],
  pozzetti: [["4C", "5C", "6C", "7D", "8D", "9D", "QS", "QS", "QH", "AH", "AD"]],
  discard: "10H",
  stockTop: ["KC", "KS"],
});

export interface Stages {
  /** 2 players, Anna to draw. */
  readonly first: CreateGameResponse;
  /** 2 players, Anna holding 34 cards after picking up the pile. */
  readonly big: CreateGameResponse;
  /** 4 players: Anna has just taken her pozzetto al volo (she still has to discard). */
  readonly pozzetto: CreateGameResponse;
  /** 4 players, 12 melds on the table, Anna to draw. */
  readonly melds: CreateGameResponse;
  /** 4 players late in the hand: 12 melds, two burracos closed, Carla (seat 2) holding 22 cards. */
  readonly late: CreateGameResponse;
  /** 2 players: one meld of Bruno's against Anna's 7, Anna to draw. */
  readonly lone: CreateGameResponse;
}

const draw = { type: "draw" };
const meld = (...cards: string[]) => ({ type: "meld", cards });
const discard = (card: string) => ({ type: "discard", card });

export async function lateStage(): Promise<CreateGameResponse> {
  const game = await createGame({ players: 4, names: NAMES4, rules: { preset: "classic", semiClean: true }, deals: [LATE] });
  const annaFirst = [meld("3H", "4H", "5H"), meld("6S", "7S", "8S"), meld("9C", "10C", "JC"), meld("KD", "KD", "KC")];
  // Anna's hand empties: her team's pozzetto comes to her at once.
  await play(game, 0, [draw, ...annaFirst, discard("QD")]);
  // Bruno's semi-clean burraco (the joker at the high end), then his last card: his team's pozzetto.
  await play(game, 1, [draw, meld("3D", "4D", "5D", "6D", "7D", "8D", "9D", "JK"), meld("6C", "7C", "8C"), discard("4H")]);
  await play(game, 2, [draw, discard("7D")]);
  await play(game, 3, [draw, meld("3S", "4S", "5S", "6S", "7S", "8S", "9S"), meld("6H", "7H", "8H"), discard("KH")]);
  // Anna's dirty burraco: the 2 of hearts stands for the 10 of clubs.
  await play(game, 0, [draw, meld("4C", "5C", "6C", "7C", "8C", "9C", "2H"), discard("3H")]);
  await play(game, 1, [draw, meld("10S", "JS", "QS", "KS"), meld("10D", "10D", "10H"), meld("AH", "AH", "AC"), discard("5H")]);
  await play(game, 2, [draw, discard("6D")]);
  await play(game, 3, [draw, discard("JD")]);
  await play(game, 0, [draw, discard("QS")]);
  await play(game, 1, [draw, discard("KS")]);
  await play(game, 2, [{ type: "pickup" }]);
  return game;
}

export async function loneStage(): Promise<CreateGameResponse> {
  const game = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [LONE] });
  await play(game, 0, [
    draw,
    meld("3H", "4H", "5H"),
    meld("6S", "7S", "8S"),
    meld("9C", "10C", "JC"),
    meld("KD", "KD", "KC"),
    meld("4C", "5C", "6C"),
    meld("7D", "8D", "9D"),
    meld("QS", "QS", "QH"),
    discard("AD"),
  ]);
  await play(game, 1, [draw, meld("8C", "8C", "8H"), discard("KS")]);
  return game;
}

export async function makeStages(): Promise<Stages> {
  const first = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL2] });
  const big = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL2] });
  await drawAndDiscard(big, 22);
  await play(big, 0, [{ type: "pickup" }]);

  const four = () => createGame({ players: 4, names: NAMES4, deals: [DEAL4] });
  const annaMelds = [
    { type: "draw" },
    { type: "meld", cards: ["3H", "4H", "5H"] },
    { type: "meld", cards: ["6S", "7S", "8S"] },
    { type: "meld", cards: ["9C", "10C", "JC"] },
    { type: "meld", cards: ["KD", "KD", "KC"] },
  ];
  const pozzetto = await four();
  await play(pozzetto, 0, annaMelds);

  const melds = await four();
  const taken = await play(melds, 0, annaMelds);
  await play(melds, 0, [{ type: "discard", card: taken.view.view.hand!.myHand![0]! }]);
  await play(melds, 1, [
    { type: "draw" },
    { type: "meld", cards: ["3D", "4D", "5D"] },
    { type: "meld", cards: ["6C", "7C", "8C"] },
    { type: "meld", cards: ["9H", "JK", "JH"] },
    { type: "discard", card: "10D" },
  ]);
  await play(melds, 2, [
    { type: "draw" },
    { type: "meld", cards: ["3C", "4C", "5C"] },
    { type: "meld", cards: ["6D", "7D", "8D"] },
    { type: "meld", cards: ["9S", "2D", "JS"] },
    { type: "discard", card: "AS" },
  ]);
  await play(melds, 3, [
    { type: "draw" },
    { type: "meld", cards: ["3S", "4S", "5S", "6S", "7S", "8S", "9S"] },
    { type: "meld", cards: ["6H", "7H", "8H"] },
    { type: "discard", card: "KH" },
  ]);
  return { first, big, pozzetto, melds, late: await lateStage(), lone: await loneStage() };
}
