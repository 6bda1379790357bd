import { describe, expect, it } from "vitest";
import { inert, inertMessage } from "../../../src/server/notify/inert";

/** Player text as it travels outside the table (docs/identity.md, "What leaves the table"): no link of a player's is a link. */
describe("a player's text made inert", () => {
  it("replaces whatever a mail, chat or phone client would make a link of", () => {
    const cases: [string, string][] = [
      ["look http://burraco.test/link#code=ABCDE-FGHIJ now", "look [link] now"],
      ["https://evil.example/login", "[link]"],
      ["HTTP://EVIL.IT/x?y=1", "[link]"],
      ["www.evil.com", "[link]"],
      ["go to evil.com/x, quick", "go to [link], quick"],
      ["meet.google.com/abc-defg-hij alle 9", "[link] alle 9"],
      ["write to anna@gmail.com", "write to [link]"],
      ["mailto:anna@example.org", "[link]"],
      ["//evil.example/x", "[link]"],
      ["evil.app and evil.xyz", "[link] and [link]"],
      ["10.0.0.1/admin", "[link]"],
      ["burraco.it:8787/link#code=X", "[link]"],
      ["a name: anna.it", "a name: [link]"],
    ];
    for (const [text, expected] of cases) expect(inert(text, "[link]"), text).toBe(expected);
  });

  it("leaves ordinary words, cards, scores and names as they are", () => {
    for (const text of [
      "Bella mano!",
      "Anna B.",
      "ci vediamo alle 10.30",
      "dott.ssa Rossi",
      "3-0 per noi... o no?",
      "K♠ 10♥ ★",
      "Ciao!!! :)",
      "Bruno e Carla: 450 punti in questa smazzata, 1230 in totale.",
      "Game with Bruno — Time left: 3 hours.",
    ])
      expect(inert(text, "[link]"), text).toBe(text);
  });
});

describe("a message made inert", () => {
  it("keeps the service's own links (action, a digest's game) and makes every text inert, names in the title too", () => {
    const made = inertMessage(
      {
        subject: "Burraco: messages from the game with evil.com",
        title: "https://evil.com/x wrote at your table",
        paragraphs: [
          "https://evil.com/x — see burraco.test/link",
          { text: "Game with www.evil.com — your turn", url: "https://burraco.test/game/g" },
        ],
        action: { label: "Reply", url: "https://burraco.test/game/g?seat=0" },
      },
      "[a link]",
    );
    expect(made).toEqual({
      subject: "Burraco: messages from the game with [a link]",
      title: "[a link] wrote at your table",
      paragraphs: ["[a link] — see burraco.test/link", { text: "Game with [a link] — your turn", url: "https://burraco.test/game/g" }],
      action: { label: "Reply", url: "https://burraco.test/game/g?seat=0" },
    });
  });
});
