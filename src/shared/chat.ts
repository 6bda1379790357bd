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

/**
 * What each quick phrase says, in each language: the table's chat (web/src/i18n) and the notifications
 * (src/server/i18n) both show these, so they are written here once, in the players' own words.
 */
export const PHRASE_TEXTS: { readonly en: Record<QuickPhrase, string>; readonly it: Record<QuickPhrase, string> } = {
  en: {
    hello: "Hello!",
    "your-turn": "Your turn!",
    "nice-hand": "Nice hand!",
    thanks: "Thanks!",
    "good-luck": "Good luck!",
    sorry: "Sorry!",
    "see-you-tomorrow": "See you tomorrow!",
    "well-played": "Well played!",
    lucky: "How lucky!",
    "one-moment": "One moment…",
    "good-night": "Good night!",
    rematch: "Rematch?",
  },
  it: {
    hello: "Ciao!",
    "your-turn": "Tocca a te!",
    "nice-hand": "Bella mano!",
    thanks: "Grazie!",
    "good-luck": "Buona fortuna!",
    sorry: "Scusate!",
    "see-you-tomorrow": "A domani!",
    "well-played": "Ben giocato!",
    lucky: "Che fortuna!",
    "one-moment": "Un attimo…",
    "good-night": "Buonanotte!",
    rematch: "La rivincita?",
  },
};
