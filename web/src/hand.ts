import type { WildEnd } from "../../src/engine/meld";
import type { GameSnapshot, HandView } from "../../src/shared/api";
import { cardBack, cardContent, cardView, face, shortList } from "./cards";
import { BURRACO_NAMES } from "./describe";
import { h } from "./dom";
import type { PlayOption } from "./melds";
import type { Selection } from "./plays";

/**
 * The player's own hand, shown only to its seat: the cards to select, the
 * moves they allow, a preview of the play before it is sent, and the
 * server's word when it refuses one.
 */

export interface Notice {
  readonly kind: "error" | "info";
  readonly text: string;
}

/** The player's seat as the page stands at this render. */
export interface Seat {
  readonly snap: GameSnapshot;
  readonly hand: HandView;
  readonly me: number;
  readonly myTurn: boolean;
  /** A move is on its way: no second one until it is answered. */
  readonly busy: boolean;
  readonly notice: Notice | null;
  readonly confirmResign: boolean;
  readonly selection: Selection;
}

export interface HandActions {
  toggle(index: number): void;
  clear(): void;
  draw(): void;
  pickUp(): void;
  meld(): void;
  discard(): void;
  /** Resigning ends the match for everyone, so it asks first. */
  askResign(asking: boolean): void;
  resign(): void;
  chooseWild(end: WildEnd): void;
}

export function handArea(seat: Seat, act: HandActions): HTMLElement {
  const { snap, hand, me, selection } = seat;
  let cardsRow: HTMLElement;
  if (hand.myHandHidden) {
    cardsRow = h(
      "div",
      { class: "hand-cards hidden-hand" },
      Array.from({ length: hand.handSizes[me] ?? 0 }, () => cardBack("pozzetto card, face down")),
    );
  } else {
    cardsRow = h(
      "div",
      { class: "hand-cards", role: "group", "aria-label": "Your cards: press a card to select it" },
      selection.sortedHand().map((card, i) => {
        const f = face(card);
        const on = selection.indices.includes(i);
        const picked = hand.picked === card;
        return h(
          "button",
          {
            type: "button",
            class: `card ${f.red ? "red" : "black"}${card === "JK" ? " joker" : ""}${on ? " selected" : ""}${picked ? " picked" : ""}`,
            "data-card": card,
            "data-focus": `card-${i}`,
            "aria-pressed": on ? "true" : "false",
            "aria-label": `${f.name}${picked ? ", just picked up" : ""}`,
            title: picked ? "Picked up this turn: you may not discard it" : undefined,
            onclick: () => act.toggle(i),
          },
          ...cardContent(card),
        );
      }),
    );
  }
  const inPlay = snap.status === "playing" && hand.end === null;
  const option = selection.meldOption();
  const showChoice = option?.endChoice === true || hand.melds.some((m) => selection.attachOption(m)?.endChoice === true);
  return h(
    "section",
    { class: "my-hand", id: "my-hand", "aria-labelledby": "hand-title" },
    h(
      "h2",
      { id: "hand-title" },
      "Your hand",
      h("span", { class: "count" }, ` · ${hand.handSizes[me]} cards`),
      hand.myHandHidden ? h("span", { class: "count" }, " (pozzetto, face down)") : null,
    ),
    cardsRow,
    inPlay ? actions(seat, act, option, showChoice) : null,
  );
}

