import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { botMove, makeMove, type Random } from "../../src/engine/index";
import { computerToPlay } from "../../src/server/room/due";
import type { Table } from "../../src/server/room/table";
import type { CreateGameRequest, CreateGameResponse, EventsResponse, GameSnapshot } from "../../src/shared/api";

export const BASE = "http://burraco.test";

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * The client address (CF-Connecting-IP) of this test file's requests. The
 * files of a vitest worker share one runtime and its storage (isolate: false
 * in vitest.config.ts), and the limits count per client address (game
 * creations, subscriptions, sign-in links...): each file gets an address of
 * its own, from its path, so that it has the whole budget as if it ran alone.
 * In 2001:db8::/32 (documentation), apart from the IPv4 addresses tests give.
 */
export function fileAddress(): string {
  const hash = fileHash();
  // A /64 of its own: every limit counts an IPv6 client by its /64 (src/server/network.ts).
  return `2001:db8:${(hash >>> 16).toString(16)}:${(hash & 0xffff).toString(16)}::1`;
}

function fileHash(): number {
  let hash = 0;
  for (const ch of expect.getState().testPath ?? "") hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * An address on a network of its own for the `n`th person of a test (a
 * player at home on their own line), in 3fff::/20 (documentation, RFC 9637):
 * the ratings' same-person check tells players apart by their networks.
 */
export function homeAddress(n: number): string {
  const hash = fileHash();
  return `3fff:${(hash >>> 16).toString(16)}:${(hash & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}::7`;
}

/**
 * The device each seat was opened with, by the seat's token. A seat a player's device opened answers only to that
 * player's devices (docs/identity.md), as a browser's seat is played by the browser that opened it: the helpers that
 * play and read a seat (`move`, `view`, `openSocket`, and those built on them) send the key it was opened with.
 * `call` remembers it from the answers that give a device a seat (`rememberSeats`); `holdSeat` for any other.
 */
const seatKeys = new Map<string, string>();

export function holdSeat(token: string, key: string): void {
  seatKeys.set(token, key);
}

/** The `X-Player-Key` header of the device that opened the seat of `token`, if a device did. */
export function seatKey(token: string | undefined): Record<string, string> {
  const key = token === undefined ? undefined : seatKeys.get(token);
  return key === undefined ? {} : { "X-Player-Key": key };
}

const SEAT_VIEW = /^\/api\/games\/[^/?]+$/;

/** The seats an answer gives a device: the seat its view opened, its rematch's, its seeks' games', its games. */
function rememberSeats(path: string, token: string | undefined, playerKey: string | undefined, body: any): void {
  const hold = (seat: string | null | undefined, key: string | undefined) => {
    if (seat && key && !seatKeys.has(seat)) seatKeys.set(seat, key);
  };
  if (SEAT_VIEW.test(path)) hold(token, playerKey);
  else if (/^\/api\/games\/[^/]+\/rematch$/.test(path)) hold(body?.token, playerKey);
  else if (path.startsWith("/api/seeks")) for (const seek of [body, ...(body?.seeks ?? [])]) hold(seek?.game?.token, token);
  else if (path.startsWith("/api/me/games")) for (const game of body?.games ?? []) hold(game?.token, token);
}

/** Calls the Worker as a client would (from this file's own address unless `headers` give one). */
export async function call<T = any>(
  path: string,
  options: { method?: string; body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { "CF-Connecting-IP": fileAddress(), ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await exports.default.fetch(`${BASE}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  // A picture's bytes are not text: read, not decoded (decoding warns, and no test reads them through here).
  const picture = response.headers.get("Content-Type")?.startsWith("image/") ?? false;
  if (picture) await response.arrayBuffer();
  const text = picture ? "" : await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (response.status < 300) rememberSeats(path, options.token, headers["X-Player-Key"], parsed);
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}

/** A game of people only: every seat has its link. */
export type PeopleGame = Omit<CreateGameResponse, "seats"> & { seats: { seat: number; token: string; url: string; computer: null }[] };

export async function createGame(request: CreateGameRequest = { players: 2 }): Promise<PeopleGame> {
  const answer = await call<CreateGameResponse>("/api/games", { body: request });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${answer.text}`);
  if (answer.body.seats.some((s) => s.token === null)) throw new Error("a computer seat: not a game of people only");
  return answer.body as PeopleGame;
}

export async function view(id: string, token?: string): Promise<GameSnapshot> {
  const answer = await call<GameSnapshot>(`/api/games/${id}`, token ? { token, headers: seatKey(token) } : {});
  if (answer.status !== 200) throw new Error(`view failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

export function move(id: string, token: string, move: unknown, version: number, key?: string): Promise<Answer<EventsResponse>> {
  return call<EventsResponse>(`/api/games/${id}/moves`, {
    token,
    headers: seatKey(token),
    body: { move, version, ...(key ? { id: key } : {}) },
  });
}

/** A WebSocket client over the Worker, collecting every message it gets. */
export interface SocketClient {
  readonly messages: any[];
  send(message: unknown): void;
  sendText(text: string): void;
  /** Resolves with the first message (from now on, or already received after `from`) matching `test`. */
  next(test: (m: any) => boolean, from?: number): Promise<any>;
  close(): void;
}

export async function openSocket(id: string, token?: string, viaProtocol = false): Promise<SocketClient> {
  const headers: Record<string, string> = { Upgrade: "websocket", ...seatKey(token) };
  if (token && viaProtocol) headers["Sec-WebSocket-Protocol"] = `burraco, bearer.${token}`;
  else if (token) headers.Authorization = `Bearer ${token}`;
  const response = await exports.default.fetch(`${BASE}/api/games/${id}/ws`, { headers });
  const ws = response.webSocket;
  if (!ws) throw new Error(`no WebSocket: ${response.status} ${await response.text()}`);
  ws.accept();
  const messages: any[] = [];
  const waiting: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string);
    messages.push(message);
    for (const w of waiting.slice()) {
      if (w.test(message)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  return {
    messages,
    send: (message) => ws.send(JSON.stringify(message)),
    sendText: (text) => ws.send(text),
    next: (test, from) => {
      const found = from === undefined ? undefined : messages.slice(from).find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such WebSocket message in time")), 20_000);
        waiting.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => ws.close(1000, "done"),
  };
}

export function roomStub(id: string) {
  return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id));
}

/**
 * Runs the room's alarm until the computer has nothing left to play (at most `most` times): a computer's turn
 * may take several invocations (src/server/room/computer.ts). Returns how many ran. Not for a game watched
 * live, where the computer's next turn waits for its pause.
 */
export async function computerPlays(id: string, most = 30): Promise<number> {
  let runs = 0;
  do {
    runs++;
    if (!(await runDurableObjectAlarm(roomStub(id)))) break;
  } while (runs < most && computerToPlay(await trueTable(id)) !== null);
  return runs;
}

/** The room's true, complete state (a test's eye view: every hand and the stock). */
export async function trueTable(id: string): Promise<Table> {
  return runInDurableObject(roomStub(id), (instance) => (instance as unknown as { room: { table: Table } }).room.table);
}

/**
 * Plays `count` legal moves (or until the match ends) over HTTP, each chosen
 * by the engine's random player from the true state. Returns the answers.
 */
export async function playRandomMoves(game: PeopleGame, count: number, random: Random): Promise<Answer<EventsResponse>[]> {
  const answers: Answer<EventsResponse>[] = [];
  for (let i = 0; i < count; i++) {
    const table = await trueTable(game.id);
    if (table.state.over) break;
    const chosen = botMove(table.state, random);
    const seat = table.state.hand!.turn;
    const answer = await move(game.id, game.seats[seat]!.token, makeMove(chosen.move), table.version);
    if (answer.status !== 200) throw new Error(`move refused: ${answer.text}`);
    answers.push(answer);
  }
  return answers;
}
