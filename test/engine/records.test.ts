import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  botMove,
  dealFromSeed,
  makeRecord,
  needsDeal,
  newGame,
  nextDealer,
  PRESETS,
  replayText,
  seededRandom,
  startHand,
} from "../../src/engine/index.js";
import { mismatches } from "./expected.js";

const ROOT = join(import.meta.dirname, "..", "records");

function expectations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? expectations(join(dir, entry.name)) : entry.name.endsWith(".expected.json") ? [join(dir, entry.name)] : [],
  );
}

describe("records replay to their expected output", () => {
  it.each(expectations(ROOT).map((path) => [path.slice(ROOT.length + 1), path]))("%s", (_name, path) => {
    const expected = JSON.parse(readFileSync(path, "utf8"));
    const { status, output } = replayText(readFileSync(path.replace(".expected.json", ".json"), "utf8"));
    expect(status).toBe(expected.exit ?? 0);
    if (expected.error) expect((output as { error: { code: string } }).error.code).toBe(expected.error);
    expect(mismatches(expected, output as Record<string, unknown>)).toEqual([]);
  });
});

// Each test starts npm and Node: seconds on a busy machine, so more time than the default.
describe("the replay command", { timeout: 30_000 }, () => {
  const replay = (file: string) => {
    try {
      return { status: 0, stdout: execFileSync("npm", ["run", "--silent", "replay", "--", file], { encoding: "utf8" }) };
    } catch (e) {
      const failed = e as { status: number; stdout: string };
      return { status: failed.status, stdout: failed.stdout };
    }
  };

  it("prints exactly one JSON document and exits 0", () => {
    const file = join(ROOT, "examples", "03-close.json");
    const { status, stdout } = replay(file);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual(replayText(readFileSync(file, "utf8")).output);
  });

  it("refuses a malformed record with exit status 2 and BAD_RECORD", () => {
    const { status, stdout } = replay(join(ROOT, "90-bad-json.json"));
    expect(status).toBe(2);
    expect(JSON.parse(stdout).error.code).toBe("BAD_RECORD");
  });
});

describe("a record the engine produced replays to the same match", () => {
  it.each([
    [2, "classic"],
    [3, "chiuso"],
    [4, "classic"],
    [4, "aperto-sporco"],
  ] as const)("%i players, %s, a whole match", (players, preset) => {
    const random = seededRandom(`${players}${preset}`);
    let state = newGame(PRESETS[preset], players);
    for (let h = 0; needsDeal(state); h++) {
      const started = startHand(state, dealFromSeed(`${preset}/${h}`, players, nextDealer(state, 0), PRESETS[preset].jokers));
      if (!started.ok) throw new Error(started.error);
      state = started.value.state;
      while (!state.hand!.end) state = botMove(state, random).outcome.state;
    }
    expect(state.over).toBe(true);
    const text = JSON.stringify(makeRecord(state, { names: Array.from({ length: players }, (_, i) => `P${i}`) }));
    const { status, output } = replayText(text);
    expect(status).toBe(0);
    const replay = output as { moves: { ok: boolean }[]; match: unknown; hands: { scores: unknown }[] };
    expect(replay.moves.every((m) => m.ok)).toBe(true);
    expect(replay.match).toEqual({ totals: state.totals, over: true, winner: state.winner });
    expect(replay.hands.map((h) => h.scores)).toEqual([...state.past, state.hand!].map((h) => h.scores));
  });
});

describe("the expectation matcher", () => {
  const output = {
    moves: [{ hand: 0, index: 0, ok: false, code: "NOT_YOUR_TURN" }],
    hands: [
      {
        melds: [{ id: 0, kind: "set", cards: ["5S", "5H", "5D"] }],
        scores: [
          { team: 1, total: -160 },
          { team: 0, total: 680 },
        ],
      },
    ],
  };
  it("accepts a subset, sets in any order, scores by team", () => {
    expect(
      mismatches(
        {
          exit: 0,
          moves: [{ ok: false }],
          hands: [{ melds: [{ id: 0, cards: ["5D", "5S", "5H"], kind: "set" }], scores: [{ team: 0, total: 680 }] }],
        },
        output,
      ),
    ).toEqual([]);
  });
  it("reports a wrong code, a missing meld, a wrong sequence order and a missing move", () => {
    expect(mismatches({ moves: [{ ok: false, code: "HAND_OVER" }] }, output)).toHaveLength(1);
    expect(mismatches({ hands: [{ melds: [{ id: 3 }] }] }, output)).toHaveLength(1);
    expect(mismatches({ hands: [{ melds: [{ id: 0, kind: "set", cards: ["5D", "5S"] }] }] }, output)).toHaveLength(1);
    expect(mismatches({ moves: [{ ok: false }, { ok: true }] }, output).length).toBeGreaterThan(0);
  });
});
