import type { Leaderboard, PublicPlayer } from "../../../src/shared/wire/ratings";
import type { JoinedSeek, PlayNowRequest, PublishSeekRequest, Seek } from "../../../src/shared/wire/seeks";
import { call } from "../api";
import { playerKey } from "../store";

/** The lobby's seeks and the public ratings pages (docs/seeks.md, docs/ratings.md), by this browser's player key. */

export interface SeekFilter {
  preset: string;
  players: string;
  pace: string;
  rated: string;
  language: string;
}

const query = (filter: SeekFilter) => {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) q.set(name, value);
  const text = q.toString();
  return text ? `?${text}` : "";
};

export const seeksApi = {
  list: (filter: SeekFilter) => call<{ seeks: Seek[] }>(`/api/seeks${query(filter)}`, { token: playerKey() }),
  mine: () => call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: playerKey() }),
  publish: (request: PublishSeekRequest) => call<JoinedSeek>("/api/seeks", { token: playerKey(), body: request }),
  join: (id: string, name: string | null) =>
    call<JoinedSeek>(`/api/seeks/${encodeURIComponent(id)}/join`, { token: playerKey(), body: name ? { name } : {} }),
  withdraw: (id: string) => call<{ withdrawn: true }>(`/api/seeks/${encodeURIComponent(id)}`, { method: "DELETE", token: playerKey() }),
  playNow: (request: PlayNowRequest) => call<JoinedSeek>("/api/seeks/play-now", { token: playerKey(), body: request }),
  player: (publicId: string) => call<PublicPlayer>(`/api/players/${encodeURIComponent(publicId)}`),
  leaderboard: (preset: string, players: number) => call<Leaderboard>(`/api/leaderboards/${encodeURIComponent(preset)}?players=${players}`),
};
