/**
 * Durations and the "active" time of a seat's clock: time that counts
 * against a player is wall time minus their declared absences. Pure.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A game's own time: the platform's plus how far the game's clock runs
 * ahead of it (`clockOffset`, always 0 but in local tests that move a game's
 * time on). The one clock the room, "my games" and every message count a
 * game's time by.
 */
export function gameNow(clockOffset: number, platformNow: number = Date.now()): number {
  return platformNow + clockOffset;
}

const DURATION = /^(?:(\d{1,3})d)?(?:(\d{1,4})h)?(?:(\d{1,5})m)?$/;

/** Reads "3d", "12h", "1d12h", "90m"; null for anything else (or nothing). */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match || text.trim() === "") return null;
  const [, d, h, m] = match;
  return Number(d ?? 0) * DAY + Number(h ?? 0) * HOUR + Number(m ?? 0) * MINUTE;
}

/** The shortest text that reads back as `ms` (whole minutes). */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / MINUTE);
  const d = Math.floor(minutes / (24 * 60));
  const h = Math.floor((minutes % (24 * 60)) / 60);
  const m = minutes % 60;
  const text = `${d ? `${d}d` : ""}${h ? `${h}h` : ""}${m ? `${m}m` : ""}`;
  return text || "0m";
}

/** A span a player is away: their clocks stop from `from` until `until`. */
export interface Span {
  readonly from: number;
  readonly until: number;
}

/** The time between `start` and `end` that counts: outside every absence. */
export function activeBetween(start: number, end: number, absences: readonly Span[]): number {
  if (end <= start) return 0;
  let away = 0;
  for (const a of merged(absences)) {
    const from = Math.max(a.from, start);
    const until = Math.min(a.until, end);
    if (until > from) away += until - from;
  }
  return end - start - away;
}

/** When `allowance` of counting time has passed since `start`. */
export function whenElapsed(start: number, allowance: number, absences: readonly Span[]): number {
  let t = start;
  let left = allowance;
  for (const a of merged(absences)) {
    if (a.until <= t) continue;
    if (a.from > t) {
      if (t + left <= a.from) return t + left;
      left -= a.from - t;
    }
    t = Math.max(t, a.until);
  }
  return t + left;
}

/** Whether `at` falls in an absence. */
export function absentAt(at: number, absences: readonly Span[]): Span | null {
  return merged(absences).find((a) => a.from <= at && at < a.until) ?? null;
}

/** Absences sorted and joined where they touch or overlap. */
export function merged(absences: readonly Span[]): Span[] {
  const sorted = absences.filter((a) => a.until > a.from).sort((a, b) => a.from - b.from);
  const out: Span[] = [];
  for (const a of sorted) {
    const last = out[out.length - 1];
    if (last && a.from <= last.until) out[out.length - 1] = { from: last.from, until: Math.max(last.until, a.until) };
    else out.push({ ...a });
  }
  return out;
}
