/**
 * Replays a game record (docs/record.md) and prints the result as one JSON
 * document: `npm run --silent replay -- path/to/record.json`.
 * Exit status 2 with a BAD_RECORD error for a record that cannot be read.
 */
import { readFileSync } from "node:fs";
import { replayText } from "../src/engine/record.js";

const path = process.argv[2];
let text: string;
try {
  if (!path) throw new Error("usage: npm run --silent replay -- FILE");
  text = readFileSync(path, "utf8");
} catch (e) {
  process.stdout.write(`${JSON.stringify({ error: { code: "BAD_RECORD", message: (e as Error).message } }, null, 2)}\n`);
  process.exit(2);
}
const { status, output } = replayText(text);
process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
process.exit(status);
