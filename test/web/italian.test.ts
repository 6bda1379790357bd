import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { it as server } from "../../src/server/i18n/it";
import { PHRASE_TEXTS } from "../../src/shared/chat";
import { PRESET_INFO } from "../../src/shared/presets";
import { en, it as web } from "./words";

/**
 * The Italian a player reads, on every channel: the web client's catalog, the server's (emails, pushes, webhooks,
 * link previews), the quick chat phrases and the presets. The glossary of docs/italian.md says which words we never
 * use; this test reads it and refuses any Italian text that uses one, and checks the small rules of the language
 * the catalogs' functions apply (articles before names, "fino al" before a date).
 */

const glossary = readFileSync(fileURLToPath(new URL("../../docs/italian.md", import.meta.url)), "utf8");

/** Every word of the glossary's last column (the words we never use). */
function refused(): string[] {
  const rows = glossary.split("\n").filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line));
  const words: string[] = [];
  for (const row of rows.slice(1)) {
    const never = row.split("|").at(-2) ?? "";
    // Only the words in backticks: what follows in brackets explains them.
    for (const match of never.replace(/\(.*?\)/g, "").matchAll(/`([^`]+)`/g)) words.push(match[1]!);
  }
  return words;
}

/**
 * The words a function of a catalog writes: the text of its string literals and templates, nested ones included,
 * without the code around and inside them (a parameter named `round` is not a word a reader sees). A small scanner
 * rather than a regular expression, which cannot follow a template inside a template's `${…}`.
 */
function wordsOf(source: string): string {
  const words: string[] = [];
  // A stack of contexts: code (with its open braces) or a string literal (its quote).
  const stack: ({ code: number } | { quote: string })[] = [{ code: 0 }];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const top = stack[stack.length - 1]!;
    if ("quote" in top) {
      if (ch === "\\") {
        words.push(source[++i] ?? "");
      } else if (ch === top.quote) {
        stack.pop();
        words.push(" | ");
      } else if (top.quote === "`" && ch === "$" && source[i + 1] === "{") {
        stack.push({ code: 0 });
        words.push(" ");
        i++;
      } else words.push(ch);
    } else if (ch === '"' || ch === "'" || ch === "`") stack.push({ quote: ch });
    else if (ch === "{") top.code++;
    else if (ch === "}") {
      if (top.code > 0) top.code--;
      else if (stack.length > 1) stack.pop();
    }
  }
  return words.join("");
}

/** Every text of a catalog: its strings, and the words of its functions (their templates and literals). */
function texts(tree: unknown, path = ""): [string, string][] {
  if (typeof tree === "string") return [[path, tree]];
  if (typeof tree === "function") return [[path, wordsOf(tree.toString())]];
  if (tree !== null && typeof tree === "object")
    return Object.entries(tree).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

const ITALIAN: [string, string][] = [
  ...texts(web, "web"),
  ...texts(server, "server"),
  ...texts(PHRASE_TEXTS.it, "chat"),
  ...Object.entries(PRESET_INFO).flatMap(([name, info]) => texts(info.it, `preset.${name}`)),
];

describe("the Italian on every channel (docs/italian.md)", () => {
  it("reads its glossary: the words we never use", () => {
    const words = refused();
    expect(words).toContain("dal mazzo");
    expect(words).toContain("rivendicare");
    expect(words.length).toBeGreaterThan(20);
  });

  it("uses none of the words the glossary refuses, in the table, the emails, the pushes or the chat", () => {
    const found: string[] = [];
    for (const word of refused()) {
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu");
      for (const [where, text] of ITALIAN) if (pattern.test(text)) found.push(`${where}: "${word}"`);
    }
    expect(found).toEqual([]);
  });

  it("claims a match on time with one verb everywhere: reclamare", () => {
    expect(web.clock.claim).toMatch(/^Reclama/);
    expect(server.timedOut.claim).toMatch(/^Reclama/);
    expect(web.notify.event.claimed).toMatch(/reclamata/);
  });

  it("puts the article before a generic name, and 'ad' before an A", () => {
    expect(web.status.theirTurn("Giocatore 2", false)).toBe("Tocca al Giocatore 2 (deve pescare).");
    expect(web.status.theirTurn("Computer · circolo", true)).toBe("Tocca al Computer · circolo (sta giocando).");
    expect(web.status.theirTurn("Anna", true)).toBe("Tocca ad Anna (sta giocando).");
    expect(web.status.theirTurn("Bruno", true)).toBe("Tocca a Bruno (sta giocando).");
    expect(web.events.turn("Giocatore 3")).toBe("Tocca al Giocatore 3.");
    expect(server.summary.turn("Giocatore 2")).toBe("tocca al Giocatore 2");
    expect(server.summary.turn("Anna")).toBe("tocca ad Anna");
  });

  it("says 'fino al' before a date", () => {
    expect(web.identity.codeExpires("6 dic 2026, 14:30")).toBe("Vale una volta sola, fino al 6 dic 2026, 14:30.");
    expect(web.identity.codeExpires("8 dic 2026, 14:30")).toBe("Vale una volta sola, fino all'8 dic 2026, 14:30.");
    expect(web.seeks.until("6 dic 2026, 14:30")).toBe("aperta fino al 6 dic 2026, 14:30");
  });

  it("tells the stock by the same word at the table and in the emails", () => {
    expect(web.felt.stock).toBe("Tallone");
    expect(server.move.drewStock).toMatch(/tallone/);
  });

  it("says notifications belong to the player, on every linked device, not to a browser's key", () => {
    expect(web.notify.intro).not.toMatch(/chiave/);
    expect(web.notify.intro).toMatch(/del tuo giocatore/);
    expect(en.notify.intro).not.toMatch(/player key/);
  });

  it("says only what is true of each channel: the hourly limit is the email's, not the push's", () => {
    expect(web.notify.event.message).not.toMatch(/email/);
    expect(web.notify.emailOnly.message).toMatch(/email/);
  });
});
