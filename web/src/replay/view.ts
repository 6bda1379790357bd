import { h, type JSX } from "preact";
import type { GameRecord, GameSnapshot, SeenEvent } from "../../../src/shared/api";
import { cardView, sortBySuit } from "../cards";
import { describeEvent, seatName, teamCount, teamName } from "../describe";
import { header, type MenuItem } from "../header";
import { num, t } from "../i18n/index";
import type { RememberedSeat } from "../store";
import { fanStyle, NOTHING_FRESH, piles, teams } from "../table/felt";
import { scoreBreakdown } from "../table/panels";
import type { ReplayHand } from "./positions";

/** The replay drawn from its state: the hands, the controls, the table at the chosen position. */

export interface ReplayState {
  readonly gameId: string;
  readonly snap: GameSnapshot | null;
  readonly hands: readonly ReplayHand[];
  /** The record's chat: each message after `after` moves of hand `hand`. */
  readonly chat: NonNullable<GameRecord["chat"]>;
  readonly hand: number;
  readonly move: number;
  readonly loaded: boolean;
  readonly failed: boolean;
  readonly seat: RememberedSeat | null;
}

export interface ReplayActions {
  go(hand: number, move: number): void;
}

function moveText(events: readonly SeenEvent[], seats: GameSnapshot["seats"], players: number): string {
  const lines = events
    .filter((e) => e.type !== "turn")
    .map((e) => describeEvent({ ...e, seq: 0, at: "" } as never, seats, null, players))
    .filter((line): line is string => line !== null);
  return lines.join(" ");
}

/** The messages written at this point of the hand (after this move, before the next), in the reader's language. */
function saidHere(state: ReplayState, hand: number, snap: GameSnapshot): JSX.Element | null {
  const said = state.chat.filter((m) => m.hand === hand && m.after === state.move);
  if (said.length === 0) return null;
  return h(
    "ul",
    { class: "replay-chat", "data-testid": "replay-chat", "aria-label": t.chat.title },
    said.map((m, i) =>
      h(
        "li",
        { key: i },
        h("strong", null, `${seatName(snap.seats, m.seat)}: `),
        m.phrase ? h("em", null, t.chat.phrase[m.phrase]) : (m.text ?? ""),
      ),
    ),
  );
}

export function replayView(state: ReplayState, act: ReplayActions): JSX.Element {
  const { snap, hands } = state;
  const tableHref = state.seat ? `/game/${state.gameId}#seat=${state.seat.token}` : `/game/${state.gameId}`;
  const menu: MenuItem[] = [
    { id: "menu-table", label: t.menu.table, href: tableHref },
    { id: "menu-record", label: t.replay.download, href: `/api/games/${state.gameId}/record`, download: `burraco-${state.gameId}.json` },
  ];
  const top = header({ menu });
  if (!state.loaded)
    return h("div", { class: "replay-page" }, top, h("main", { class: "single" }, h("p", { class: "loading" }, t.replay.loading)));
  if (state.failed || !snap)
    return h(
      "div",
      { class: "replay-page" },
      top,
      h("main", { class: "single" }, h("p", { class: "panel fatal", role: "alert" }, t.replay.failed)),
    );
  const players = snap.view.players;
  const names = snap.seats.map((s) => seatName(snap.seats, s.seat)).join(" · ");
  const current = hands[state.hand];
  if (!current)
    return h(
      "div",
      { class: "replay-page" },
      top,
      h("main", { class: "single" }, h("h1", null, t.replay.title), h("p", null, t.replay.noHands)),
    );
  const last = current.positions.length - 1;
  const position = current.positions[state.move]!;
  const ended = !current.current && state.move === last;
  const button = (id: string, label: string, glyph: string, target: number, disabled: boolean) =>
    h("button", { type: "button", id, "aria-label": label, title: label, disabled, onClick: () => act.go(state.hand, target) }, glyph);
  return h(
    "div",
    { class: "replay-page" },
    top,
    h(
      "main",
      { class: "replay" },
      h("h1", null, `${t.replay.title}: `, h("span", { class: "names" }, names)),
      h(
        "nav",
        { class: "hand-tabs", "aria-label": t.replay.hands },
        hands.map((hand, i) =>
          h(
            "button",
            {
              key: hand.number,
              type: "button",
              class: "quiet",
              "aria-pressed": i === state.hand ? "true" : "false",
              "data-hand": hand.number + 1,
              onClick: () => act.go(i, 0),
            },
            t.replay.hand(hand.number + 1),
            hand.current ? ` (${t.replay.current})` : "",
          ),
        ),
      ),
      h(
        "div",
        { class: "replay-controls", role: "group", "aria-label": t.replay.slider },
        button("replay-first", t.replay.first, "|◀", 0, state.move === 0),
        button("replay-prev", t.replay.previous, "◀", state.move - 1, state.move === 0),
        h("input", {
          id: "replay-slider",
          type: "range",
          min: 0,
          max: last,
          value: state.move,
          "aria-label": t.replay.slider,
          "aria-valuetext": state.move === 0 ? t.replay.deal : t.replay.position(state.move, last),
          onInput: (e: Event) => act.go(state.hand, Number((e.currentTarget as HTMLInputElement).value)),
        }),
        button("replay-next", t.replay.next, "▶", state.move + 1, state.move === last),
        button("replay-last", t.replay.last, "▶|", last, state.move === last),
        h(
          "output",
          { id: "replay-position", for: "replay-slider" },
          state.move === 0 ? t.replay.deal : t.replay.position(state.move, last),
        ),
      ),
      h("p", { class: "hint" }, t.replay.keys),
      current.current ? h("p", { class: "hint" }, t.replay.currentNote) : null,
      h(
        "p",
        { class: "move-line", id: "move-line", "aria-live": "polite" },
        state.move === 0 ? t.replay.deal : moveText(position.events, snap.seats, players),
        position.computer ? h("span", { class: "computer-mark", title: t.clock.byComputerLong }, ` ${t.clock.byComputer}`) : null,
      ),
      saidHere(state, current.number, snap),
      piles(position.hand, NOTHING_FRESH),
      teams(snap.seats, players, position.hand, null, null, NOTHING_FRESH),
      h(
        "section",
        { class: "replay-hands", "aria-label": t.seats.label },
        position.hands.map((cards, seat) =>
          h(
            "div",
            { key: seat, class: "revealed-hand", "data-seat": seat },
            h(
              "h3",
              null,
              t.replay.held(seatName(snap.seats, seat)),
              " ",
              h("span", { class: "count" }, `· ${t.common.cards(position.hand.handSizes[seat] ?? 0)}`),
            ),
            cards
              ? h(
                  "div",
                  { class: "pile-row fan", style: fanStyle(cards.length, cards.length > 13 ? 2 : 1) },
                  sortBySuit(cards).map((c, i) => cardView(c, { key: `${i}:${c}` })),
                )
              : null,
          ),
        ),
      ),
      ended && current.scores
        ? h(
            "section",
            { class: "panel", id: "replay-score", "aria-labelledby": "replay-score-title" },
            h("h2", { id: "replay-score-title" }, t.replay.endScore),
            scoreBreakdown(snap.seats, players, current.scores),
            current.totals
              ? h(
                  "p",
                  null,
                  `${t.replay.totals}: `,
                  Array.from(
                    { length: teamCount(players) },
                    (_, team) => `${teamName(snap.seats, team, players)} ${num(current.totals![team] ?? 0)}`,
                  ).join(" · "),
                )
              : null,
          )
        : null,
    ),
  );
}
