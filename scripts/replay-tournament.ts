/**
 * Plays a tournament's record back (docs/tournaments.md) and prints the
 * check as one JSON document: `npm run --silent replay:tournament -- FILE
 * [--games DIR]`. FILE is what `GET /api/tournaments/{id}/record` answers;
 * DIR (optional) holds its tables' game records as `<game id>.json` (what
 * `GET /api/games/{id}/record` answers), which are then replayed with the
 * rules engine too. Exit status 0 when it replays to itself, 1 when it does
 * not (the problems are listed), 2 with BAD_RECORD when it cannot be read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { replayTournamentText } from "../src/tournament/record.js";

const args = process.argv.slice(2);
const path = args[0];
const dir = args[1] === "--games" ? args[2] : undefined;
let text: string;
const games: Record<string, unknown> = {};
try {
  if (!path || (args[1] !== undefined && !dir)) throw new Error("usage: npm run --silent replay:tournament -- FILE [--games DIR]");
  text = readFileSync(path, "utf8");
  for (const file of dir ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [])
    games[basename(file, ".json")] = JSON.parse(readFileSync(join(dir!, file), "utf8"));
} catch (e) {
  process.stdout.write(`${JSON.stringify({ error: { code: "BAD_RECORD", message: (e as Error).message } }, null, 2)}\n`);
  process.exit(2);
}
const { status, output } = replayTournamentText(text, games);
process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
process.exit(status);
