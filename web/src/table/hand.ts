import { h, type JSX } from "preact";
import type { WildEnd } from "../../../src/engine/meld";
import type { ErrorCode, GameSnapshot, HandView } from "../../../src/shared/api";
import { cardBack, cardClass, cardIndex, cardName, cardShort, cardView } from "../cards";
import { teamOf } from "../describe";
import { codeText, t } from "../i18n/index";
import type { SortMode } from "../store";
import type { PlayOption } from "./melds";
import type { Selection } from "./plays";

/**
 * The player's own hand, shown only to its seat: the cards to select (one
 * tab stop, arrow keys between cards), their order, the moves they allow
 * (each enabled only when the engine would accept it), a preview of the
 * play, and the server's refusal in the player's words.
 */

export interface Notice {
  readonly kind: "error" | "info";
  readonly code: ErrorCode | "NETWORK";
}

/** The player's seat as the page stands at this render. */
export interface SeatView {
  readonly snap: GameSnapshot;
  readonly hand: HandView;
  readonly me: number;
  readonly myTurn: boolean;
  /** A move is on its way: no second one until it is answered. */
  readonly busy: boolean;
  readonly notice: Notice | null;
  readonly confirmResign: boolean;
  readonly selection: Selection;
  /** The cards in the order shown. */
  readonly cards: readonly string[];
  readonly mode: SortMode;
  /** The card holding the hand's one tab stop. */
  readonly active: number;
  /** Cards just drawn or picked up. */
  readonly fresh: ReadonlySet<string>;
  /** Cards being dragged. */
  readonly dragging: ReadonlySet<number>;
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
  sort(mode: "suit" | "rank"): void;
  /** Keyboard: moves the hand's tab stop, or (with Shift) the card itself. */
  cardKey(index: number, event: KeyboardEvent): void;
  dragStart(index: number, event: PointerEvent): void;
}

/**
 * The hand's cards are sized and laid in one or two overlapping rows by the
 * page once it knows the space (fit.ts): no style here, so that redraws
 * leave that size alone.
 */
export function handArea(seat: SeatView, act: HandActions, chip: JSX.Element | null = null): JSX.Element {
  const { hand, me, selection, cards } = seat;
  const count = hand.handSizes[me] ?? 0;
  let row: JSX.Element;
  if (hand.myHandHidden) {
    row = h(
      "div",
      { class: "hand-cards fan hidden-hand", "data-count": count },
      Array.from({ length: count }, (_, i) => cardBack(t.hand.pozzettoCard, i)),
    );
  } else {
    const seen = new Map<string, number>();
    row = h(
      "div",
      {
        class: "hand-cards fan",
        role: "group",
        "aria-label": t.hand.cardsLabel,
        "data-count": cards.length,
      },
      cards.map((card, i) => {
        // Keyed by the card and its copy, so that reordering moves the same button (and its focus).
        const copy = seen.get(card) ?? 0;
        seen.set(card, copy + 1);
        const on = selection.has(i);
        const picked = hand.picked === card;
        const fresh = seat.fresh.has(card);
        return h(
          "button",
          {
            key: `${card}#${copy}`,
            type: "button",
            class: cardClass(
              card,
              `${on ? "selected" : ""}${picked ? " picked" : ""}${fresh ? " fresh" : ""}${seat.dragging.has(i) ? " dragging" : ""}`,
            ),
            "data-card": card,
            "data-index": i,
            "data-drop": `hand:${i}`,
            tabIndex: i === seat.active ? 0 : -1,
            "aria-pressed": on ? "true" : "false",
            title: picked ? t.hand.picked : undefined,
            onClick: () => act.toggle(i),
            onKeyDown: (event: KeyboardEvent) => act.cardKey(i, event),
            onPointerDown: (event: PointerEvent) => act.dragStart(i, event),
          },
          ...cardIndex(card),
          // The card's name is its text for screen readers (the corner's letters are hidden from them).
          h(
            "span",
            { class: "visually-hidden" },
            `${cardName(card)}${picked ? `, ${t.cards.justPicked}` : fresh ? `, ${t.cards.justDrawn}` : ""}`,
          ),
        );
      }),
    );
  }
  const inPlay = seat.snap.status === "playing" && hand.end === null;
  const option = selection.meldOption();
  const showChoice = option?.endChoice === true || hand.melds.some((m) => selection.attachOption(m)?.endChoice === true);
  return h(
    "section",
    { class: "my-hand", id: "my-hand", "aria-labelledby": "hand-title", "data-drop": "take" },
    h(
      "div",
      { class: "hand-head" },
      chip ? h("ol", { class: "seats mine-seat" }, chip) : null,
      h(
        "h2",
        { id: "hand-title" },
        t.hand.title,
        h("span", { class: "count" }, ` · ${t.common.cards(count)}`),
        hand.myHandHidden ? h("span", { class: "count" }, t.hand.hiddenNote) : null,
      ),
      hand.myHandHidden ? null : sortButtons(seat.mode, act),
      inPlay && !seat.confirmResign
        ? h(
            "button",
            { type: "button", id: "act-resign", class: "danger quiet", disabled: seat.busy, onClick: () => act.askResign(true) },
            t.hand.resign,
          )
        : null,
    ),
    row,
    inPlay ? actions(seat, act, option, showChoice) : null,
  );
}

