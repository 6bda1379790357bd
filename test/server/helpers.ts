import { exports } from "cloudflare:workers";
import type { CreateGameRequest, CreateGameResponse, EventsResponse, GameSnapshot } from "../../src/shared/api";

export const BASE = "http://burraco.test";

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** Calls the Worker as a client would. */
export async function call<T = any>(
  path: string,
  options: { method?: string; body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await exports.default.fetch(`${BASE}${path}`, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}

export async function createGame(request: CreateGameRequest = { players: 2 }): Promise<CreateGameResponse> {
  const answer = await call<CreateGameResponse>("/api/games", { body: request });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

export async function view(id: string, token?: string): Promise<GameSnapshot> {
  const answer = await call<GameSnapshot>(`/api/games/${id}`, token ? { token } : {});
  if (answer.status !== 200) throw new Error(`view failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

export function move(id: string, token: string, move: unknown, version: number, key?: string): Promise<Answer<EventsResponse>> {
  return call<EventsResponse>(`/api/games/${id}/moves`, { token, body: { move, version, ...(key ? { id: key } : {}) } });
}
