/**
 * `npm run bench -- turn [games]`: how soon a computer's turn shows, as a
 * player by correspondence sees it. In the Workers runtime (scripts/local-runtime.ts,
 * the bundle as deployed), each game has one person and computer players
 * of one level (2 players; 3 at a closed pile, where the expert thinks the
 * most and a decision spans several invocations; and 4, where the person's
 * partner is a computer too); the person plays a turn over HTTP, then waits on the long poll as
 * the web client does when the table is not open live (no pause between
 * the computer's moves: src/server/room/due.ts). Each computer turn's time
 * runs from the moment the turn passed to it (the person's discard
 * answered, or the previous computer's turn seen) to the moment the long
 * poll shows the next seat to play. That covers everything between: the
 * room's alarms one after another (a turn is played over several
 * invocations: src/server/room/computer.ts), the players' thinking, the
 * room's writes and the long poll's answer.
 *
 * Wall time on this machine, so it follows the machine's load (printed
 * beside it): a figure for the docs, never a test's bound.
 */
import { loadavg } from "node:os";
import { startRuntime } from "../scripts/local-runtime";
import { removeDir } from "../scripts/local-service";
import { seededRandom } from "../src/engine/index";
import type { CreateGameResponse, EventsResponse, GameSnapshot } from "../src/shared/api";
import type { ComputerLevel } from "../src/shared/wire/common";
import { getJson, myTurn, newStats, playTurnHttp, type SeatPlayer } from "./client";
import { markdownTable, saveFigures } from "./figures";

const LEVELS: readonly ComputerLevel[] = ["club", "expert"];
/**
 * The tables: classic with 2 and 4 players; chiuso (a closed pile) with 3 and chiuso-sporco with 4, where the expert
 * thinks five and ten times as much (src/bots/expert.ts, expertBudget).
 */
const TABLES: readonly { readonly players: 2 | 3 | 4; readonly preset: string }[] = [
  { players: 2, preset: "classic" },
  { players: 3, preset: "chiuso" },
  { players: 4, preset: "classic" },
  { players: 4, preset: "chiuso-sporco" },
];
/** The person's turns played per game: a hand's middle, where the computer has the most to weigh. */
const TURNS = 12;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One game's computer turns, in ms each: the person plays, then watches the long poll until it is their turn again. */
async function playGame(url: string, level: ComputerLevel, players: 2 | 3 | 4, preset: string, seed: string): Promise<number[]> {
  const seats = Array.from({ length: players }, (_, seat) => (seat === 0 ? { name: "Anna" } : { computer: level }));
  const made = await fetch(`${url}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players, seats, rules: { preset, hands: 1 } }),
  });
  if (made.status !== 201) throw new Error(`a game not made: ${made.status} ${await made.text()}`);
  const game = (await made.json()) as CreateGameResponse;
  const person: SeatPlayer = {
    url,
    id: game.id,
    token: game.seats[0]!.token!,
    stats: newStats(),
    random: seededRandom(seed),
    thinkMs: 0,
    budget: Number.POSITIVE_INFINITY,
  };
  const times: number[] = [];
  let view = await getJson<GameSnapshot>(`${url}/api/games/${game.id}`, person);
  for (let turn = 0; turn < TURNS && view.status !== "over"; turn++) {
    if (myTurn(view)) view = await playTurnHttp(person, view);
    if (person.stats.errors.length > 0) throw new Error(person.stats.errors.join("; "));
    let since = performance.now();
    let playing = view.view.hand?.turn;
    while (view.status !== "over" && view.view.hand?.end === null && !myTurn(view)) {
      view = (await getJson<EventsResponse>(`${url}/api/games/${game.id}/events?since=${view.version}&wait=20`, person)).view;
      const now = view.view.hand?.turn;
      if (now !== playing) {
        times.push(performance.now() - since);
        since = performance.now();
        playing = now;
      }
    }
    if (view.view.hand?.end !== null) break;
  }
  return times;
}

export async function computerTurnBench(games = 4): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const service = await startRuntime();
  const rows: string[][] = [];
  const values: Record<string, string> = {};
  try {
    // A warm-up game: the isolate's first decisions are the cold start's (docs/scale.md), not a turn's.
    await playGame(service.url, "club", 2, "classic", "warm");
    for (const level of LEVELS)
      for (const { players, preset } of TABLES) {
        const times = (
          await Promise.all(
            Array.from({ length: games }, (_, g) => playGame(service.url, level, players, preset, `${level}:${players}:${g}`)),
          )
        )
          .flat()
          .sort((a, b) => a - b);
        const row = [
          level,
          preset,
          String(players),
          String(times.length),
          ...[50, 90, 99].map((p) => `${(percentile(times, p) / 1000).toFixed(2)} s`),
          `${(times.at(-1)! / 1000).toFixed(2)} s`,
        ];
        rows.push(row);
        console.log(row.join("  "));
      }
  } finally {
    await service.stop();
    await removeDir(service.persistTo);
  }
  const loadAfter = loadavg()[0]!;
  values.table = markdownTable(
    ["computer", "preset", "players", "computer turns", "p50", "p90", "p99", "max"],
    ["left", "left", "right", "right", "right", "right", "right", "right"],
    rows,
  );
  values.measured = `${new Date().toISOString().slice(0, 10)}, ${games} games a row played at once, at a load of ${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`;
  console.log(`\n${values.table}\n(${values.measured})`);
  const docs = saveFigures("turn", values);
  if (docs.length > 0) console.log(`(figures written into ${docs.join(", ")})`);
}
