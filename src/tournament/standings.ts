import { roundScores } from "./score";
import type { EntryRound, RoundOutcome, Standing } from "./types";

/**
 * The standings after the rounds so far, with the tie-breaks a club uses:
 * victory points, then the points difference, then head to head (the
 * victory points won against the other entries tied on both); entries tied
 * on all three share a rank and are listed by entry number. A table still
 * playing counts once it ends.
 */
export function standings(entries: readonly number[], rounds: readonly RoundOutcome[]): Standing[] {
  return standingsFrom(
    entries,
    rounds.map((outcome, round) => roundScores(round, outcome)),
  );
}

/** The same from each round's scores (score.ts `roundScores`), which a caller may keep for rounds that no longer change. */
export function standingsFrom(entries: readonly number[], scored: readonly ReadonlyMap<number, EntryRound>[]): Standing[] {
  const rows = entries.map((entry) => {
    const played: EntryRound[] = [];
    let vp = 0;
    let forPoints = 0;
    let against = 0;
    let duplicate = 0;
    let tables = 0;
    for (const round of scored) {
      const r = round.get(entry);
      if (!r) continue;
      played.push(r);
      vp += r.vp;
      forPoints += r.for;
      against += r.against;
      duplicate += r.duplicate;
      if (r.kind === "table") tables++;
    }
    return { entry, vp, for: forPoints, against, diff: forPoints - against, duplicate, played: tables, rounds: played };
  });
  rows.sort((a, b) => b.vp - a.vp || b.diff - a.diff || a.entry - b.entry);
  const out: Standing[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j]!.vp === rows[i]!.vp && rows[j]!.diff === rows[i]!.diff) j++;
    if (j === i + 1) {
      out.push({ rank: i + 1, headToHead: 0, ...rows[i]! });
      i = j;
      continue;
    }
    const tied = rows.slice(i, j);
    const members = new Set(tied.map((r) => r.entry));
    const h2h = (r: (typeof rows)[number]) =>
      r.rounds.reduce((s, x) => s + (typeof x.opponent === "number" && members.has(x.opponent) ? x.vp : 0), 0);
    const ranked = tied.map((r) => ({ ...r, headToHead: h2h(r) })).sort((a, b) => b.headToHead - a.headToHead || a.entry - b.entry);
    ranked.forEach((r, k) => {
      const rank = k > 0 && ranked[k - 1]!.headToHead === r.headToHead ? out[out.length - 1]!.rank : i + k + 1;
      out.push({ rank, ...r });
    });
    i = j;
  }
  return out;
}

/** The entries in the order of the standings (ties by entry number), for a Danish round's pairing. */
export function ranking(table: readonly Standing[]): number[] {
  return table.map((s) => s.entry);
}
