import type { TableMeld } from "../../src/engine/meld";
import type { GameSnapshot, HandView } from "../../src/shared/api";
import { cardBack, cardView, face } from "./cards";
import { BURRACO_NAMES, seatName, teamCount, teamName, teamOf } from "./describe";
import { h } from "./dom";
import type { PlayOption } from "./melds";

/** The felt: the stock, the discard pile, and each team's melds and pozzetto, as every viewer sees them. */

/**
 * Given only while the player's melds take something (the selection, or a
 * closed pile's top card): then they become buttons, and those the engine
 * accepts are highlighted.
 */
export interface MeldTargets {
  option(meld: TableMeld): PlayOption | null;
  attach(meld: TableMeld): void;
}

export function felt(snap: GameSnapshot, hand: HandView, me: number | null, targets: MeldTargets | null): HTMLElement {
  const pile = hand.discardPile;
  const closed = !pile.cards;
  const pileCards = pile.cards
    ? pile.cards.map((c, i) =>
        cardView(c, {
          class: i === pile.cards!.length - 1 ? "top" : "",
          label: i === pile.cards!.length - 1 ? `${face(c).name}, top` : undefined,
        }),
      )
    : pile.top
      ? [cardView(pile.top, { class: "top", label: `${face(pile.top).name}, top` })]
      : [];
  return h(
    "section",
    { class: "felt", "aria-label": "Table" },
    h(
      "div",
      { class: "piles" },
      h(
        "div",
        { class: "stock", id: "stock" },
        h("h2", null, "Stock"),
        h("div", { class: "pile-row" }, cardBack("stock")),
        h("p", { "data-count": hand.stock }, `${hand.stock} cards`),
      ),
      h(
        "div",
        { class: "discard", id: "discard" },
        h("h2", null, closed ? "Discard pile (closed)" : "Discard pile"),
        h("div", { class: "pile-row" }, pileCards.length ? pileCards : h("span", { class: "empty" }, "empty")),
        h(
          "p",
          { "data-count": pile.count },
          closed
            ? `${pile.count} card${pile.count === 1 ? "" : "s"}; only the top card shows`
            : `${pile.count} card${pile.count === 1 ? "" : "s"}`,
        ),
      ),
    ),
    h(
      "div",
      { class: "teams" },
      Array.from({ length: teamCount(snap.view.players) }, (_, team) => teamMelds(snap, hand, team, me, targets)),
    ),
  );
}

function pozzettoText(snap: GameSnapshot, hand: HandView, team: number): string {
  const status = hand.pozzetti[team];
  if (status === null || status === undefined) return hand.pozzettiLeft > 0 ? "pozzetto not taken yet" : "no pozzetto left";
  if (status === "stock") return "pozzetto went under the stock";
  return `pozzetto taken by ${seatName(snap.seats, status.seat)} ${status.direct ? "al volo" : "on the discard"}`;
}

function teamMelds(snap: GameSnapshot, hand: HandView, team: number, me: number | null, targets: MeldTargets | null): HTMLElement {
  const players = snap.view.players;
  const mine = me !== null && teamOf(me, players) === team;
  const melds = hand.melds.filter((m) => m.team === team);
  const title = mine
    ? players === 4
      ? `Your team (${teamName(snap.seats, team, players)})`
      : "Your melds"
    : `${teamName(snap.seats, team, players)}${players === 4 ? "" : "'s melds"}`;
  // Only the player's own team takes cards: the other team's melds stay plain.
  const ours = mine ? targets : null;
  return h(
    "div",
    { class: `team${mine ? " mine" : ""}`, "data-team": team },
    h("h2", null, title, h("span", { class: "pozzetto", "data-pozzetto": team }, ` · ${pozzettoText(snap, hand, team)}`)),
    melds.length === 0
      ? h("p", { class: "empty" }, "No melds yet.")
      : h(
          "ul",
          { class: "melds" },
          melds.map((meld) => h("li", null, meldView(meld, hand, ours))),
        ),
  );
}

function meldView(meld: TableMeld, hand: HandView, targets: MeldTargets | null): HTMLElement {
  const cards = meld.cards.map((card, i) => {
    const wild = meld.wild?.index === i;
    const label = wild ? `${face(card).name}, wild${meld.wild!.as ? ` as ${face(meld.wild!.as).name}` : ""}` : undefined;
    const el = cardView(card, { class: wild ? "wild" : "", label });
    if (wild) el.appendChild(h("span", { class: "as", "aria-hidden": "true" }, meld.wild!.as ? `=${face(meld.wild!.as).short}` : "wild"));
    return el;
  });
  const badge = meld.burraco ? h("span", { class: `badge ${meld.burraco}` }, BURRACO_NAMES[meld.burraco]) : null;
  const description = `${meld.kind === "set" ? "Set" : "Sequence"} of ${meld.cards.length}${meld.burraco ? `, ${BURRACO_NAMES[meld.burraco].toLowerCase()}` : ""}`;
  if (!targets) {
    return h(
      "div",
      { class: "meld", "data-meld": meld.id, role: "group", "aria-label": description },
      h("div", { class: "meld-cards" }, cards),
      badge,
    );
  }
  const option = targets.option(meld);
  const fits = option?.preview.ok === true;
  return h(
    "button",
    {
      type: "button",
      class: `meld target${fits ? " fits" : ""}`,
      "data-meld": meld.id,
      "data-focus": `meld-${meld.id}`,
      "aria-label": `${description}. ${hand.phase === "take" ? "Pick up the pile and add its top card" : "Add the selected cards"} here${fits ? "" : " (the engine says no)"}`,
      title: option && !option.preview.ok ? option.preview.message : "Add the selected cards to this meld",
      onclick: () => targets.attach(meld),
    },
    h("div", { class: "meld-cards" }, cards),
    badge,
    fits ? h("span", { class: "fits-tag" }, "＋ add here") : null,
  );
}
