import type { GameSnapshot, WireEventOf } from "../../src/shared/api";
import type { DealRecord, HandEnd, TeamScore } from "../../src/shared/wire/common";
import { cardView, sortHand } from "./cards";
import { endText, SCORE_PARTS, seatName, teamCount, teamName } from "./describe";
import { h } from "./dom";

/** The scores of the match, the end of a hand with every hand revealed, and the latest moves. */

/** A hand's end as its event tells it: the snapshot forgets it once the next hand is dealt. */
export interface HandEnded {
  readonly hand: number;
  readonly end: HandEnd;
  readonly scores: readonly TeamScore[];
  readonly hands: readonly (readonly string[])[];
  readonly deal: DealRecord;
}

export function handEndedOf(e: WireEventOf<"handEnded">): HandEnded {
  return { hand: e.hand, end: e.end, scores: e.scores, hands: e.hands, deal: e.deal };
}

const teamsOf = (players: number): number[] => Array.from({ length: teamCount(players) }, (_, t) => t);

export function handEndPanel(snap: GameSnapshot, ended: HandEnded | null): HTMLElement | null {
  const hand = snap.view.hand;
  let info: HandEnded | null = null;
  if (hand?.end && hand.revealed && hand.scores) {
    info = { hand: hand.number, end: hand.end, scores: hand.scores, hands: hand.revealed.hands, deal: hand.revealed.deal };
  } else if (ended && (!hand || ended.hand < hand.number)) {
    info = ended;
  }
  if (!info) return null;
  const players = snap.view.players;
  const teams = teamsOf(players);
  return h(
    "section",
    { class: "panel hand-end", id: "hand-end", "aria-labelledby": "hand-end-title" },
    h("h2", { id: "hand-end-title" }, `Hand ${info.hand + 1} ended: ${endText(info.end, snap.seats)}`),
    h(
      "div",
      { class: "revealed" },
      info.hands.map((cards, seat) =>
        h(
          "div",
          { class: "revealed-hand" },
          h("h3", null, `${seatName(snap.seats, seat)} held`),
          h(
            "div",
            { class: "pile-row" },
            cards.length ? sortHand(cards).map((c) => cardView(c)) : h("span", { class: "empty" }, "no cards"),
          ),
        ),
      ),
    ),
    h(
      "table",
      { class: "score-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col" }, ""),
          teams.map((t) => h("th", { scope: "col" }, teamName(snap.seats, t, players))),
        ),
      ),
      h(
        "tbody",
        null,
        SCORE_PARTS.map(([key, label]) =>
          h(
            "tr",
            { class: key === "total" ? "total" : "" },
            h("th", { scope: "row" }, label),
            teams.map((t) => h("td", null, String(info!.scores[t]?.[key] ?? ""))),
          ),
        ),
      ),
    ),
  );
}

/** `showLastHand` is null where the cards of an earlier hand are not offered (the embed). */
export function scores(snap: GameSnapshot, ended: HandEnded | null, showLastHand: (() => void) | null): HTMLElement {
  const match = snap.view.match;
  const players = snap.view.players;
  const teams = teamsOf(players);
  const done = match.hands.filter((h) => h.scores);
  const target = snap.view.rules.hands !== null ? `${snap.view.rules.hands} hands` : `to ${snap.view.rules.target}`;
  return h(
    "section",
    { class: "panel scores", id: "scores", "aria-labelledby": "scores-title" },
    h("h2", { id: "scores-title" }, "Scores ", h("span", { class: "count" }, `(${snap.view.rules.preset}, ${target})`)),
    h(
      "table",
      { class: "score-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col" }, "Hand"),
          teams.map((t) => h("th", { scope: "col" }, teamName(snap.seats, t, players))),
        ),
      ),
      h(
        "tbody",
        null,
        done.map((hand) =>
          h(
            "tr",
            null,
            h("th", { scope: "row" }, String(hand.number + 1)),
            teams.map((t) => {
              const s = hand.scores![t];
              return h(
                "td",
                null,
                s ? [h("strong", null, String(s.total)), h("span", { class: "parts" }, ` base ${s.base}, points ${s.points}`)] : "",
              );
            }),
          ),
        ),
      ),
      h(
        "tfoot",
        null,
        h(
          "tr",
          { class: "total" },
          h("th", { scope: "row" }, "Total"),
          teams.map((t) => h("td", { "data-total": t }, String(match.totals[t] ?? 0))),
        ),
        match.victoryPoints
          ? h(
              "tr",
              null,
              h("th", { scope: "row" }, "Victory points"),
              teams.map((t) => h("td", null, String(match.victoryPoints![t] ?? ""))),
            )
          : null,
      ),
    ),
    showLastHand ? lastHandButton(snap, ended, showLastHand) : null,
    match.over
      ? h(
          "p",
          { class: "winner", id: "winner" },
          match.winner === null ? "The match is over." : `Winner: ${teamName(snap.seats, match.winner, players)}`,
        )
      : null,
  );
}

/** Offered when an earlier hand ended before this page was open: its cards come from the game's events. */
function lastHandButton(snap: GameSnapshot, ended: HandEnded | null, show: () => void): HTMLElement | null {
  const hand = snap.view.hand;
  const last = [...snap.view.match.hands].reverse().find((h) => h.end !== null);
  if (!last || (hand?.end && hand.number === last.number) || ended?.hand === last.number) return null;
  return h(
    "button",
    { type: "button", class: "quiet", id: "show-last-hand", "data-focus": "last-hand", onclick: show },
    `Show the cards of hand ${last.number + 1}`,
  );
}

export function logPanel(log: readonly string[]): HTMLElement | null {
  if (log.length === 0) return null;
  return h(
    "section",
    { class: "panel log", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, "Latest moves"),
    h(
      "ul",
      { id: "log" },
      log.map((line) => h("li", null, line)),
    ),
  );
}
