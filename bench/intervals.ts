/**
 * The bench's 95% intervals. A share of wins is a proportion: its interval is Wilson's score interval, which stays
 * inside 0–100% and is honest at the edges (10 wins in 10 deals is 72–100%, not "100% ± 0"), where the normal
 * approximation (p ± 1.96·√(p(1−p)/n)) collapses to a width of zero. A mean (points per hand) keeps the normal one.
 * Written here rather than taken from a statistics package: two formulas, and the bench needs nothing else of one.
 */

export const Z = 1.96;

/** Wilson's score interval for `share` of `n` trials (ties counted half are fine: the share is what is estimated). */
export function wilson(share: number, n: number): { lo: number; hi: number } {
  if (n <= 0) return { lo: 0, hi: 1 };
  const z2 = Z * Z;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z / (1 + z2 / n)) * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

export const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/** The half-width of the normal 95% interval of the mean of `xs`. */
export function meanInterval(xs: readonly number[]): number {
  const m = mean(xs);
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
  return (Z * sd) / Math.sqrt(Math.max(1, xs.length));
}

/** A deal's result from the side's lead over it: won, lost, or a tie counting half. */
export const winOf = (lead: number) => (lead > 0 ? 1 : lead === 0 ? 0.5 : 0);

/** A share with its Wilson interval, as the tables write it: "62.0% (55.1–68.4)". */
export function shareText(share: number, n: number): string {
  const { lo, hi } = wilson(share, n);
  return `${(100 * share).toFixed(1)}% (${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)})`;
}

/**
 * A target on a share of paired hands: met when the whole 95% interval is at or above it, missed when the whole
 * interval is below it, and otherwise said to be within the noise, on the side the share itself lies.
 */
export function targetVerdict(share: number, deals: number, target: number): string {
  const { lo, hi } = wilson(share, deals);
  if (lo >= target) return "met   ";
  if (hi < target) return "MISSED";
  return share >= target ? "met?  " : "MISSED?";
}
