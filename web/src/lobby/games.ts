import { h, type JSX } from "preact";
import type { MyGame } from "../api";
import { myGameClock } from "../clock/lobby";
import { dateTime, t, when } from "../i18n/index";
import type { CreatedGame, RememberedSeat } from "../store";
import { type LinkActions, linksPanel, type SeatsTaken } from "./links";

/** The player's games: those listed by the server for this browser's player key, those opened here, and those created here. */

export interface GamesState {
  readonly mine: readonly MyGame[];
  /** When `mine` came (this browser's time): their time left counts down from then. */
  readonly mineAt?: number;
  readonly failed: boolean;
  readonly remembered: Readonly<Record<string, RememberedSeat>>;
  readonly created: readonly CreatedGame[];
  readonly taken: Readonly<Record<string, SeatsTaken>>;
  readonly messages: Readonly<Record<string, string>>;
}

const label = (names: readonly (string | null)[] | undefined, players: number) =>
  Array.from({ length: players }, (_, i) => names?.[i] ?? t.common.player(i + 1)).join(" · ");

/** One of the player's games: its players, whose turn, its clock, their seat, and its notifications. */
export function gameItem(g: MyGame, remembered: GamesState["remembered"], mineAt?: number): JSX.Element {
  // The server keeps the seat's link for the player: any of their devices opens it.
  const token = remembered[g.id]?.token ?? g.token;
  const href = token ? `/game/${g.id}#seat=${token}` : `/game/${g.id}`;
  return h(
    "li",
    { key: g.id, class: g.yourTurn ? "your-turn" : "", "data-game": g.id },
    h("a", { href }, label(g.names, g.players)),
    g.tournament
      ? h(
          "a",
          { class: "when tournament-of", href: `/tournament/${g.tournament.id}` },
          ` · ${t.myGames.tournament(g.tournament.name, g.tournament.round + 1, g.tournament.table)}`,
        )
      : null,
    " ",
    g.yourTurn
      ? h("span", { class: "badge turn" }, t.myGames.yourTurn)
      : g.status === "over"
        ? h("span", { class: "badge over" }, t.myGames.over)
        : h("span", { class: "badge" }, t.myGames.waiting),
    myGameClock(g, Date.now(), mineAt),
    h("span", { class: "when" }, ` ${t.myGames.seatAt(g.seat + 1, when(g.updatedAt))}`),
    token ? null : h("span", { class: "hint" }, ` (${t.myGames.noLink})`),
    " ",
    h(
      "a",
      { class: "game-notify", href: `/notifications?game=${g.id}`, "aria-label": t.notify.forGame(label(g.names, g.players)) },
      t.menu.notifications,
    ),
  );
}

export function myGames(state: GamesState, act: LinkActions & { expand(game: CreatedGame): void }): JSX.Element {
  const { mine, remembered, created } = state;
  const listed = new Set(mine.map((g) => g.id));
  const others = Object.entries(remembered).filter(([id]) => !listed.has(id));
  return h(
    "section",
    { class: "panel", id: "my-games", "aria-labelledby": "my-games-title" },
    h("h2", { id: "my-games-title" }, t.myGames.title),
    h(
      "p",
      { class: "hint notify-entry" },
      `${t.notify.lobbyHint} `,
      h("a", { href: "/notifications", id: "my-notifications" }, t.notify.lobbyLink),
    ),
    mine.length === 0 && others.length === 0 && created.length === 0
      ? h("p", { class: "hint" }, state.failed ? t.myGames.failed : t.myGames.empty)
      : null,
    // Games awaiting the player's move are listed at the top of the lobby (turns.ts), not again here.
    mine.some((g) => !g.yourTurn)
      ? h(
          "ul",
          { class: "game-list" },
          mine.filter((g) => !g.yourTurn).map((g) => gameItem(g, remembered, state.mineAt)),
        )
      : null,
    others.length
      ? [
          h("h3", { key: "h" }, t.myGames.alsoHere),
          h(
            "ul",
            { key: "l", class: "game-list" },
            others.map(([id, seat]) =>
              h(
                "li",
                { key: id, "data-game": id },
                // Never the game's id: its players, or when it was opened here.
                h(
                  "a",
                  { href: `/game/${id}#seat=${seat.token}` },
                  seat.names ? label(seat.names, seat.names.length) : t.myGames.openedOn(dateTime(seat.savedAt)),
                ),
                h("span", { class: "when" }, ` ${t.common.seat(seat.seat + 1)}`),
              ),
            ),
          ),
        ]
      : null,
    created.length
      ? [
          h("h3", { key: "ch", id: "created-title" }, t.myGames.created),
          h(
            "ul",
            { key: "cl", class: "game-list created", "aria-labelledby": "created-title" },
            created.map((game) =>
              h(
                "li",
                { key: game.id, "data-created": game.id },
                h(
                  "details",
                  { onToggle: (e: Event) => (e.currentTarget as HTMLDetailsElement).open && act.expand(game) },
                  h(
                    "summary",
                    null,
                    label(game.names, game.names.length),
                    h("span", { class: "when" }, ` · ${t.myGames.createdOn(dateTime(game.createdAt))} · ${t.myGames.showLinks}`),
                  ),
                  linksPanel(game, state.taken[game.id] ?? null, act, false, state.messages[game.id] ?? null),
                ),
              ),
            ),
          ),
        ]
      : null,
  );
}
