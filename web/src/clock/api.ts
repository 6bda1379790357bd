import type { EventsResponse } from "../../../src/shared/api";
import type { Absence, AbsencesResponse } from "../../../src/shared/wire/clock";
import type { ComputerLevel } from "../../../src/shared/wire/common";
import { call } from "../api";
import { playerKey } from "../store";

/** The clock's and the computer's calls: claiming a match on time, handing a seat to the computer, the player's absences. */
export const clockApi = {
  claimTimeout: (id: string, token: string) =>
    call<EventsResponse>(`/api/games/${encodeURIComponent(id)}/clock/claim`, { method: "POST", token, withPlayerKey: true }),

  handover: (id: string, token: string, on: boolean, level?: ComputerLevel) =>
    call<EventsResponse>(`/api/games/${encodeURIComponent(id)}/computer`, {
      token,
      body: on && level ? { on, level } : { on },
      withPlayerKey: true,
    }),

  absences: () => call<AbsencesResponse>("/api/me/absences", { token: playerKey() }),

  declareAbsence: (from: string, until: string) => call<Absence>("/api/me/absences", { token: playerKey(), body: { from, until } }),

  cancelAbsence: (id: string) => call<Absence>(`/api/me/absences/${encodeURIComponent(id)}`, { method: "DELETE", token: playerKey() }),
};
