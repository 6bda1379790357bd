import { t } from "../i18n/index";

/** Times of the correspondence clock in the player's words and in their own time zone (the browser's). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span, largest units first and two of them at most: "2 days 3 h",
 * "5 h 20 min", and with `seconds` under an hour "12 min 5 s".
 */
export function span(ms: number, seconds = false): string {
  const c = t.clock;
  const total = Math.max(0, ms);
  if (total >= DAY) {
    const d = Math.floor(total / DAY);
    const h = Math.floor((total % DAY) / HOUR);
    return h ? c.join(c.days(d), c.hours(h)) : c.days(d);
  }
  if (total >= HOUR) {
    const h = Math.floor(total / HOUR);
    const m = Math.floor((total % HOUR) / MINUTE);
    return m ? c.join(c.hours(h), c.minutes(m)) : c.hours(h);
  }
  const m = Math.floor(total / MINUTE);
  if (!seconds) return m ? c.minutes(m) : c.underMinute;
  const s = Math.floor((total % MINUTE) / SECOND);
  return m ? (s ? c.join(c.minutes(m), c.seconds(s)) : c.minutes(m)) : c.seconds(s);
}

/** A duration as the API writes it ("3d", "1d12h", "90m") in milliseconds. */
export function durationMs(text: string): number {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/.exec(text);
  if (!match) return 0;
  return Number(match[1] ?? 0) * DAY + Number(match[2] ?? 0) * HOUR + Number(match[3] ?? 0) * MINUTE;
}

/** The exact time, with the date and the zone: "Tue 12 May, 09:30 GMT+2" in the viewer's own time zone. */
export function exactTime(iso: string | number): string {
  return new Intl.DateTimeFormat(t.locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** A day: "12 May", "12 maggio", and in Italian the first of the month as it is written, "1º maggio". */
export function day(iso: string | number): string {
  const text = new Intl.DateTimeFormat(t.locale, { day: "numeric", month: "long" }).format(new Date(iso));
  // Intl writes "1 maggio": Italian writes the first of a month as an ordinal.
  return t.locale.startsWith("it") ? text.replace(/^1 /, "1º ") : text;
}

/** A day and time without the zone, for lists: "12 May, 09:30". */
export function dayTime(iso: string | number): string {
  return new Intl.DateTimeFormat(t.locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** How often a countdown showing `left` needs redrawing: each second under an hour, each minute otherwise. */
export function tickFor(left: number): number {
  return left < HOUR ? SECOND : MINUTE;
}

export { DAY, HOUR, MINUTE };