function sortButtons(mode: SortMode, act: HandActions): JSX.Element {
  const button = (which: "suit" | "rank", label: string) =>
    h(
      "button",
      {
        type: "button",
        class: "quiet",
        id: `sort-${which}`,
        "aria-pressed": mode === which ? "true" : "false",
        onClick: () => act.sort(which),
      },
      label,
    );
  return h(
    "div",
    { class: "sort", role: "group", "aria-label": t.hand.sortLabel },
    button("suit", t.hand.sortSuit),
    button("rank", t.hand.sortRank),
    mode === "own" ? h("span", { class: "hint" }, t.hand.ownOrder) : null,
  );
}

function actions(seat: SeatView, act: HandActions, option: PlayOption | null, showChoice: boolean): JSX.Element[] {
  const { snap, hand, myTurn: turn, busy, notice, confirmResign, selection } = seat;
  const selected = selection.cards();
  const closedPile = snap.view.rules.discardPile === "closed";
  const playing = turn && hand.phase === "play" && !busy;
  const taking = turn && hand.phase === "take" && !busy;
  const top = hand.discardPile.top;
  const out: (JSX.Element | null)[] = [
    h(
      "div",
      { key: "toolbar", class: "actions", role: "toolbar", "aria-label": t.hand.moves },
      h(
        "button",
        { type: "button", id: "act-draw", class: taking ? "primary" : "", disabled: !taking, onClick: () => act.draw() },
        t.hand.draw,
      ),
      h(
        "button",
        { type: "button", id: "act-pickup", disabled: !taking || hand.discardPile.count === 0, onClick: () => act.pickUp() },
        closedPile
          ? selected.length && top
            ? t.hand.pickUpWith(cardShort(top))
            : t.hand.pickUpClosed
          : t.hand.pickUp(hand.discardPile.count),
      ),
      h("button", { type: "button", id: "act-meld", disabled: !playing || !selection.meldReady(), onClick: () => act.meld() }, t.hand.meld),
      h(
        "button",
        { type: "button", id: "act-discard", disabled: !playing || selected.length !== 1, onClick: () => act.discard() },
        t.hand.discard,
      ),
      selected.length ? h("button", { type: "button", class: "quiet", id: "act-clear", onClick: () => act.clear() }, t.hand.clear) : null,
    ),
    confirmResign
      ? h(
          "div",
          { key: "confirm", class: "confirm", role: "alertdialog", "aria-labelledby": "resign-q" },
          h("p", { id: "resign-q" }, t.hand.resignQuestion),
          h("button", { type: "button", class: "danger", id: "act-resign-yes", onClick: () => act.resign() }, t.hand.resignYes),
          h("button", { type: "button", id: "act-resign-no", onClick: () => act.askResign(false) }, t.hand.cancel),
        )
      : null,
    h("div", { key: "preview", class: "preview", id: "preview", "aria-live": "polite" }, previewText(seat, option)),
    showChoice && turn ? wildChoice(selection.wildEnd, act) : null,
    notice ? h("p", { key: "notice", class: `notice ${notice.kind}`, id: "notice", role: "alert" }, codeText(notice.code)) : null,
    hand.picked ? h("p", { key: "picked", class: "hint" }, t.hand.pickedAlone(cardShort(hand.picked))) : null,
    turn && hand.phase === "take" && closedPile && top ? h("p", { key: "closed", class: "hint" }, t.hand.closedHint(cardShort(top))) : null,
  ];
  return out.filter((e): e is JSX.Element => e !== null);
}

function previewText(seat: SeatView, option: PlayOption | null): (JSX.Element | string)[] | string {
  const { hand, myTurn, selection, me, snap } = seat;
  const count = selection.indices.length;
  if (!myTurn || count === 0) return "";
  if (option) {
    if (!option.preview.ok) return t.hand.notMeld(codeText(option.preview.code));
    const meld = option.preview.meld;
    return [
      hand.phase === "take" ? t.hand.pickUpLay : t.hand.newMeld,
      h(
        "span",
        { class: "mini-meld" },
        meld.cards.map((c, i) => cardView(c, { key: `${i}:${c}`, class: meld.wild?.index === i ? "wild" : "" })),
      ),
      meld.burraco ? t.hand.burracoMade(t.burraco[meld.burraco]) : "",
    ];
  }
  if (hand.phase === "play" && count < 3) {
    const team = teamOf(me, snap.view.players);
    // Only the player's own team's melds take cards.
    const fits = selection.fitting(hand.melds.filter((m) => m.team === team)).length;
    const one = count === 1 ? t.hand.discardOrAdd : t.hand.selectThree;
    return fits ? `${one}: ${t.hand.meldsTake(fits, count === 1)}.` : `${one}.`;
  }
  return "";
}

function wildChoice(wildEnd: WildEnd | null, act: HandActions): JSX.Element {
  const choice = (end: WildEnd, label: string) =>
    h(
      "label",
      null,
      h("input", {
        type: "radio",
        name: "wild-end",
        value: end,
        checked: (wildEnd ?? "high") === end,
        onChange: () => act.chooseWild(end),
      }),
      ` ${label}`,
    );
  return h(
    "fieldset",
    { key: "wild", class: "wild-choice" },
    h("legend", null, t.hand.wildEnd),
    choice("low", t.hand.low),
    choice("high", t.hand.high),
  );
}
