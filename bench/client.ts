/**
 * A scripted player that knows only what its own seat is shown: it takes
 * (draw, else pick up), lays down the sets and runs it finds in its hand,
 * and discards, trying another card whenever a move is refused (422). It
 * plays over HTTP (long polling while waiting) or over a WebSocket.
 */
import type { ErrorBody, EventsResponse, GameSnapshot, ServerMessage } from "../src/shared/api";

/** One game's tally, shared by its seats. */
export interface Stats {
  /** Milliseconds per move request, accepted or refused. */
  readonly latencies: number[];
  accepted: number;
  refused: number;
  readonly errors: string[];
}

export function newStats(): Stats {
  return { latencies: [], accepted: 0, refused: 0, errors: [] };
}

/** One seat's player: where, who, and how it plays. */
export interface SeatPlayer {
  readonly url: string;
  readonly id: string;
  readonly token: string;
  readonly stats: Stats;
  readonly random: () => number;
  /** Mean pause before each move, in ms (0: flat out). */
  readonly thinkMs: number;
  /** The game stops after this many accepted moves (or at the end of the match). */
  readonly budget: number;
}

const finished = (p: SeatPlayer) => p.stats.accepted >= p.budget || p.stats.errors.length > 0;
const think = (p: SeatPlayer) => (p.thinkMs > 0 ? new Promise((r) => setTimeout(r, p.thinkMs * (0.5 + p.random()))) : Promise.resolve());

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const rank = (card: string) => RANKS.indexOf(card.slice(0, -1));
const isWild = (card: string) => card === "JK" || card.startsWith("2");

/** Sets (three of a rank) and runs (three in a row of a suit) among natural cards. */
function meldsIn(cards: readonly string[]): string[][] {
  const naturals = [...new Set(cards.filter((c) => !isWild(c)))];
  const out: string[][] = [];
  const byRank = new Map<number, string[]>();
  for (const c of cards.filter((c) => !isWild(c))) byRank.set(rank(c), [...(byRank.get(rank(c)) ?? []), c]);
  for (const same of byRank.values()) if (same.length >= 3) out.push(same.slice(0, 3));
  for (const c of naturals) {
    const suit = c.slice(-1);
    const next = (r: number) => naturals.find((n) => n.slice(-1) === suit && rank(n) === r);
    const b = next(rank(c) + 1);
    const d = next(rank(c) + 2);
    if (b && d) out.push([c, b, d]);
  }
  return out;
}

export const myTurn = (s: GameSnapshot) => s.status === "playing" && s.view.hand !== null && s.view.hand.end === null && s.view.hand.turn === s.viewer;

/** The moves to try now, best first; none when it is not this seat's turn. */
export function candidates(s: GameSnapshot, random: () => number): unknown[] {
  const hand = s.view.hand;
  if (!hand || !myTurn(s)) return [];
  if (hand.phase === "take") return [{ type: "draw" }, { type: "pickup" }];
  const mine = hand.myHand ?? [];
  const melds = random() < 0.8 ? meldsIn(mine).map((cards) => ({ type: "meld", cards })) : [];
  const cards = [...new Set(mine)].sort((a, b) => Number(isWild(a)) - Number(isWild(b)) || random() - 0.5);
  return [...melds, ...cards.map((card) => ({ type: "discard", card }))];
}

/** One move request over HTTP; the answer's status and body. */
async function post(url: string, id: string, token: string, move: unknown, version: number, key: string): Promise<{ status: number; body: EventsResponse & ErrorBody }> {
  const response = await fetch(`${url}/api/games/${id}/moves`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ move, version, id: key }),
  });
  return { status: response.status, body: (await response.json()) as EventsResponse & ErrorBody };
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let keys = 0;

/**
 * Plays one turn's moves over HTTP from `view`, until the turn passes (or
 * the game's budget is spent). Returns the last view.
 */
export async function playTurnHttp(p: SeatPlayer, view: GameSnapshot): Promise<GameSnapshot> {
  const { url, id, token, stats } = p;
  while (myTurn(view) && !finished(p)) {
    await think(p);
    let moved = false;
    for (const move of candidates(view, p.random)) {
      const started = performance.now();
      const answer = await post(url, id, token, move, view.version, `k${++keys}`);
      stats.latencies.push(performance.now() - started);
      if (answer.status === 200) {
        stats.accepted++;
        view = answer.body.view;
        moved = true;
        break;
      }
      if (answer.status !== 422) {
        stats.errors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        break;
      }
      stats.refused++;
    }
    if (!moved) {
      stats.errors.push(`game ${id}: no move accepted`);
      break;
    }
  }
  return view;
}

/** A seat played over HTTP: long polls while others play. */
export async function playSeatHttp(p: SeatPlayer): Promise<void> {
  let view = await getJson<GameSnapshot>(`${p.url}/api/games/${p.id}`, p.token);
  while (view.status !== "over" && !finished(p)) {
    if (myTurn(view)) view = await playTurnHttp(p, view);
    else view = (await getJson<EventsResponse>(`${p.url}/api/games/${p.id}/events?since=${view.version}&wait=2`, p.token)).view;
  }
}

/** A seat played over a WebSocket ("accepted" comes first, then the events push with the new view). */
export function playSeatWs(p: SeatPlayer): Promise<void> {
  const { url, id, token, stats } = p;
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/games/${id}/ws`, ["burraco", `bearer.${token}`]);
    let view: GameSnapshot | null = null;
    let pending: { key: string; started: number; queue: unknown[] } | null = null;
    let acceptedVersion = 0;
    const finish = (problem?: string) => {
      if (problem) stats.errors.push(problem);
      ws.close();
      resolve();
    };
    const sendNext = () => {
      const move = pending!.queue.shift();
      if (move === undefined) return finish(`game ${id}: no move accepted`);
      pending!.started = performance.now();
      pending!.key = `w${++keys}`;
      ws.send(JSON.stringify({ type: "move", move, version: view!.version, id: pending!.key }));
    };
    const tryNext = () => {
      if (!view || pending || view.version < acceptedVersion) return;
      if (view.status === "over" || finished(p)) return finish();
      if (!myTurn(view)) return;
      pending = { key: "", started: 0, queue: candidates(view, p.random) };
      void think(p).then(sendNext);
    };
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === "events") {
        view = message.view;
        return tryNext();
      }
      if (!pending || message.id !== pending.key) return;
      stats.latencies.push(performance.now() - pending.started);
      if (message.type === "accepted") {
        stats.accepted++;
        acceptedVersion = message.version;
        pending = null;
        tryNext();
      } else if (message.status === 422) {
        stats.refused++;
        sendNext();
      } else {
        finish(`${message.status} ${JSON.stringify(message.error)}`);
      }
    });
    ws.addEventListener("error", () => finish(`game ${id}: WebSocket error`));
  });
}
