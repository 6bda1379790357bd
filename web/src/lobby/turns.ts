import { h, type JSX } from "preact";
import type { MyGame } from "../api";
import { t } from "../i18n/index";
import { type GamesState, gameItem } from "./games";

/**
 * The games awaiting the player's move, first thing in the lobby: a
 * returning player's reason to come. Nothing when none awaits them.
 */
export function yourTurn(mine: readonly MyGame[], remembered: GamesState["remembered"], mineAt?: number): JSX.Element | null {
  const waiting = mine.filter((g) => g.yourTurn);
  if (waiting.length === 0) return null;
  return h(
    "section",
    { class: "panel your-turn-games", id: "your-turn", "aria-labelledby": "your-turn-title" },
    h("h2", { id: "your-turn-title" }, t.myGames.yourTurnTitle(waiting.length)),
    h(
      "ul",
      { class: "game-list" },
      waiting.map((g) => gameItem(g, remembered, mineAt)),
    ),
  );
}
