import type { CreateTournamentRequest, StandingsView, TournamentListItem, TournamentView } from "../../../src/shared/wire/tournaments";
import { call } from "../api";
import { playerKey } from "../store";

/** Tournaments (docs/tournaments.md), by this browser's player key. */

const path = (id: string, rest = "") => `/api/tournaments/${encodeURIComponent(id)}${rest}`;

export const tournamentsApi = {
  listed: () => call<{ tournaments: TournamentListItem[] }>("/api/tournaments"),
  mine: () => call<{ tournaments: TournamentListItem[] }>("/api/tournaments/mine", { token: playerKey() }),
  create: (request: CreateTournamentRequest) =>
    call<{ id: string; url: string; invite: { token: string; url: string } | null }>("/api/tournaments", {
      token: playerKey(),
      body: request,
    }),
  get: (id: string) => call<TournamentView>(path(id), { token: playerKey() }),
  standings: (id: string) => call<StandingsView>(path(id, "/standings")),
  register: (id: string, name: string | null, invite: string | null) =>
    call<{ entry: number; partner: { token: string; url: string } | null }>(path(id, "/entries"), {
      token: playerKey(),
      body: { ...(name ? { name } : {}), ...(invite ? { invite } : {}) },
    }),
  partner: (id: string, token: string, name: string | null) =>
    call<{ entry: number }>(path(id, "/partner"), { token: playerKey(), body: { token, ...(name ? { name } : {}) } }),
  leave: (id: string) => call<{ version: number }>(path(id, "/entries/mine"), { method: "DELETE", token: playerKey() }),
  start: (id: string) => call<{ version: number }>(path(id, "/start"), { method: "POST", token: playerKey() }),
  end: (id: string) => call<{ version: number }>(path(id, "/end"), { method: "POST", token: playerKey() }),
  computer: (id: string, entry?: number) =>
    call<{ version: number }>(path(id, "/computer"), { token: playerKey(), body: entry === undefined ? {} : { entry } }),
  remove: (id: string, entry: number) => call<{ version: number }>(path(id, `/entries/${entry}`), { method: "DELETE", token: playerKey() }),
};
