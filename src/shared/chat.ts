/**
 * The table's chat, as server and client share it. No schema library here:
 * the web client imports it at run time.
 *
 * Quick phrases travel as codes, never as text: each reader sees them in
 * their own language (web/src/i18n, src/server/i18n), and a phrase needs no
 * text check. The codes are a public interface: add new ones, never rename.
 */
export const QUICK_PHRASES = [
  "hello",
  "your-turn",
  "nice-hand",
  "thanks",
  "good-luck",
  "sorry",
  "see-you-tomorrow",
  "well-played",
  "lucky",
  "one-moment",
  "good-night",
  "rematch",
] as const;

export type QuickPhrase = (typeof QUICK_PHRASES)[number];

export function isQuickPhrase(value: unknown): value is QuickPhrase {
  return typeof value === "string" && (QUICK_PHRASES as readonly string[]).includes(value);
}

/** Who reads the table's chat besides its seated players: nobody (the default) or everyone (spectators and embeds too). */
export const CHAT_AUDIENCES = ["players", "everyone"] as const;
export type ChatAudience = (typeof CHAT_AUDIENCES)[number];

export const CHAT_LIMITS = {
  /** Longest message, in characters (code points), after trimming. */
  textLength: 300,
  /** A seat's messages at once, then one more every `refillSeconds`. */
  burst: 6,
  refillSeconds: 5,
  /** And at most this many an hour (a table is not a chat room). */
  perHour: 120,
  /** At most one email about a game's chat per reader and hour. */
  emailEverySeconds: 3600,
} as const;
