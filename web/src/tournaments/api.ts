import { call } from "../api";
import type { Schema } from "../api-url";
import { playerKey } from "../store";

/** Tournaments (docs/tournaments.md), by this browser's player key. */

export const tournamentsApi = {
  listed: () => call("GET", "/api/tournaments"),
  mine: () => call("GET", "/api/tournaments/mine", { token: playerKey() }),
  create: (request: Schema<"CreateTournament">) => call("POST", "/api/tournaments", { token: playerKey(), body: request }),
  get: (id: string) => call("GET", "/api/tournaments/{id}", { params: { id }, token: playerKey() }),
  standings: (id: string) => call("GET", "/api/tournaments/{id}/standings", { params: { id } }),
  register: (id: string, name: string | null, invite: string | null) =>
    call("POST", "/api/tournaments/{id}/entries", {
      params: { id },
      token: playerKey(),
      body: { ...(name ? { name } : {}), ...(invite ? { invite } : {}) },
    }),
  partner: (id: string, token: string, name: string | null) =>
    call("POST", "/api/tournaments/{id}/partner", { params: { id }, token: playerKey(), body: { token, ...(name ? { name } : {}) } }),
  leave: (id: string) => call("DELETE", "/api/tournaments/{id}/entries/mine", { params: { id }, token: playerKey() }),
  start: (id: string) => call("POST", "/api/tournaments/{id}/start", { params: { id }, token: playerKey() }),
  end: (id: string) => call("POST", "/api/tournaments/{id}/end", { params: { id }, token: playerKey() }),
  computer: (id: string, entry?: number) =>
    call("POST", "/api/tournaments/{id}/computer", { params: { id }, token: playerKey(), body: entry === undefined ? {} : { entry } }),
  remove: (id: string, entry: number) =>
    call("DELETE", "/api/tournaments/{id}/entries/{entry}", { params: { id, entry }, token: playerKey() }),
};
