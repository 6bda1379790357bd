/**
 * How much random play a test does. `npm test` runs the quick sizes, so the
 * suite stays fast on a small machine; `npm run test:long` (TEST_LONG=1) runs
 * the full soak with the same checks. A named variable (e.g. PROPERTY_HANDS)
 * sets one size outright.
 */
export const LONG = process.env.TEST_LONG === "1";

export function size(quick: number, long: number, variable?: string): number {
  const set = variable === undefined ? undefined : process.env[variable];
  return set ? Number(set) : LONG ? long : quick;
}

/**
 * A per-test timeout for work that is bounded (a fixed number of runs): long
 * enough that a slow or busy machine never fails it, since no test may depend
 * on the machine's speed.
 */
export const BOUNDED_WORK_TIMEOUT = 600_000;
