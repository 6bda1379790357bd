import "../core";

/** The tournaments' pages, one chunk for both (main.ts loads it on their routes). */
export { CreateTournamentPage } from "./create-page";
export { TournamentPage } from "./page";
