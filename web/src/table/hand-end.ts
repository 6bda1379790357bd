import { h, type JSX } from "preact";
import type { TableMeld } from "../../../src/engine/meld";
import type { GameSnapshot } from "../../../src/shared/api";
import type { HandEnd, TeamScore } from "../../../src/shared/wire/common";
import { cardView, sortBySuit } from "../cards";
import { overByClock } from "../clock/table";
import { endText, seatName, teamName } from "../describe";
import { num, t } from "../i18n/index";
import { fanStyle, meldCards, meldDescription } from "./felt";
import { scoreBreakdown, teamsOf } from "./panels";

/**
 * The end of a hand, shown until the player closes it: every team's final
 * melds, the cards left in each hand, the score part by part and the
 * match so far. The next hand is dealt at once behind it.
 */

export interface HandEndInfo {
  readonly hand: number;
  readonly end: HandEnd;
  readonly scores: readonly TeamScore[];
  /** The cards each seat held at the end. */
  readonly hands: readonly (readonly string[])[];
  /** The melds on the table at the end; null while they load (from the record, replayed by the engine). */
  readonly melds: readonly TableMeld[] | null;
}

/** `ending`: the match's result and its rematch, shown first when this hand ended the match (match-end.ts). */
export function handEndDialog(snap: GameSnapshot, info: HandEndInfo, close: () => void, ending: JSX.Element | null = null): JSX.Element {
  const players = snap.view.players;
  const teams = teamsOf(players);
  const match = snap.view.match;
  const next = snap.view.hand && snap.view.hand.number > info.hand && !match.over;
  const rules = snap.view.rules;
  return h(
    "div",
    { class: "overlay" },
    h(
      "section",
      {
        class: "panel hand-end",
        id: "hand-end",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "hand-end-title",
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === "Escape") close();
        },
      },
      h("h2", { id: "hand-end-title", tabIndex: -1 }, t.handEnd.title(info.hand + 1, endText(info.end, snap.seats))),
      // A match over on time, or aborted, says so in words.
      match.over && overByClock(snap) ? h("p", { class: "notice", id: "hand-end-clock" }, overByClock(snap)) : null,
      ending,
      h("h3", null, t.handEnd.melds),
      info.melds === null ? h("p", { class: "hint" }, t.handEnd.loadingMelds) : endMelds(snap, info.melds),
      revealedHands(snap, info.hands),
      h("h3", null, t.handEnd.score),
      scoreBreakdown(snap.seats, players, info.scores),
      h("h3", null, t.handEnd.match),
      h(
        "ul",
        { class: "match-totals" },
        teams.map((team) =>
          h(
            "li",
            { key: team },
            `${teamName(snap.seats, team, players)}: `,
            h("strong", null, num(match.totals[team] ?? 0)),
            rules.hands === null ? ` ${t.status.toTarget(rules.target)}` : "",
          ),
        ),
      ),
      h(
        "div",
        { class: "dialog-actions" },
        h("a", { class: "button quiet", href: `/game/${snap.id}/replay?hand=${info.hand + 1}`, id: "hand-end-replay" }, t.handEnd.replay),
        h(
          "button",
          { type: "button", class: "primary", id: "hand-end-close", onClick: close },
          next ? t.handEnd.nextHand(snap.view.hand!.number + 1) : match.over ? t.handEnd.matchOver : t.handEnd.continue,
        ),
      ),
    ),
  );
}

/** Every team's melds as the hand ended. */
function endMelds(snap: GameSnapshot, melds: readonly TableMeld[]): JSX.Element {
  const players = snap.view.players;
  return h(
    "div",
    { class: "end-melds" },
    teamsOf(players).map((team) =>
      h(
        "div",
        { key: team, class: "team", "data-team": team },
        h("h4", null, teamName(snap.seats, team, players)),
        h(
          "ul",
          { class: "melds" },
          melds
            .filter((m) => m.team === team)
            .map((meld) =>
              h(
                "li",
                { key: meld.id },
                h(
                  "div",
                  { class: "meld", role: "group", "aria-label": meldDescription(meld) },
                  h("div", { class: "meld-cards fan", style: fanStyle(meld.cards.length) }, meldCards(meld)),
                  meld.burraco ? h("span", { class: `badge ${meld.burraco}` }, t.burraco[meld.burraco]) : null,
                ),
              ),
            ),
        ),
      ),
    ),
  );
}

/** The cards each seat held at the end. */
function revealedHands(snap: GameSnapshot, hands: HandEndInfo["hands"]): JSX.Element {
  return h(
    "div",
    { class: "revealed" },
    hands.map((cards, seat) =>
      h(
        "div",
        { key: seat, class: "revealed-hand" },
        h("h3", null, t.handEnd.held(seatName(snap.seats, seat))),
        h(
          "div",
          { class: "pile-row fan", style: fanStyle(cards.length) },
          cards.length
            ? sortBySuit(cards).map((c, i) => cardView(c, { key: `${i}:${c}` }))
            : h("span", { class: "empty" }, t.handEnd.noCards),
        ),
      ),
    ),
  );
}
