import { h, type JSX } from "preact";
import type { GameRecord, GameSnapshot, SeenEvent } from "../../../src/shared/api";
import { apiUrl } from "../api-url";
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

/** The page around a replay: its header, and the replay or what stands in its place (loading, failed, no hand yet). */
export function replayView(state: ReplayState, act: ReplayActions): JSX.Element {
  const { snap } = state;
  const tableHref = state.seat ? `/game/${state.gameId}#seat=${state.seat.token}` : `/game/${state.gameId}`;
  const menu: MenuItem[] = [
    { id: "menu-table", label: t.menu.table, href: tableHref },
    {
      id: "menu-record",
      label: t.replay.download,
      href: apiUrl("GET", "/api/games/{id}/record", { params: { id: state.gameId } }),
      download: `burraco-${state.gameId}.json`,
    },
  ];
  const page = (main: JSX.Element) => h("div", { class: "replay-page" }, header({ menu }), main);
  if (!state.loaded) return page(h("main", { class: "single" }, h("p", { class: "loading" }, t.replay.loading)));
  if (state.failed || !snap) return page(h("main", { class: "single" }, h("p", { class: "panel fatal", role: "alert" }, t.replay.failed)));
  const current = state.hands[state.hand];
  if (!current) return page(h("main", { class: "single" }, h("h1", null, t.replay.title), h("p", null, t.replay.noHands)));
  const names = snap.seats.map((s) => seatName(snap.seats, s.seat)).join(" · ");
  const position = current.positions[state.move]!;
  const players = snap.view.players;
  return page(
    h(
      "main",
      { class: "replay" },
      h("h1", null, `${t.replay.title}: `, h("span", { class: "names" }, names)),
      handTabs(state, act),
      controls(state, act, current.positions.length - 1),
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
      revealedHands(snap, position),
      !current.current && state.move === current.positions.length - 1 ? endScore(snap, current) : null,
    ),
  );
}

/** One tab a hand of the match, the hand in play marked. */
function handTabs(state: ReplayState, act: ReplayActions): JSX.Element {
  return h(
    "nav",
    { class: "hand-tabs", "aria-label": t.replay.hands },
    state.hands.map((hand, i) =>
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
  );
}

/** First, previous, the slider, next, last, and where the slider stands. */
function controls(state: ReplayState, act: ReplayActions, last: number): JSX.Element {
  const button = (id: string, label: string, glyph: string, target: number, disabled: boolean) =>
    h("button", { type: "button", id, "aria-label": label, title: label, disabled, onClick: () => act.go(state.hand, target) }, glyph);
  const where = state.move === 0 ? t.replay.deal : t.replay.position(state.move, last);
  return h(
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
      "aria-valuetext": where,
      onInput: (e: Event) => act.go(state.hand, Number((e.currentTarget as HTMLInputElement).value)),
    }),
    button("replay-next", t.replay.next, "▶", state.move + 1, state.move === last),
    button("replay-last", t.replay.last, "▶|", last, state.move === last),
    h("output", { id: "replay-position", for: "replay-slider" }, where),
  );
}

/** Every seat's hand at this position, face up (the replay of a finished hand, or a seat's own in the hand in play). */
function revealedHands(snap: GameSnapshot, position: ReplayHand["positions"][number]): JSX.Element {
  return h(
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
  );
}

/** The hand's score at its last position, and the match's totals after it. */
function endScore(snap: GameSnapshot, hand: ReplayHand): JSX.Element | null {
  if (!hand.scores) return null;
  const players = snap.view.players;
  return h(
    "section",
    { class: "panel", id: "replay-score", "aria-labelledby": "replay-score-title" },
    h("h2", { id: "replay-score-title" }, t.replay.endScore),
    scoreBreakdown(snap.seats, players, hand.scores),
    hand.totals
      ? h(
          "p",
          null,
          `${t.replay.totals}: `,
          Array.from(
            { length: teamCount(players) },
            (_, team) => `${teamName(snap.seats, team, players)} ${num(hand.totals![team] ?? 0)}`,
          ).join(" · "),
        )
      : null,
  );
}
