import { h, type JSX } from "preact";
import type { TableMeld } from "../../../src/engine/meld";
import type { HandView, SeatInfo } from "../../../src/shared/api";
import { cardBack, cardName, cardShort, cardView } from "../cards";
import { seatName, teamCount, teamName, teamOf } from "../describe";
import { t } from "../i18n/index";
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

/** What changed since the player last looked, to highlight. */
export interface Fresh {
  readonly melds: ReadonlySet<number>;
  readonly discard: boolean;
}

export const NOTHING_FRESH: Fresh = { melds: new Set(), discard: false };

/** The columns of a row of overlapping cards: `n` cards in at most `rows` rows. */
export function fanStyle(n: number, rows = 1): Record<string, string> {
  const columns = Math.max(1, Math.ceil(n / rows));
  return { "--cols": String(Math.max(columns - 1, 1)), "--n": String(n) };
}

/**
 * Taking from the table by touch: the stock or the pile is a button (tap
 * it) and can be dragged onto the hand, while it is the player's turn to
 * take. Absent elsewhere (the replay, spectators, others' turns).
 */
export interface Takers {
  draw(): void;
  pickUp(): void;
  drag(which: "stock" | "pile", event: PointerEvent): void;
  readonly pickUpLabel: string;
}

function taker(which: "stock" | "pile", label: string, takers: Takers, inside: JSX.Element): JSX.Element {
  return h(
    "button",
    {
      type: "button",
      class: "take",
      id: `take-${which}`,
      onClick: () => (which === "stock" ? takers.draw() : takers.pickUp()),
      onPointerDown: (event: PointerEvent) => takers.drag(which, event),
    },
    // Named by its own hidden text (not aria-label), so the cards that show are part of its name.
    h("span", { class: "visually-hidden" }, label),
    inside,
  );
}

export function piles(hand: HandView, fresh: Fresh, takers: Takers | null = null): JSX.Element {
  const pile = hand.discardPile;
  const closed = !pile.cards;
  const cards = pile.cards ?? (pile.top ? [pile.top] : []);
  const stockCards = h("div", { class: "pile-row" }, cardBack(t.felt.stock));
  const pileCards = h(
    "div",
    { class: "pile-row fan", style: fanStyle(cards.length) },
    cards.length
      ? cards.map((c, i) => {
          const top = i === cards.length - 1;
          return cardView(c, {
            key: `${i}:${c}`,
            class: `${top ? "top" : ""}${top && fresh.discard ? " fresh" : ""}`,
            label: top ? t.cards.top(cardName(c)) : undefined,
          });
        })
      : h("span", { class: "empty" }, t.felt.empty),
  );
  return h(
    "div",
    { class: "piles" },
    h(
      "div",
      { class: `stock${takers ? " takeable" : ""}`, id: "stock" },
      h("h2", null, t.felt.stock),
      takers ? taker("stock", `${t.hand.draw}: ${t.common.cards(hand.stock)}`, takers, stockCards) : stockCards,
      h("p", { "data-count": hand.stock }, t.common.cards(hand.stock)),
    ),
    h(
      "div",
      { class: `discard${takers && pile.count > 0 ? " takeable" : ""}`, id: "discard", "data-drop": "discard" },
      h("h2", null, closed ? t.felt.discardClosed : t.felt.discard),
      takers && pile.count > 0 ? taker("pile", takers.pickUpLabel, takers, pileCards) : pileCards,
      h("p", { "data-count": pile.count }, closed ? t.felt.closedCount(pile.count) : t.common.cards(pile.count)),
    ),
  );
}

export function teams(
  seats: readonly SeatInfo[],
  players: number,
  hand: HandView,
  me: number | null,
  targets: MeldTargets | null,
  fresh: Fresh,
): JSX.Element {
  return h(
    "section",
    { class: "teams", "aria-label": t.felt.table },
    Array.from({ length: teamCount(players) }, (_, team) => teamMelds(seats, players, hand, team, me, targets, fresh)),
  );
}

export function pozzettoText(seats: readonly SeatInfo[], hand: HandView, team: number): string {
  const status = hand.pozzetti[team];
  if (status === null || status === undefined) return hand.pozzettiLeft > 0 ? t.felt.pozzettoWaiting : t.felt.pozzettoNone;
  if (status === "stock") return t.felt.pozzettoStock;
  return t.felt.pozzettoTaken(seatName(seats, status.seat), status.direct);
}

