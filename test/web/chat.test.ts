import { describe, expect, it } from "vitest";
import { en as serverEn } from "../../src/server/i18n/en";
import { it as serverIt } from "../../src/server/i18n/it";
import type { GameNotification } from "../../src/server/notify/types";
import { gameMessage } from "../../src/server/notify/words";
import { QUICK_PHRASES } from "../../src/shared/chat";
import { en, it as itCatalog } from "./words";

/**
 * Quick phrases travel as codes and are read in each reader's language: at
 * the table (the web client's catalogs) and in notifications (the server's).
 */
describe("quick phrases", () => {
  it("have words in Italian and English, at the table and in notifications, each its own", () => {
    for (const catalog of [en.chat.phrase, itCatalog.chat.phrase, serverEn.chat.phrases, serverIt.chat.phrases]) {
      expect(Object.keys(catalog).sort()).toEqual([...QUICK_PHRASES].sort());
      const words = Object.values(catalog);
      expect(words.every((w) => w.trim().length > 0)).toBe(true);
      expect(new Set(words).size).toBe(words.length);
    }
    // The table and its notifications say a phrase the same way.
    expect(serverIt.chat.phrases).toEqual(itCatalog.chat.phrase);
    expect(serverEn.chat.phrases).toEqual(en.chat.phrase);
    expect(itCatalog.chat.phrase["your-turn"]).toBe("Tocca a te!");
    expect(en.chat.phrase["good-luck"]).toBe("Good luck!");
  });

  it("are told in the subscriber's language, free text as written", () => {
    const n: GameNotification = {
      type: "message",
      gameId: "g",
      seq: 9,
      at: 0,
      names: ["Anna", "Bruno"],
      players: ["a", "b"],
      seat: 0,
      digest: true,
      messages: [
        { seat: 1, phrase: "nice-hand", at: 0 },
        { seat: 1, text: "<b>ciao</b> 🍀", at: 1 },
      ],
    };
    const italian = gameMessage(n, "it", "https://x/game/g", 0, 0);
    expect(italian.subject).toBe("Burraco: messaggi dalla partita con Bruno");
    expect(italian.title).toBe("2 nuovi messaggi al tuo tavolo");
    expect(italian.paragraphs).toEqual(["Bruno: Bella mano!", "Bruno: <b>ciao</b> 🍀"]);
    const english = gameMessage({ ...n, digest: false, messages: [n.messages[0]!] }, "en", "https://x/game/g", 0, 0);
    expect(english.title).toBe("Bruno wrote at your table");
    expect(english.paragraphs).toEqual(["Bruno: Nice hand!"]);
  });
});
