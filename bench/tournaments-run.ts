/**
 * The tournament room's invocations, measured with its own code (bundled as
 * the Worker is: bench/bundle.ts), for tournaments of 16, 200 and 1,000
 * pairs (tables of four: the most seats to seal per table). Each is one
 * invocation of the room as the room runs it (src/server/tournaments):
 *
 * - a round planned and logged: the first with the draw (the start), the
 *   next three by Mitchell, the last by Danish from the standings (ranked
 *   by an invocation of their own just before);
 * - each slice of making the round's tables (chores.ts SLICE.make): each
 *   seat's link sealed, the table's game built with its carried seats and
 *   serialised as the call to its game room sends it (the game room's own
 *   creation is that room's invocation, measured by `npm run bench -- cost`);
 * - a table's result coming in (tableEnded), the standings' cache dropped;
 * - a cold room waking at the tournament's end: from its checkpoint
 *   (src/server/tournaments/checkpoint.ts), with the most entries it may
 *   have to fold after it; and its whole log read from its storage and
 *   folded (what a room rebuilt from D1 does, once);
 * - a checkpoint written as the room writes it (its head and the parts the
 *   400 entries since the last touched): after the registrations, and at
 *   the end;
 * - the standings answered: built (after a change) and from the cached text.
 *
 * CPU twice, as bench/cpu.ts reads it: the thread's (what Workers charges an
 * invocation) and the process's (all its threads: Node runs WebCrypto's
 * work on its thread pool, where workerd runs it on the isolate's thread,
 * so the process's figure is the one held against the 10 ms budget).
 */

import { toJson } from "../src/server/reply";
import { cryptoShuffle } from "../src/server/room/fairness";
import { CHECKPOINT_EVERY } from "../src/server/tournaments/checkpoint";
import { SLICE } from "../src/server/tournaments/slices";
import { plannedRound, tableCreation, tableToMake } from "../src/server/tournaments/tables";
import { standingsView } from "../src/server/tournaments/views";
import { allParts, checkpointParts, fromParts, type Part, partOf } from "../src/tournament/snapshot";
import { Tournament, type TournamentLog } from "../src/tournament/state";
import type { TablePairing } from "../src/tournament/types";
import { cpuNow } from "./cpu";

export interface Cost {
  /** Thread and process CPU, ms: the median and the most over its runs (every slice for the tables). */
  readonly thread: { median: number; max: number };
  readonly process: { median: number; max: number };
  readonly runs: number;
}

export interface SizeResult {
  readonly entries: number;
  readonly tables: number;
  readonly logEntries: number;
  /** The most any invocation of the first (cold) run took, process CPU, ms. */
  readonly coldMax: number;
  readonly start: Cost;
  readonly makeSlice: Cost;
  readonly result: Cost;
  readonly rank: Cost;
  readonly danish: Cost;
  readonly wake: Cost;
  readonly wakeCheckpoint: Cost;
  readonly checkpoint: Cost;
  /** The whole checkpoint's text at the end (every part), characters. */
  readonly checkpointSize: number;
  readonly standingsBuilt: Cost;
  readonly standingsCached: Cost;
}

const env = { GAME_ID_KEY: "bench-game-id-key" };
const DAY = 86_400_000;

function summary(samples: { thread: number; process: number }[]): Cost {
  const pick = (key: "thread" | "process") => {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
  };
  return { thread: pick("thread"), process: pick("process"), runs: samples.length };
}

async function timed(fn: () => unknown): Promise<{ thread: number; process: number }> {
  const before = cpuNow();
  await fn();
  const after = cpuNow();
  return { thread: after.thread - before.thread, process: after.process - before.process };
}

