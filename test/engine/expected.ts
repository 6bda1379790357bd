/**
 * The matching rules of the example records' `NAME.expected.json`: every key
 * the expectation holds must be equal in the replay output; moves match in
 * order, melds by id, scores by team; a set's cards compare as a multiset.
 */
export function mismatches(expected: Record<string, unknown>, output: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const { exit: _exit, error: _error, ...rest } = expected;
  compare(rest, output, "", problems);
  return problems;
}

type Json = unknown;

function compare(want: Json, got: Json, path: string, problems: string[]): void {
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) return void problems.push(`${path}: expected a list, got ${JSON.stringify(got)}`);
    const key = path.endsWith(".melds") ? "id" : path.endsWith(".scores") ? "team" : null;
    for (const [i, item] of want.entries()) {
      const match = key ? got.find((g) => (g as Record<string, unknown>)?.[key] === (item as Record<string, unknown>)[key]) : got[i];
      if (match === undefined) problems.push(`${path}[${i}]: missing in output`);
      else if (key === "id" && (item as Record<string, unknown>).kind === "set") compareSet(item, match, `${path}[${i}]`, problems);
      else compare(item, match, `${path}[${i}]`, problems);
    }
    if (!key && path.endsWith(".moves") && got.length !== want.length)
      problems.push(`${path}: ${got.length} entries, expected ${want.length}`);
    return;
  }
  if (typeof want === "object" && want !== null) {
    if (typeof got !== "object" || got === null) return void problems.push(`${path}: expected an object, got ${JSON.stringify(got)}`);
    for (const [k, v] of Object.entries(want)) compare(v, (got as Record<string, unknown>)[k], `${path}.${k}`, problems);
    return;
  }
  if (want !== got) problems.push(`${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
}

function compareSet(want: Json, got: Json, path: string, problems: string[]): void {
  const { cards, ...rest } = want as Record<string, unknown>;
  compare(rest, got, path, problems);
  const sorted = (x: unknown) => JSON.stringify([...((x as string[]) ?? [])].sort());
  if (cards !== undefined && sorted(cards) !== sorted((got as Record<string, unknown>).cards)) {
    problems.push(
      `${path}.cards: expected ${JSON.stringify(cards)} in any order, got ${JSON.stringify((got as Record<string, unknown>).cards)}`,
    );
  }
}