function actions(seat: Seat, act: HandActions, option: PlayOption | null, showChoice: boolean): HTMLElement[] {
  const { snap, hand, myTurn: turn, busy, notice, confirmResign } = seat;
  const selected = seat.selection.cards();
  const closedPile = snap.view.rules.discardPile === "closed";
  const playing = turn && hand.phase === "play" && !busy;
  const taking = turn && hand.phase === "take" && !busy;
  const out: (HTMLElement | null)[] = [
    h(
      "div",
      { class: "actions", role: "toolbar", "aria-label": "Moves" },
      h("button", { type: "button", id: "act-draw", "data-focus": "draw", disabled: !taking, onclick: () => act.draw() }, "Draw"),
      h(
        "button",
        {
          type: "button",
          id: "act-pickup",
          "data-focus": "pickup",
          disabled: !taking || hand.discardPile.count === 0,
          onclick: () => act.pickUp(),
        },
        closedPile
          ? selected.length
            ? `Pick up & meld with ${shortList([hand.discardPile.top ?? ""])}`
            : "Pick up (with a play)"
          : `Pick up the pile (${hand.discardPile.count})`,
      ),
      h(
        "button",
        { type: "button", id: "act-meld", "data-focus": "meld", disabled: !playing || selected.length < 3, onclick: () => act.meld() },
        "Meld",
      ),
      h(
        "button",
        {
          type: "button",
          id: "act-discard",
          "data-focus": "discard",
          disabled: !playing || selected.length !== 1,
          onclick: () => act.discard(),
        },
        "Discard",
      ),
      selected.length
        ? h("button", { type: "button", class: "quiet", "data-focus": "clear", onclick: () => act.clear() }, "Clear selection")
        : null,
      h("span", { class: "spacer" }),
      snap.status === "playing" && !confirmResign
        ? h(
            "button",
            {
              type: "button",
              id: "act-resign",
              class: "danger quiet",
              "data-focus": "resign",
              disabled: busy,
              onclick: () => act.askResign(true),
            },
            "Resign…",
          )
        : null,
    ),
    confirmResign
      ? h(
          "div",
          { class: "confirm", role: "alertdialog", "aria-labelledby": "resign-q" },
          h("p", { id: "resign-q" }, "Resign the match? Your team loses and the game ends for everyone."),
          h(
            "button",
            { type: "button", class: "danger", id: "act-resign-yes", "data-focus": "resign-yes", onclick: () => act.resign() },
            "Yes, resign",
          ),
          h("button", { type: "button", "data-focus": "resign-no", onclick: () => act.askResign(false) }, "Cancel"),
        )
      : null,
    h("div", { class: "preview", id: "preview", "aria-live": "polite" }, previewText(seat, option)),
    showChoice && turn ? wildChoice(seat.selection.wildEnd, act) : null,
    notice ? h("p", { class: `notice ${notice.kind}`, id: "notice", role: "alert" }, notice.text) : null,
    hand.picked ? h("p", { class: "hint" }, `You picked up ${shortList([hand.picked])} alone: you may not discard it this turn.`) : null,
    turn && hand.phase === "take" && closedPile
      ? h(
          "p",
          { class: "hint" },
          `Closed pile: to pick it up, select cards that make a meld with its top card (${shortList([hand.discardPile.top ?? ""])}), or click one of your melds that takes it.`,
        )
      : null,
  ];
  return out.filter((e): e is HTMLElement => e !== null);
}

function previewText({ hand, myTurn, selection }: Seat, option: PlayOption | null): (HTMLElement | string)[] | string {
  const count = selection.indices.length;
  if (!myTurn || count === 0) return "";
  if (option) {
    if (!option.preview.ok) return `Not a meld: ${option.preview.message}.`;
    const meld = option.preview.meld;
    return [
      hand.phase === "take" ? "Pick up and lay: " : "New meld: ",
      h(
        "span",
        { class: "mini-meld" },
        meld.cards.map((c, i) => cardView(c, { class: meld.wild?.index === i ? "wild" : "" })),
      ),
      meld.burraco ? ` — ${BURRACO_NAMES[meld.burraco].toLowerCase()}!` : "",
    ];
  }
  if (hand.phase === "play" && count < 3) {
    const fits = hand.melds.filter((m) => selection.attachOption(m)?.preview.ok);
    const one = count === 1 ? "Discard it, or add it to a meld" : "Select at least 3 cards for a new meld";
    return fits.length
      ? `${one}: ${fits.length === 1 ? "one of your melds takes" : `${fits.length} of your melds take`} ${count === 1 ? "it" : "them"} (highlighted).`
      : `${one}.`;
  }
  return "";
}

function wildChoice(wildEnd: WildEnd | null, act: HandActions): HTMLElement {
  const choice = (end: WildEnd, label: string) =>
    h(
      "label",
      null,
      h("input", {
        type: "radio",
        name: "wild-end",
        value: end,
        checked: (wildEnd ?? "high") === end,
        "data-focus": `wild-${end}`,
        onchange: () => act.chooseWild(end),
      }),
      ` ${label}`,
    );
  return h(
    "fieldset",
    { class: "wild-choice" },
    h("legend", null, "The wild goes at the"),
    choice("low", "low end"),
    choice("high", "high end"),
  );
}
