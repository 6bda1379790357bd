import type { ComputerLevel } from "../../../src/shared/wire/common";
import { call } from "../api";
import { playerKey } from "../store";

/** The clock's and the computer's calls: claiming a match on time, handing a seat to the computer, the player's absences. */
export const clockApi = {
  claimTimeout: (id: string, token: string) => call("POST", "/api/games/{id}/clock/claim", { params: { id }, token, withPlayerKey: true }),

  handover: (id: string, token: string, on: boolean, level?: ComputerLevel) =>
    call("POST", "/api/games/{id}/computer", { params: { id }, token, body: on && level ? { on, level } : { on }, withPlayerKey: true }),

  absences: () => call("GET", "/api/me/absences", { token: playerKey() }),

  declareAbsence: (from: string, until: string) => call("POST", "/api/me/absences", { token: playerKey(), body: { from, until } }),

  cancelAbsence: (absenceId: string) => call("DELETE", "/api/me/absences/{absenceId}", { params: { absenceId }, token: playerKey() }),
};
