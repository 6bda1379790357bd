/**
 * The form of the codes a person types (a device code, players/links.ts; a recovery code, players/recovery.ts):
 * Crockford's base32 (no I, L, O, U), so that nothing is misread; case, spaces and dashes do not matter, and I, L, O
 * read as 1, 1, 0. Written by hand: it is a few lines, and no library adds anything.
 */
import { randomBytes } from "../auth";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` random characters (5 bits each: a byte's low five bits, uniform since 32 divides 256). */
export function randomCode(length: number): string {
  let code = "";
  for (const b of randomBytes(length)) code += ALPHABET[b & 31];
  return code;
}

/** The code's characters in groups of `size`, joined by dashes. */
export const grouped = (code: string, size: number): string => code.match(new RegExp(`.{1,${size}}`, "g"))!.join("-");

/** A typed code as it was made (upper case, no spaces or dashes, I and L as 1, O as 0); null if it is not one. */
export function typedForm(code: string): string | null {
  const clean = code.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return clean.length > 0 && [...clean].every((ch) => ALPHABET.includes(ch)) ? clean : null;
}