function registered(entries: number): TournamentLog[] {
  const log: TournamentLog[] = [
    {
      type: "created",
      id: "B".repeat(24),
      settings: {
        name: "Bench",
        format: "pairs",
        preset: "fibur",
        rounds: 5,
        hands: 4,
        movement: "mitchell-danish",
        perMove: DAY,
        timeout: "claim",
        roundTime: 7 * DAY,
        registrationUntil: null,
        maxEntries: null,
        visibility: "public",
        odd: "bye",
        withdrawal: "forfeit",
        rated: true,
        level: "club",
        duplicate: true,
      },
      organiser: "o".repeat(64),
      inviteHash: null,
    },
  ];
  for (let e = 0; e < entries; e++) {
    // A rated tournament's person: where they registered from goes with them (src/server/tournaments/rated.ts).
    const origin = (i: number) => ({
      network: `2001:db8:${e}:${i}::/64`,
      device: `${e}d${i}`.padStart(64, "0"),
      mailboxes: [`${e}m${i}`.padStart(64, "0")],
    });
    const member = (i: number) => ({ player: `${e}-${i}`.padStart(64, "0"), name: `Player ${e}.${i}`, computer: null, origin: origin(i) });
    log.push({ type: "entered", entry: e, members: [member(0), member(1)], partnerHash: null });
  }
  return log;
}

type Sample = { thread: number; process: number };

/** A full collection, outside the timed invocations (`node --expose-gc`; without it, none). */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * A whole tournament of `entries` pairs (five rounds: four Mitchell, a
 * Danish last), `repeat` times in this process: the first run is a cold
 * isolate's (V8 compiling the code as it goes), the others warm.
 */
