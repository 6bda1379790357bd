import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTournamentRecord, replayTournamentText, TOURNAMENT_RECORD, type TournamentRecord } from "../../src/tournament/record";
import { type Settings, Tournament, type TournamentLog } from "../../src/tournament/state";
import type { TablePairing } from "../../src/tournament/types";

/**
 * A tournament's record plays back to itself: its rounds' tables are the
 * movement's, its victory points the FIBur table's, its standings those of
 * its results; a record changed by hand does not, and says where; one that
 * cannot be read is refused (scripts/replay-tournament.ts, exit 2).
 */

const SETTINGS: Settings = {
  name: "Torneo",
  format: "individual",
  preset: "fibur",
  rounds: 3,
  hands: 1,
  movement: "mitchell-danish",
  perMove: 86_400_000,
  timeout: "claim",
  roundTime: 7 * 86_400_000,
  registrationUntil: null,
  maxEntries: null,
  visibility: "public",
  odd: "bye",
  withdrawal: "forfeit",
  rated: false,
  level: "club",
  duplicate: true,
};

/** Five entries over three rounds (Mitchell, Mitchell, Danish), each table's result made up from its number. */
function played(): TournamentRecord {
  const log: TournamentLog[] = [{ type: "created", id: "T".repeat(24), settings: SETTINGS, organiser: "o", inviteHash: null }];
  for (let e = 0; e < 5; e++)
    log.push({ type: "entered", entry: e, members: [{ player: `p${e}`, name: `P${e}`, computer: null }], partnerHash: null });
  log.push({ type: "started", order: [3, 0, 4, 1, 2] });
  for (let round = 0; round < 3; round++) {
    const t = Tournament.fold(log);
    const pairings = t.nextPairings();
    const tables = pairings.filter((p): p is TablePairing => p.kind === "table");
    log.push({ type: "roundPlanned", round, pairings, deadline: 0, deals: [] });
    log.push({ type: "tablesMade", round, tables: tables.map((p) => ({ table: p.table, game: `g${round}-${p.table}` })) });
    if (round === 1) log.push({ type: "withdrawn", entry: 4, mode: "forfeit" });
    for (const table of tables) {
      const a = 1000 + 350 * table.table * (round + 1);
      log.push({ type: "tableEnded", round, table: table.table, result: { totals: [a, 1200], hands: [[a, 1200]] } });
    }
  }
  return makeTournamentRecord(log, (g) => `https://burraco.example/api/games/${g}/record`);
}

describe("a tournament's record", () => {
  it("plays back to its own tables, victory points and standings", () => {
    const record = played();
    expect(record.format).toBe(TOURNAMENT_RECORD);
    expect(record.rounds.map((r) => r.movement)).toEqual(["mitchell", "mitchell", "danish"]);
    const { status, output } = replayTournamentText(JSON.stringify(record));
    expect(output).toMatchObject({ ok: true, problems: [] });
    expect(status).toBe(0);
  });

  it("says what does not hold in a record changed by hand", () => {
    const record = played();
    const vp = structuredClone(record);
    Object.assign(vp.rounds[0]!.tables[0]!, { vp: [20, 0] });
    expect(replayTournamentText(JSON.stringify(vp)).output).toMatchObject({ ok: false, problems: [expect.stringContaining("VP")] });
    const tables = structuredClone(record);
    const first = tables.rounds[1]!.pairings.find((p) => p.kind === "table") as unknown as { sides: number[] };
    first.sides = [...first.sides].reverse();
    expect(replayTournamentText(JSON.stringify(tables)).output).toMatchObject({
      problems: expect.arrayContaining([expect.stringContaining("the tables are not the movement's")]),
    });
    const ranks = structuredClone(record);
    Object.assign(ranks.standings[0]!, { vp: ranks.standings[0]!.vp + 1 });
    const { status, output } = replayTournamentText(JSON.stringify(ranks));
    expect(status).toBe(1);
    expect(output).toMatchObject({ problems: ["the standings are not those the results give"] });
  });

  it("refuses what is not a record, from the command line too", () => {
    expect(replayTournamentText("{").status).toBe(2);
    expect(replayTournamentText(JSON.stringify({ format: "burraco-record/1" })).status).toBe(2);
    expect(replayTournamentText(JSON.stringify({ format: TOURNAMENT_RECORD, rounds: 3 })).status).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), "tournament-record-"));
    writeFileSync(join(dir, "good.json"), JSON.stringify(played()));
    writeFileSync(join(dir, "bad.json"), "not json");
    const run = (file: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/replay-tournament.ts", join(dir, file)], { encoding: "utf8" });
    const good = run("good.json");
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ ok: true });
    const bad = run("bad.json");
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: "BAD_RECORD" } });
  });
});
