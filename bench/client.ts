/**
 * A scripted player that knows only what its own seat is shown: it takes
 * (draw, else pick up), lays down the sets and runs it finds in its hand,
 * and discards, trying another card whenever a move is refused (422). It
 * plays over HTTP (long polling while waiting) or over a WebSocket.
 */
import { Agent, request as httpRequest } from "node:http";
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
  /** The player key the seat was opened with: a seat its player opened answers only to their devices (docs/identity.md). */
  readonly playerKey?: string;
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

export const myTurn = (s: GameSnapshot) =>
  s.status === "playing" && s.view.hand !== null && s.view.hand.end === null && s.view.hand.turn === s.viewer;

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

/** HTTP requests this process's players have sent (the cost bench counts a move's requests with it). */
export const sent = { requests: 0 };

/** Keep-alive connections: Node's http is a few ms quicker per request than its fetch. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP request with a JSON answer. */
function request<T>(
  method: "GET" | "POST",
  url: string,
  token: string,
  playerKey: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    sent.requests++;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(playerKey ? { "X-Player-Key": playerKey } : {}) };
    if (payload !== undefined)
      Object.assign(headers, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(payload)) });
    const req = httpRequest(url, { method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

function post(p: SeatPlayer, move: unknown, version: number, key: string) {
  return request<EventsResponse & ErrorBody>("POST", `${p.url}/api/games/${p.id}/moves`, p.token, p.playerKey, { move, version, id: key });
}

export async function getJson<T>(url: string, p: SeatPlayer): Promise<T> {
  for (;;) {
    const answer = await request<T & Partial<ErrorBody>>("GET", url, p.token, p.playerKey);
    // A busy machine's many players share one address: a read limited for a moment waits as asked, as the web client does.
    if (answer.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * ((answer.body as Partial<ErrorBody>).error?.retryAfter ?? 1)));
      continue;
    }
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

let keys = 0;

/** A seat's WebSocket subprotocols, as a browser sends them: the token, and the player key beside it. */
const protocols = (p: SeatPlayer): string[] => ["burraco", `bearer.${p.token}`, ...(p.playerKey ? [`key.${p.playerKey}`] : [])];

/**
 * Plays one turn's moves over HTTP from `view`, until the turn passes (or
 * the game's budget is spent). Returns the last view.
 */
export async function playTurnHttp(p: SeatPlayer, view: GameSnapshot): Promise<GameSnapshot> {
  const { id, stats } = p;
  while (myTurn(view) && !finished(p)) {
    await think(p);
    let moved = false;
    for (const move of candidates(view, p.random)) {
      const started = performance.now();
      const answer = await post(p, move, view.version, `k${++keys}`);
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
  let view = await getJson<GameSnapshot>(`${p.url}/api/games/${p.id}`, p);
  while (view.status !== "over" && !finished(p)) {
    if (myTurn(view)) view = await playTurnHttp(p, view);
    else view = (await getJson<EventsResponse>(`${p.url}/api/games/${p.id}/events?since=${view.version}&wait=2`, p)).view;
  }
}

/** A WebSocket's messages as an async queue. */
function socketMessages(ws: WebSocket) {
  const queue: ServerMessage[] = [];
  const waiting: ((m: ServerMessage | null) => void)[] = [];
  const deliver = (m: ServerMessage | null) => {
    const w = waiting.shift();
    if (w) w(m);
    else if (m) queue.push(m);
  };
  ws.addEventListener("message", (event) => deliver(JSON.parse(String(event.data)) as ServerMessage));
  ws.addEventListener("close", () => deliver(null));
  ws.addEventListener("error", () => deliver(null));
  /** The next message, null once the socket is gone, or "timeout" after `ms`. */
  return (ms = 60_000): Promise<ServerMessage | null | "timeout"> => {
    if (queue.length) return Promise.resolve(queue.shift()!);
    return new Promise((resolve) => {
      const taker = (m: ServerMessage | null) => {
        clearTimeout(timer);
        resolve(m);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(taker), 1);
        resolve("timeout");
      }, ms);
      waiting.push(taker);
    });
  };
}

/** A seat played over a WebSocket: "accepted" comes first, then the events push with the new view. */
export async function playSeatWs(p: SeatPlayer): Promise<void> {
  const { url, id, stats } = p;
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/games/${id}/ws`, protocols(p));
  const next = socketMessages(ws);
  let view: GameSnapshot | null = null;
  /**
   * Reads messages until a view at `version` or later has come. While
   * waiting for others (`orQuiet`) it also returns after a second without
   * news, to look again whether the game has stopped: its budget can be
   * spent by the other seat's move just before this seat counts it.
   */
  const catchUp = async (version: number, orQuiet = false): Promise<boolean> => {
    while (!view || view.version < version) {
      const m = await next(1000);
      if (m === null) return false;
      if (m === "timeout" && orQuiet) return true;
      if (m !== "timeout" && m.type === "events") view = m.view;
    }
    return true;
  };
  try {
    if (!(await catchUp(0))) return void stats.errors.push(`game ${id}: WebSocket closed`);
    while (view!.status !== "over" && !finished(p)) {
      if (!myTurn(view!)) {
        if (!(await catchUp(view!.version + 1, true))) return void stats.errors.push(`game ${id}: WebSocket closed`);
        continue;
      }
      await think(p);
      let accepted = 0;
      for (const move of candidates(view!, p.random)) {
        const key = `w${++keys}`;
        const started = performance.now();
        ws.send(JSON.stringify({ type: "move", move, version: view!.version, id: key }));
        let reply: ServerMessage | null;
        do {
          const m = await next();
          reply = m === "timeout" ? null : m;
          if (reply?.type === "events") view = reply.view;
        } while (reply && !(reply.type !== "events" && reply.id === key));
        stats.latencies.push(performance.now() - started);
        if (reply?.type === "accepted") {
          stats.accepted++;
          accepted = reply.version;
          break;
        }
        if (reply?.type !== "error" || reply.status !== 422) return void stats.errors.push(`game ${id}: ${JSON.stringify(reply)}`);
        stats.refused++;
      }
      if (accepted === 0) return void stats.errors.push(`game ${id}: no move accepted`);
      if (!(await catchUp(accepted))) return void stats.errors.push(`game ${id}: WebSocket closed`);
    }
  } finally {
    ws.close();
  }
}

/** Whose turn it is, between a correspondence match's seats in this process: a seat is told when the one before it is done. */
export class TurnBoard {
  private readonly waiting = new Map<number, () => void>();
  private told = new Set<number>();
  /** Turns played, and the moves of each. */
  turns = 0;

  /** Waits until `seat` is told it is its turn (or the match is over). */
  wait(seat: number): Promise<void> {
    if (this.told.delete(seat)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(seat, resolve));
  }

  /** Tells `seats` (after `pauseMs`: the service drains and notifies meanwhile). */
  tell(seats: readonly number[], pauseMs: number): void {
    setTimeout(() => {
      for (const seat of seats) {
        const resolve = this.waiting.get(seat);
        if (resolve) {
          this.waiting.delete(seat);
          resolve();
        } else this.told.add(seat);
      }
    }, pauseMs);
  }
}

/**
 * A seat played as the web client plays it: moves over HTTP, the table's
 * news over a WebSocket. Live, the socket stays open the whole match. By
 * correspondence (`board`), the player comes when told it is their turn
 * (the notification), opens the table (its snapshot and its socket), plays
 * the turn, and leaves: the next seat is told after `pauseMs`.
 */
export async function playSeatWeb(p: SeatPlayer & { seat: number; seats: number; board?: TurnBoard; pauseMs?: number }): Promise<void> {
  const open = async () => {
    const ws = new WebSocket(`${p.url.replace(/^http/, "ws")}/api/games/${p.id}/ws`, protocols(p));
    const next = socketMessages(ws);
    let view: GameSnapshot | null = null;
    while (!view) {
      const m = await next(10_000);
      if (m === null || m === "timeout") throw new Error(`game ${p.id}: the WebSocket gave nothing`);
      if (m.type === "events") view = m.view;
    }
    return { ws, next, view: view as GameSnapshot };
  };
  const all = Array.from({ length: p.seats }, (_, s) => s);
  if (p.board) {
    for (;;) {
      await p.board.wait(p.seat);
      let view = await getJson<GameSnapshot>(`${p.url}/api/games/${p.id}`, p);
      if (view.status === "over" || finished(p)) return p.board.tell(all, 0);
      if (!myTurn(view)) {
        p.board.tell([view.view.hand?.turn ?? p.seat], 0);
        continue;
      }
      const table = await open();
      view = await playTurnHttp(p, view);
      table.ws.close();
      p.board.turns++;
      if (view.status === "over" || finished(p)) return p.board.tell(all, p.pauseMs ?? 0);
      p.board.tell([view.view.hand?.turn ?? p.seat], p.pauseMs ?? 0);
    }
  }
  const table = await open();
  let view = table.view;
  try {
    while (view.status !== "over" && !finished(p)) {
      if (myTurn(view)) {
        view = await playTurnHttp(p, view);
        continue;
      }
      const m = await table.next(1000);
      if (m === null) return void p.stats.errors.push(`game ${p.id}: WebSocket closed`);
      if (m !== "timeout" && m.type === "events" && m.version >= view.version) view = m.view;
    }
  } finally {
    table.ws.close();
  }
}
