import { call } from "../api";
import type { Input, Schema } from "../api-url";
import { playerKey } from "../store";

/** The lobby's seeks and the public ratings pages (docs/seeks.md, docs/ratings.md), by this browser's player key. */

type SeekQuery = NonNullable<Input<"GET", "/api/seeks">["query"]>;
type BoardInput = Input<"GET", "/api/leaderboards/{preset}">;

/** The lobby's filters as its selects hold them: each of the list's query parameters, "" for any. */
export type SeekFilter = { readonly [K in keyof SeekQuery]-?: string };

// The selects offer the very values the route's query takes (the presets, 2 to 4, the languages shown); the server checks them.
const chosen = (filter: SeekFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== "")) as SeekQuery;

export const seeksApi = {
  list: (filter: SeekFilter) => call("GET", "/api/seeks", { query: chosen(filter), token: playerKey() }),
  mine: () => call("GET", "/api/seeks/mine", { token: playerKey() }),
  publish: (request: Schema<"PublishSeek">) => call("POST", "/api/seeks", { token: playerKey(), body: request }),
  join: (seekId: string, name: string | null) =>
    call("POST", "/api/seeks/{seekId}/join", { params: { seekId }, token: playerKey(), body: name ? { name } : {} }),
  withdraw: (seekId: string) => call("DELETE", "/api/seeks/{seekId}", { params: { seekId }, token: playerKey() }),
  playNow: (request: Schema<"PlayNow">) => call("POST", "/api/seeks/play-now", { token: playerKey(), body: request }),
  player: (playerId: string) => call("GET", "/api/players/{playerId}", { params: { playerId } }),
  leaderboard: (preset: BoardInput["params"]["preset"], players: NonNullable<BoardInput["query"]>["players"]) =>
    call("GET", "/api/leaderboards/{preset}", { params: { preset }, query: { players } }),
};
