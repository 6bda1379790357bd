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

export interface Stages {
  /** 2 players, Anna to draw. */
  readonly first: CreateGameResponse;
  /** 2 players, Anna holding 34 cards after picking up the pile. */
  readonly big: CreateGameResponse;
  /** 4 players: Anna has just taken her pozzetto al volo (she still has to discard). */
  readonly pozzetto: CreateGameResponse;
  /** 4 players, 12 melds on the table, Anna to draw. */
  readonly melds: CreateGameResponse;
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
  return { first, big, pozzetto, melds };
}
