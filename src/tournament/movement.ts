import type { Movement, OddEntries, Pairing, Side, Withdrawal } from "./types";

/**
 * The movements: who plays whom in each round. Pure and deterministic: the
 * only chance is the draw made when the tournament starts (`order`, from the
 * service's cryptographic source), so a round's tables can be made again
 * from the log and checked by anyone.
 */

/** The entries at the start, in the order drawn, and what became of each since. */
export interface Field {
  /** Every entry in the tournament when it started, in the order drawn. */
  readonly order: readonly number[];
  readonly odd: OddEntries;
  /** Entries withdrawn before the round being paired, and what their remaining rounds became. */
  readonly withdrawn: ReadonlyMap<number, Withdrawal>;
}

/** Which movement pairs round `round` (from 0) of `rounds`: Mitchell then Danish plays its last round Danish. */
export function movementOf(movement: Movement, round: number, rounds: number): "mitchell" | "danish" {
  if (movement === "mitchell-danish") return round === rounds - 1 && rounds > 1 ? "danish" : "mitchell";
  return movement;
}

/** A withdrawn entry whose rounds are lost by forfeit no longer plays; one the computer plays for still does. */
const forfeits = (field: Field, entry: number) => field.withdrawn.get(entry) === "forfeit";

/** The place left over when the field is odd: a bye, or the house's computer. */
function leftOver(field: Field, entry: number, table: number): Pairing {
  return field.odd === "bye" ? { kind: "bye", entry } : { kind: "table", table, sides: [entry, null] };
}

/**
 * A Mitchell round. The drawn order is split in two: the first half sits
 * North-South at tables 1…T and stays there; the second half sits East-West
 * and moves one table up each round (from table T back to 1), so that over
 * T rounds every East-West entry meets every North-South one; later rounds
 * start the cycle again. With an odd field the last East-West place is
 * vacant: whoever meets it has a bye, or plays the computer. An entry
 * withdrawn by forfeit gives its opponent the round (no table); both gone,
 * the table is empty.
 */
export function mitchellRound(field: Field, round: number): Pairing[] {
  const n = field.order.length;
  const tables = Math.ceil(n / 2);
  const ns = field.order.slice(0, tables);
  // The vacant place (null) of an odd field is the last East-West one.
  const ew: (number | null)[] = [...field.order.slice(tables), ...(n % 2 === 1 ? [null] : [])];
  const out: Pairing[] = [];
  for (let t = 0; t < tables; t++) {
    const north = ns[t]!;
    const east = ew[(((t - round) % tables) + tables) % tables]!;
    const table = t + 1;
    const sides: Side[] = [north, east];
    const present = sides.filter((s): s is number => s !== null && !forfeits(field, s));
    const gone = sides.filter((s): s is number => s !== null && forfeits(field, s));
    if (east === null) {
      if (present.length === 1) out.push(leftOver(field, present[0]!, table));
    } else if (gone.length === 1 && present.length === 1) {
      out.push({ kind: "forfeit", entry: present[0]!, against: gone[0]! });
    } else if (present.length === 2) {
      out.push({ kind: "table", table, sides: [north, east] });
    }
  }
  return out;
}

/**
 * A Danish round: the entries still playing, ranked by the standings so far
 * (`ranking`, best first; for a first round, the draw), play first against
 * second, third against fourth, and so on, the better-placed at seat 0.
 * Opponents may meet again: that is the Danish way. With an odd number the
 * lowest-placed entry that has not had a bye yet sits out (else the lowest),
 * or the lowest-placed plays the computer. Tables are numbered from the top.
 */
export function danishRound(field: Field, ranking: readonly number[], byesHad: ReadonlySet<number>): Pairing[] {
  const playing = ranking.filter((entry) => !forfeits(field, entry));
  const out: Pairing[] = [];
  let spare: number | null = null;
  if (playing.length % 2 === 1) {
    if (field.odd === "bye") {
      const fresh = [...playing].reverse().find((entry) => !byesHad.has(entry));
      spare = fresh ?? playing[playing.length - 1]!;
    } else spare = playing[playing.length - 1]!;
  }
  const paired = playing.filter((entry) => entry !== spare);
  for (let i = 0; i + 1 < paired.length; i += 2) {
    out.push({ kind: "table", table: i / 2 + 1, sides: [paired[i]!, paired[i + 1]!] });
  }
  if (spare !== null) out.push(leftOver(field, spare, paired.length / 2 + 1));
  return out;
}

/** The tables of a round (no bye, no forfeit), in table order. */
export function tablesOf(pairings: readonly Pairing[]): Extract<Pairing, { kind: "table" }>[] {
  return pairings.filter((p): p is Extract<Pairing, { kind: "table" }> => p.kind === "table").sort((a, b) => a.table - b.table);
}
