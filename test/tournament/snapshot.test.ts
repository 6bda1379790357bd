import { describe, expect, it } from "vitest";
import { allParts, checkpointParts, ENTRIES_PER_PART, fromParts, fromSnapshot, partOf, snapshotOf } from "../../src/tournament/snapshot";
import { type Member, type Settings, Tournament, type TournamentLog } from "../../src/tournament/state";
import type { TablePairing } from "../../src/tournament/types";

/**
 * A tournament's checkpoint holds exactly what folding its log made: a
 * tournament read from it, with the entries after it folded in, is the
 * tournament folded from the whole log — wherever the checkpoint was taken.
 */

const SETTINGS: Settings = {
  name: "Torneo a coppie",
  format: "pairs",
  preset: "fibur",
  rounds: 3,
  hands: 2,
  movement: "mitchell-danish",
  perMove: 86_400_000,
  timeout: "claim",
  roundTime: 7 * 86_400_000,
  registrationUntil: null,
  maxEntries: null,
  visibility: "invitation",
  odd: "bye",
  withdrawal: "forfeit",
  rated: true,
  level: "club",
  duplicate: true,
};

const DEAL = {
  dealer: 3 as const,
  hands: [["AS", "2C"], ["JK"], ["3D"], ["4H"]],
  pozzetti: [["5S"], ["6S"]],
  discard: ["7C"],
  stock: ["8D"],
};

const person = (p: string, origin: boolean): Member => ({
  player: `player-${p}`,
  name: `Nome ${p} è`,
  computer: null,
  ...(origin
    ? { origin: { network: p === "c" ? null : `net-${p}`, device: `dev-${p}`, mailboxes: p === "a" ? [] : [`mail-${p}`, `box-${p}`] } }
    : {}),
});

/** Six pairs registered (one removed, one joined by its partner's link), three rounds with a bye, a forfeit, lost tables, a close. */
function log(): TournamentLog[] {
  const out: TournamentLog[] = [{ type: "created", id: "T".repeat(24), settings: SETTINGS, organiser: "o", inviteHash: "h" }];
  for (let e = 0; e < 6; e++) {
    const members = e === 2 ? [person(`${e}a`, true)] : [person(`${e}a`, e % 2 === 0), person(`${e}b`, false)];
    out.push({ type: "entered", entry: e, members, partnerHash: e === 2 ? "partner-hash" : null });
  }
  out.push({ type: "partnerJoined", entry: 2, member: person("2b", true) });
  out.push({ type: "removed", entry: 5, by: "organiser" });
  out.push({ type: "started", order: [3, 0, 4, 1, 2] });
  for (let round = 0; round < 3; round++) {
    const t = Tournament.fold(out);
    const pairings = t.nextPairings();
    const tables = pairings.filter((p): p is TablePairing => p.kind === "table");
    out.push({ type: "roundPlanned", round, pairings, deadline: 1000 * (round + 1), deals: [DEAL, { ...DEAL, dealer: 0 }] });
    out.push({ type: "tablesMade", round, tables: tables.slice(0, 1).map((p) => ({ table: p.table, game: `g${round}-${p.table}` })) });
    out.push({ type: "tablesMade", round, tables: tables.slice(1).map((p) => ({ table: p.table, game: `g${round}-${p.table}` })) });
    if (round === 0) out.push({ type: "withdrawn", entry: 4, mode: "forfeit" });
    if (round === 2) out.push({ type: "roundClosed", round });
    for (const table of tables) {
      const a = 1000 + 350 * table.table * (round + 1);
      const lost =
        table.table === 2 ? { lost: { side: 1 as const, reason: round === 2 ? ("timeout" as const) : ("resigned" as const) } } : {};
      out.push({
        type: "tableEnded",
        round,
        table: table.table,
        result: {
          totals: [a, 1200],
          hands: [
            [a, 600],
            [0, 600],
          ],
          ...lost,
        },
      });
    }
  }
  out.push({ type: "ended", reason: "complete" });
  return out;
}

function state(t: Tournament) {
  return { entries: t.entries, order: t.order, rounds: t.rounds, ended: t.ended, version: t.version, standings: t.standings() };
}

describe("a tournament's checkpoint", () => {
  it("reads back, wherever it was taken, to the tournament the whole log folds to", () => {
    const whole = log();
    expect(whole.some((b) => b.type === "roundPlanned" && b.pairings.some((p) => p.kind === "bye"))).toBe(true);
    expect(whole.some((b) => b.type === "roundPlanned" && b.pairings.some((p) => p.kind === "forfeit"))).toBe(true);
    const folded = Tournament.fold(whole);
    for (let cut = 1; cut <= whole.length; cut++) {
      const resumed = fromSnapshot(snapshotOf(Tournament.fold(whole.slice(0, cut))));
      for (const body of whole.slice(cut)) resumed.apply(body);
      expect(state(resumed)).toEqual(state(folded));
      expect(snapshotOf(resumed)).toBe(snapshotOf(folded));
      expect(resumed.nextPairings()).toEqual(folded.nextPairings());
    }
  });

  it("kept up to date by writing only the head and the parts touched since the last, reads back to the log so far", () => {
    const whole = log();
    for (const every of [1, 3, 7]) {
      const t = Tournament.fold(whole.slice(0, 1));
      const kept = checkpointParts(t, allParts(t));
      let touched = new Set<ReturnType<typeof partOf>>();
      for (const [i, body] of whole.slice(1).entries()) {
        t.apply(body);
        touched.add(partOf(body));
        if ((i + 1) % every !== 0) continue;
        for (const [part, text] of checkpointParts(t, ["head", ...touched])) kept.set(part, text);
        touched = new Set();
        expect(snapshotOf(fromParts(kept))).toBe(snapshotOf(Tournament.fold(whole.slice(0, i + 2))));
      }
    }
  });

  it("is shorter than the log it stands for", () => {
    const whole = log();
    const text = snapshotOf(Tournament.fold(whole));
    expect(text.length).toBeLessThan(whole.map((b) => JSON.stringify(b)).join("").length * 0.75);
  });

  it("writes the parts an entry changed, and refuses a checkpoint of another version or with a part missing", () => {
    const whole = log();
    const t = Tournament.fold(whole);
    expect(allParts(t)).toEqual(["head", "entries:0", "round:0", "round:1", "round:2"]);
    expect(whole.map(partOf).slice(0, 4)).toEqual(["head", "entries:0", "entries:0", "entries:0"]);
    expect(partOf({ type: "tableEnded", round: 2, table: 1, result: { totals: [0, 0], hands: [] } })).toBe("round:2");
    expect(partOf({ type: "withdrawn", entry: ENTRIES_PER_PART + 1, mode: "computer" })).toBe("entries:1");
    const parts = checkpointParts(t, allParts(t));
    expect(fromParts(parts).version).toBe(t.version);
    const other = new Map(parts).set("head", parts.get("head")!.replace('"v":1', '"v":2'));
    expect(() => fromParts(other)).toThrow(/unknown version/);
    const missing = new Map(parts);
    missing.delete("round:1");
    expect(() => fromParts(missing)).toThrow(/without its part round:1/);
  });
});
