/**
 * Italian prepositions before a player's name, as players say them (docs/italian.md): "a Bruno", "ad Anna"; a
 * generic name ("Giocatore 2", "Computer · circolo") takes the article: "al Giocatore 2", "del Giocatore 2", "dal
 * Computer · circolo". Both clients' catalogs use it.
 */

const GENERIC = /^(giocatore|computer)(?![\p{L}])/iu;
const WITH_ARTICLE = { a: "al", di: "del", da: "dal" } as const;

export function prep(preposition: "a" | "di" | "da", who: string): string {
  if (GENERIC.test(who)) return `${WITH_ARTICLE[preposition]} ${who}`;
  if (preposition === "a" && /^a/i.test(who)) return `ad ${who}`;
  return `${preposition} ${who}`;
}
