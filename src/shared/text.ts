/**
 * The one check for every text a player types that others will read (names
 * now; game names and chat if they come): the server's schemas and the web
 * client use it alike. No schema library here: the client imports it at run
 * time.
 *
 * A text is taken when it is well-formed Unicode (no lone surrogate: a page
 * rewriter or an XML parser fails on one), holds no control character
 * (C0, DEL, C1), no line or paragraph separator, no noncharacter (XML
 * forbids U+FFFE and U+FFFF) and no bidirectional embedding, override or
 * isolate (they turn the text around it, "Trojan Source"); it is trimmed,
 * normalised to NFC (so "é" typed two ways is one name) and then counted in
 * characters (code points), not UTF-16 units. A text that is not empty must
 * show something: one made only of invisible characters (zero-width ones,
 * the Hangul fillers, tag characters, variation selectors, combining marks
 * with nothing to combine with, blank spaces and blank symbols) is refused,
 * a name nobody can see or tell apart.
 */

/** What a player's text may not hold. `u` makes a lone surrogate one code point, matched by \p{Cs}. */
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u202A-\u202E\u2066-\u2069]/u;

/**
 * What shows nothing on its own: the characters Unicode says a renderer may ignore (zero-width spaces and joiners,
 * U+3164 and the other Hangul fillers, tag characters, variation selectors, soft hyphen…), white space, format
 * characters, combining marks, and symbols drawn blank (U+2800 BRAILLE PATTERN BLANK, U+1D159 MUSICAL SYMBOL NULL
 * NOTEHEAD).
 */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cf}\p{M}\u2800\u{1D159}]*$/u;

/** Whether a text shows nothing: empty, or only invisible characters. */
export function showsNothing(text: string): boolean {
  return INVISIBLE.test(text);
}

export type TextCheck = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

/** Whether a text holds a character a player's text may not (an email address's local part is held to it too). */
export function holdsForbidden(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** Characters (code points) in a text, not UTF-16 units. */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Checks a player's text and gives it trimmed and in NFC; `max` counts characters. */
export function checkPlayerText(raw: string, max: number): TextCheck {
  const bad = FORBIDDEN.exec(raw);
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    return {
      ok: false,
      reason: `must not hold U+${code.toString(16).toUpperCase().padStart(4, "0")} (control, separator, noncharacter, bidirectional override or lone surrogate)`,
    };
  }
  const text = raw.trim().normalize("NFC");
  if (characters(text) > max) return { ok: false, reason: `has at most ${max} characters` };
  // Spaces alone, trimmed to nothing, show nothing too: only the empty text passes, as no text at all.
  if (raw !== "" && showsNothing(text))
    return { ok: false, reason: "must show at least one visible character (it holds only invisible ones)" };
  return { ok: true, text };
}

/**
 * Text safe to show whatever was stored before the check above existed: lone
 * surrogates become U+FFFD and what XML 1.0 forbids (controls, U+FFFE,
 * U+FFFF) is dropped. For pages, pictures and messages made from stored names.
 */
export function displayText(text: string): string {
  // Written out rather than String.prototype.toWellFormed, which the ES2023 lib does not type.
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
  );
}

/** The first `max` characters of a text (never half a surrogate pair), with "…" when it was longer. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
