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
  const lines = new Map<number, EntryRound[]>(entries.map((e) => [e, []]));
  rounds.forEach((outcome, round) => {
    for (const [entry, scored] of roundScores(round, outcome)) lines.get(entry)?.push(scored);
  });
  const rows = entries.map((entry) => {
    const played = lines.get(entry)!;
    const sum = (f: (r: EntryRound) => number) => played.reduce((s, r) => s + f(r), 0);
    const forPoints = sum((r) => r.for);
    const against = sum((r) => r.against);
    return {
      entry,
      vp: sum((r) => r.vp),
      for: forPoints,
      against,
      diff: forPoints - against,
      duplicate: sum((r) => r.duplicate),
      played: played.filter((r) => r.kind === "table").length,
      rounds: played,
    };
  });
  rows.sort((a, b) => b.vp - a.vp || b.diff - a.diff || a.entry - b.entry);
  const out: Standing[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j]!.vp === rows[i]!.vp && rows[j]!.diff === rows[i]!.diff) j++;
    const tied = rows.slice(i, j);
    const members = new Set(tied.map((r) => r.entry));
    const h2h = (r: (typeof rows)[number]) =>
      members.size < 2 ? 0 : r.rounds.reduce((s, x) => s + (typeof x.opponent === "number" && members.has(x.opponent) ? x.vp : 0), 0);
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