export async function measureSize(entries: number, repeat: number): Promise<SizeResult> {
  const kinds = [
    "start",
    "makeSlice",
    "result",
    "rank",
    "danish",
    "wake",
    "wakeCheckpoint",
    "checkpoint",
    "standingsBuilt",
    "standingsCached",
  ] as const;
  let checkpointSize = 0;
  const warm = Object.fromEntries(kinds.map((k) => [k, [] as Sample[]])) as Record<(typeof kinds)[number], Sample[]>;
  let coldMax = 0;
  let tables = 0;
  let logEntries = 0;
  for (let run = 0; run < repeat; run++) {
    const samples = Object.fromEntries(kinds.map((k) => [k, [] as Sample[]])) as Record<(typeof kinds)[number], Sample[]>;
    // The room's storage: one JSON text per entry. The room's is SQLite, outside the isolate's heap; kept here as
    // texts (not the entries' objects), so that the heap a slice's collections walk is the room's, not the bench's.
    const stored = registered(entries).map((body) => JSON.stringify(body));
    const read = (from: number, to?: number) => stored.slice(from, to).map((text) => JSON.parse(text) as TournamentLog);
    const t = Tournament.fold(read(0));
    const append = (body: TournamentLog) => {
      // The room's append: the entry serialised for its storage, then folded in.
      stored.push(JSON.stringify(body));
      t.apply(body);
    };
    for (let r = 0; r < t.settings.rounds; r++) {
      // Days pass between rounds, and the isolate's collector runs while the room waits (a room's heap holds one tournament,
      // never the garbage of the runs before): collected here, outside any timing, when the process allows it.
      collect();
      // A Danish round's standings are ranked by an invocation of their own first (src/server/tournaments/room.ts).
      if (t.pairsFromStandings()) samples.rank.push(await timed(() => t.standings()));
      // The start plans round 1 with the draw; each later round is planned when the last table of the one before ends.
      const planned = await timed(() => {
        if (r === 0) append({ type: "started", order: cryptoShuffle(t.registered().map((e) => e.entry)) });
        append(plannedRound(t, 0));
      });
      (r === t.settings.rounds - 1 ? samples.danish : samples.start).push(planned);
      const round = t.current()!;
      const pairings = round.planned.pairings.filter((p): p is TablePairing => p.kind === "table");
      tables = pairings.length;
      for (let from = 0; from < pairings.length; from += SLICE.make) {
        samples.makeSlice.push(
          await timed(async () => {
            const slice = pairings.slice(from, from + SLICE.make);
            const chosen: Awaited<ReturnType<typeof tableToMake>>[] = [];
            for (const p of slice) chosen.push(await tableToMake(env, t, r, p));
            // The links kept (storage), each table's game made (its call's arguments serialised as RPC sends them), the tables logged.
            JSON.stringify(chosen.map((c) => c.made));
            await Promise.all(
              slice.map(async (p, i) => JSON.stringify(await tableCreation(env, t, round, p, chosen[i]!.made, chosen[i]!.tokens))),
            );
            append({ type: "tablesMade", round: r, tables: chosen.map((c) => ({ table: c.made.table, game: c.made.game })) });
          }),
        );
      }
      for (const p of pairings) {
        const a = 800 + ((p.table * 7919 + r * 104729) % 2400);
        // Each of the round's hands scored (four, as the settings say).
        const hands = Array.from({ length: t.settings.hands }, (_, h): [number, number] => [a - 100 * h, 400 + 25 * h]);
        const body: TournamentLog = { type: "tableEnded", round: r, table: p.table, result: { totals: [a, 1500], hands } };
        samples.result.push(await timed(() => append(body)));
      }
    }
    collect();
    // The standings: built once per version, then served as that text.
    let text = "";
    samples.standingsBuilt.push(
      await timed(() => {
        text = toJson(standingsView(t));
      }),
    );
    samples.standingsCached.push(await timed(() => text.length));
    // A cold room at the tournament's end: its whole log read back from its storage (one JSON text per entry) and folded.
    logEntries = stored.length;
    samples.wake.push(await timed(() => Tournament.fold(stored.map((text) => JSON.parse(text) as TournamentLog))));
    // A checkpoint as the room writes it, the head and the parts the entries since the last touched: after the last 400
    // registrations, and at the end (the last 400 entries of the log). And a cold room at the end: the checkpoint before
    // the last entries read, with the most entries after it there may be.
    // (What the entries touched the room keeps as it appends them: read here before the timing.)
    const touched = (from: number, to: number) => new Set<Part>(["head", ...read(Math.max(1, from), to).map(partOf)]);
    const registeredBy = entries + 1;
    const atRegistration = Tournament.fold(read(0, registeredBy));
    const registrationParts = touched(registeredBy - CHECKPOINT_EVERY, registeredBy);
    samples.checkpoint.push(await timed(() => checkpointParts(atRegistration, registrationParts)));
    // (A small tournament's log never reaches a checkpoint: its cold room folds it all from the first entry.)
    const at = Math.max(1, stored.length - (CHECKPOINT_EVERY - 1));
    const endParts = touched(at, stored.length);
    samples.checkpoint.push(await timed(() => checkpointParts(t, endParts)));
    const whole = checkpointParts(t, allParts(t));
    checkpointSize = [...whole.values()].reduce((n, text) => n + text.length, 0);
    const before = Tournament.fold(read(0, at));
    const kept = checkpointParts(before, allParts(before));
    collect();
    samples.wakeCheckpoint.push(
      await timed(() => {
        const cold = fromParts(kept);
        for (const row of stored.slice(at)) cold.apply(JSON.parse(row) as TournamentLog);
      }),
    );
    if (run === 0)
      coldMax = Math.max(
        ...kinds.filter((k) => !k.startsWith("standings") && k !== "wake").flatMap((k) => samples[k].map((x) => x.process)),
      );
    else for (const k of kinds) warm[k].push(...samples[k]);
  }
  return {
    entries,
    tables,
    logEntries,
    coldMax,
    start: summary(warm.start),
    makeSlice: summary(warm.makeSlice),
    result: summary(warm.result),
    rank: summary(warm.rank),
    danish: summary(warm.danish),
    wake: summary(warm.wake),
    wakeCheckpoint: summary(warm.wakeCheckpoint),
    checkpoint: summary(warm.checkpoint),
    checkpointSize,
    standingsBuilt: summary(warm.standingsBuilt),
    standingsCached: summary(warm.standingsCached),
  };
}