function teamMelds(
  seats: readonly SeatInfo[],
  players: number,
  hand: HandView,
  team: number,
  me: number | null,
  targets: MeldTargets | null,
  fresh: Fresh,
): JSX.Element {
  const mine = me !== null && teamOf(me, players) === team;
  const melds = hand.melds.filter((m) => m.team === team);
  const names = teamName(seats, team, players);
  const title = mine ? (players === 4 ? t.felt.yourTeam(names) : t.felt.yourMelds) : t.felt.theirMelds(names, players !== 4);
  // Only the player's own team takes cards: the other team's melds stay plain.
  const ours = mine ? targets : null;
  return h(
    "div",
    { key: team, class: `team${mine ? " mine" : ""}`, "data-team": team, "data-drop": mine ? "table" : undefined },
    h("h2", null, title, h("span", { class: "pozzetto", "data-pozzetto": team }, ` · ${pozzettoText(seats, hand, team)}`)),
    melds.length === 0
      ? h("p", { class: "empty" }, t.felt.noMelds)
      : h(
          "ul",
          { class: "melds" },
          melds.map((meld) => h("li", { key: meld.id }, meldView(meld, hand, ours, fresh.melds.has(meld.id)))),
        ),
  );
}

export function meldCards(meld: { cards: readonly string[]; wild: TableMeld["wild"] }): JSX.Element[] {
  return meld.cards.map((card, i) => {
    const wild = meld.wild?.index === i;
    const as = wild ? meld.wild!.as : null;
    const label = wild ? (as ? t.cards.wildAs(cardName(card), cardName(as)) : t.cards.wild(cardName(card))) : undefined;
    return cardView(card, {
      key: `${i}:${card}`,
      class: wild ? "wild" : "",
      label,
      badge: wild ? (as ? `=${cardShort(as)}` : "*") : undefined,
    });
  });
}

export function meldDescription(meld: { kind: string; cards: readonly string[]; burraco: TableMeld["burraco"] }): string {
  const kind = meld.kind === "set" ? t.felt.set : t.felt.sequence;
  return `${t.felt.meldOf(kind, meld.cards.length)}${meld.burraco ? `, ${t.burraco[meld.burraco]}` : ""}`;
}

/** A burraco on the table is shown closed (a tight stack with its kind) until the player opens it. */
export interface Folding {
  readonly open: boolean;
  toggle(): void;
}

export function meldView(meld: TableMeld, hand: HandView, targets: MeldTargets | null, fresh = false, folding?: Folding): JSX.Element {
  const closed = folding !== undefined && meld.burraco !== null && !folding.open;
  const cards = h("div", { class: "meld-cards fan", style: fanStyle(meld.cards.length) }, meldCards(meld));
  // On the table the badge says the kind in a word; its full name is in the meld's label.
  const badge = meld.burraco
    ? h(
        "span",
        { class: `badge ${meld.burraco}`, title: t.burraco[meld.burraco], "aria-hidden": folding ? "true" : undefined },
        folding ? t.board.kind[meld.burraco] : t.burraco[meld.burraco],
      )
    : null;
  const description = meldDescription(meld);
  const cls = `meld${fresh ? " fresh" : ""}${closed ? " closed" : ""}${meld.wild ? " has-wild" : ""}`;
  const fit = {
    "data-meld": meld.id,
    "data-drop": `meld:${meld.id}`,
    "data-n": meld.cards.length,
    "data-closed": closed ? "1" : undefined,
  };
  if (!targets) {
    // Named by its own (hidden) text rather than aria-label, so that what shows is part of its name.
    if (folding && meld.burraco)
      return h(
        "button",
        { type: "button", class: `${cls} folding`, ...fit, "aria-expanded": closed ? "false" : "true", onClick: () => folding.toggle() },
        closed ? h("div", { class: "meld-cards fan", style: fanStyle(meld.cards.length), "aria-hidden": "true" }, meldCards(meld)) : cards,
        badge,
        h("span", { class: "visually-hidden" }, `${description}. ${closed ? t.felt.openBurraco : t.felt.closeBurraco}`),
      );
    return h("div", { class: cls, ...fit, role: "group", "aria-label": description }, cards, badge);
  }
  const option = targets.option(meld);
  const fits = option?.preview.ok === true;
  return h(
    "button",
    {
      type: "button",
      class: `${cls} target${fits ? " fits" : ""}`,
      ...fit,
      "aria-label": `${description}. ${hand.phase === "take" ? t.felt.pickUpAdd : t.felt.addSelected}${fits ? "" : t.felt.noFit}`,
      onClick: () => targets.attach(meld),
    },
    cards,
    badge,
    fits ? h("span", { class: "fits-tag", "aria-hidden": "true" }, t.felt.addHere) : null,
  );
}
