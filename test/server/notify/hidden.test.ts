import { describe, expect, it } from "vitest";
import { makeCard, makeDeck, seededRandom } from "../../../src/engine/index";
import { publicMove } from "../../../src/server/notify/facts";
import { render } from "../../../src/server/notify/render";
import type { GameNotification } from "../../../src/server/notify/types";
import { webhookBody } from "../../../src/server/notify/webhook";
import { LANGUAGES } from "../../../src/shared/language";
import { createGame, playRandomMoves, trueTable } from "../helpers";
import { cardsIn, history, secretsAt } from "../secrets";

/**
 * No notification shows a hidden card: real games are played, every turn is
 * turned into the notification its next player gets, and each rendering
 * (the signed JSON, Discord's and Slack's payloads, the message words) is
 * checked against what was hidden from everyone after that turn: hands,
 * the stock, untaken pozzetti, a closed discard pile below its top.
 */

const SYMBOLS: Record<string, string> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** Cards written in words ("10♥", "Joker") back in notation, quoted, so the leak checker can count them. */
function wordsToNotation(text: string): string {
  const found = [...text.matchAll(/(10|[2-9AJQK])([♠♥♦♣])|Joker|Jolly/g)].map((m) => (m[2] ? `"${m[1]}${SYMBOLS[m[2]]}"` : '"JK"'));
  return found.join(",");
}

describe("notifications never show a hidden card", () => {
  it.each([
    [2, "classic"],
    [4, "classic"],
    [2, "chiuso"],
  ] as const)("in %i-player %s games", async (players, preset) => {
    const game = await createGame({ players, rules: { preset } });
    await playRandomMoves(game, 120, seededRandom(players * 7 + preset.length));
    const table = await trueTable(game.id);
    const { states } = history(table);
    const deck = new Map<string, number>();
    for (const c of makeDeck(true).map(makeCard)) deck.set(c, (deck.get(c) ?? 0) + 1);
    let checked = 0;
    for (const entry of table.entries) {
      if (entry.body.type !== "move") continue;
      const after = states[entry.seq]!;
      if (!after.hand || after.hand.end) continue;
      const move = publicMove(entry.body.seat, entry.events);
      const n: GameNotification = {
        type: "turn",
        gameId: game.id,
        seq: entry.seq,
        at: entry.at,
        names: Array.from({ length: players }, (_, s) => `P${s}`),
        players: Array.from({ length: players }, () => null),
        seat: after.hand.turn,
        lastMove: move,
        deadline: null,
      };
      const hidden = secretsAt(after, null, []);
      for (const lang of LANGUAGES) {
        const sub = { scope: "game", ownerHash: null, language: lang, gameId: game.id } as never;
        const { message, event } = render({ type: "game", notification: n }, sub, "https://burraco.test", entry.at);
        const texts = [
          webhookBody("standard", message, event),
          wordsToNotation(webhookBody("discord", message, event)),
          wordsToNotation(webhookBody("slack", message, event)),
          wordsToNotation([message.subject, message.title, ...message.paragraphs].join("\n")),
        ];
        for (const text of texts) {
          for (const [card, count] of cardsIn(text)) {
            const visible = deck.get(card)! - (hidden.cards.get(card) ?? 0);
            expect(count, `${card} in ${text.slice(0, 200)}`).toBeLessThanOrEqual(visible);
          }
          checked++;
        }
      }
      // Drawing from the stock is told, the card drawn never.
      const drawn = entry.events.find((e) => e.type === "drew");
      if (drawn && drawn.type === "drew") expect(move.drew).toEqual({ from: "stock" });
    }
    expect(checked).toBeGreaterThan(100);
  });
});
