import type { StandingsView } from "../../shared/wire/tournaments";
import { allParts, checkpointParts, type Part } from "../../tournament/snapshot";
import type { Tournament } from "../../tournament/state";
import type { Json } from "../reply";
import type { TournamentStorage } from "./storage";

/**
 * What a cold tournament room reads instead of its whole log
 * (docs/tournaments.md, "Size"). At 1,000 entries the log grows past 4,000
 * entries and a megabyte of JSON: folding it all would take most of an
 * invocation's 10 ms before the invocation's own work. So the room keeps
 *
 * - a checkpoint, the tournament as folded (src/tournament/snapshot.ts),
 *   written by an alarm invocation of its own once the log has grown by
 *   `CHECKPOINT_EVERY` entries since the last, only its parts those entries
 *   changed: a cold room reads it and folds only the entries after it;
 * - the standings' text as last built, with the version it was built at: a
 *   cold room answers the standings page from it while the log has nothing
 *   newer, without folding anything.
 */

/** Entries between checkpoints: a cold room folds at most this many after the checkpoint it reads. */
export const CHECKPOINT_EVERY = 400;

export function checkpointDue(storage: TournamentStorage, seq: number): boolean {
  return seq - storage.number("checkpoint_seq") >= CHECKPOINT_EVERY;
}

/**
 * Writes the tournament's checkpoint at `seq`: the parts the entries since
 * the last one touched (`touched`: every part when the room has none, or
 * does not know what changed), the head always. A part is at most a
 * hundred entries or one round (500 tables), well within what a Durable
 * Object's SQLite keeps in a value (2 MB).
 */
export function writeCheckpoint(storage: TournamentStorage, t: Tournament, seq: number, touched: ReadonlySet<Part> | "all"): void {
  const parts = checkpointParts(t, touched === "all" ? allParts(t) : ["head", ...touched]);
  storage.atomically(() => storage.writeCheckpoint(seq, parts));
}

const STANDINGS = "standings";

/** Keeps the standings' text built at `version`. */
export function keepStandings(storage: TournamentStorage, id: string, version: number, text: Json<StandingsView>): void {
  storage.setMeta(STANDINGS, `${id}\n${version}\n${text}`);
}

/** The standings' text kept, if it is of this tournament and the log has nothing newer. */
export function keptStandings(storage: TournamentStorage, id: string): Json<StandingsView> | null {
  if (!storage.holds()) return null;
  const kept = storage.getMeta(STANDINGS);
  if (kept === null) return null;
  const [of, version] = kept.split("\n", 2);
  if (of !== id || Number(version) !== storage.lastSeq()) return null;
  return kept.slice(of.length + version!.length + 2) as Json<StandingsView>;
}
