import type { TableMeld } from "../../../src/engine/meld";
import type { EventsResponse, GameSnapshot } from "../../../src/shared/api";
import { ApiError, api } from "../api";
import { randomId } from "../dom";
import { verifyDeal } from "../fairness";
import { t } from "../i18n/index";
import { type HandOrder, rememberHandOrder, seenCommitments } from "../store";
import type { InvitationClaim } from "./claim";
import { type DropTarget, startDrag } from "./drag";
import type { MeldTargets, Takers } from "./felt";
import type { HandActions, Notice, SeatView } from "./hand";
import type { Highlights } from "./highlights";
import type { Verified } from "./panels";
import { type Move, placesOf, type Selection } from "./plays";
import type { TableRoute } from "./route";
import type { TableActions } from "./view";

/** What the player's controls need of the table's page (page.ts is one): its state, and its talk with the server. */
export interface SeatHost {
  readonly snap: GameSnapshot | null;
  readonly me: number | null;
  readonly route: TableRoute;
  readonly selection: Selection;
  /** The hand's order, as the player chose it. */
  order: HandOrder;
  readonly fresh: Highlights;
  /** The end-of-hand summary (hand-ends.ts). */
  readonly ends: { close(): void };
  /** The player's cards in the order shown. */
  cards(): string[];
  myTurn(): boolean;
  render(): void;
  apply(update: EventsResponse): void;
  refresh(): Promise<void>;
  fail(error: ApiError): void;
  /** The invitation's claim of a seat (claim.ts). */
  readonly invitation: Pick<InvitationClaim, "claim">;
}

/**
 * What the player does at the table: select, order and drag cards, send
 * moves (each with the version shown and a fresh idempotency key), and
 * where the focus goes after each of them.
 */
export class SeatControls {
  busy = false;
  /** Moves made while the one before was on its way (play), in order: each played once the one before is answered. */
  private queued: Move[] = [];
  notice: Notice | null = null;
  confirmResign = false;
  /** The card holding the hand's one tab stop. */
  private active = 0;
  private dragging = new Set<number>();
  readonly verified = new Map<number, Verified>();
  private focusTarget: string | null = null;
  /** A card just drawn: the hand's tab stop goes to it once it is shown. */
  private drawn: string | null = null;

  constructor(private readonly page: SeatHost) {}

  /** Moves the focus to `selector` after the next render (the element an action leads to). */
  focusSoon(selector: string): void {
    this.focusTarget = selector;
  }

  afterRender(): void {
    const selector = this.focusTarget;
    if (!selector) return;
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return;
    this.focusTarget = null;
    element.focus({ preventScroll: selector.startsWith("#my-hand") });
  }

  seatView(): SeatView | null {
    const { snap, route } = this.page;
    const hand = snap?.view.hand;
    const me = this.page.me;
    if (!snap || !hand || route.mode !== "seat" || me === null) return null;
    const cards = this.page.cards();
    if (this.drawn && cards.includes(this.drawn)) {
      this.active = cards.lastIndexOf(this.drawn);
      this.drawn = null;
    }
    this.active = Math.max(0, Math.min(this.active, cards.length - 1));
    return {
      snap,
      hand,
      me,
      myTurn: this.page.myTurn(),
      busy: this.busy,
      notice: this.notice,
      confirmResign: this.confirmResign,
      selection: this.page.selection,
      cards,
      mode: this.page.order.mode,
      active: this.active,
      fresh: this.page.fresh.cards,
      dragging: this.dragging,
    };
  }

  targets(): MeldTargets | null {
    const selection = this.page.selection;
    if (!selection.attachable() || this.busy) return null;
    return { option: (meld) => selection.attachOption(meld), attach: (meld) => void this.play(selection.attachMove(meld)) };
  }

  /** Tap or drag the stock or the pile, while it is the player's turn to take. */
  takers(): Takers | null {
    const page = this.page;
    const hand = page.snap?.view.hand;
    if (!hand || !page.myTurn() || hand.phase !== "take" || this.busy) return null;
    const take = (which: "stock" | "pile") => (which === "stock" ? this.hand.draw() : this.hand.pickUp());
    return {
      draw: () => take("stock"),
      pickUp: () => take("pile"),
      pickUpLabel: page.snap!.view.rules.discardPile === "closed" ? t.hand.pickUpClosed : t.hand.pickUp(hand.discardPile.count),
      drag: (which, event) =>
        startDrag(event, {
          onStart: () => undefined,
          onDrop: (target) => {
            if (target?.kind === "hand" || target?.kind === "take") take(which);
          },
        }),
    };
  }

  private focusHand(): void {
    this.focusSoon(this.page.snap?.view.hand?.myHand?.length ? "#my-hand .hand-cards [tabindex='0']" : "#status");
  }

  async play(move: Move): Promise<void> {
    const page = this.page;
    const snap = page.snap;
    if (!snap || page.route.mode !== "seat") return;
    if (this.busy) {
      // The move before is on its way, and a push may have shown it played before its answer came: a card dropped
      // meanwhile is played after it, never lost (the buttons wait for the answer; a drop cannot).
      this.queued.push(move);
      return;
    }
    this.busy = true;
    this.notice = null;
    page.render();
    const request = { move, version: snap.version, id: randomId(12) };
    const epoch = page.selection.epoch;
    try {
      let answer: EventsResponse;
      try {
        answer = await api.move(snap.id, page.route.token!, request);
      } catch (error) {
        // A lost answer: the same idempotency key plays the move at most once.
        if (!(error instanceof ApiError) || error.code !== "NETWORK") throw error;
        await new Promise((r) => setTimeout(r, 1000));
        answer = await api.move(snap.id, page.route.token!, request);
      }
      page.selection.played(epoch);
      this.busy = false;
      this.afterMove(move, answer);
      page.apply(answer);
      const next = this.queued.shift();
      if (next) await this.play(next);
    } catch (error) {
      this.busy = false;
      // The move the queued ones followed was refused: they were chosen on a table that never came.
      this.queued = [];
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "STALE_VERSION") {
        this.notice = { kind: "info", code: "STALE_VERSION" };
        await page.refresh();
      } else if (error.status === 401) {
        page.fail(error);
      } else {
        this.notice = { kind: "error", code: error.code };
      }
      page.render();
    }
  }

  /** The focus goes where the player goes on: the card just drawn, else the hand. */
  private afterMove(move: Move, answer: EventsResponse): void {
    const drawn = answer.events.find((e) => e.type === "drew" && e.card !== undefined);
    if (move.type === "draw" && drawn?.type === "drew" && drawn.card) this.drawn = drawn.card;
    if (move.type === "resign") this.focusSoon("#status");
    else this.focusHand();
  }

  private reorder(from: readonly number[], to: number): void {
    const page = this.page;
    const cards = page.cards();
    const before = page.selection.cards();
    const moving = from.map((i) => cards[i]!).filter((c) => c !== undefined);
    const rest = cards.filter((_, i) => !from.includes(i));
    const at = Math.max(0, Math.min(rest.length, to - from.filter((i) => i < to).length));
    const next = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
    page.order = { mode: "own", cards: next };
    if (page.me !== null) rememberHandOrder(page.route.gameId, page.me, page.order);
    page.selection.keep(before);
    this.active = at;
  }

  private drop(target: DropTarget | null, cards: string[]): void {
    const page = this.page;
    this.dragging = new Set();
    const indices = placesOf(cards, page.cards());
    // A card picked up is no longer in the hand (played meanwhile): the drop does nothing.
    if (indices.includes(-1)) {
      page.render();
      return;
    }
    const hand = page.snap?.view.hand;
    const mine = page.myTurn();
    if (target?.kind === "hand") this.reorder(indices, target.index > Math.max(...indices) ? target.index + 1 : target.index);
    else if (target && hand && mine) {
      const selection = page.selection;
      if (target.kind === "meld") {
        const meld = hand.melds.find((m) => m.id === target.id) as TableMeld | undefined;
        if (meld) void this.play(selection.attachMove(meld, cards));
      } else if (target.kind === "table" && hand.phase === "play" && cards.length >= 3) void this.play(selection.meldMove(cards));
      else if (target.kind === "discard" && hand.phase === "play" && cards.length === 1)
        void this.play({ type: "discard", card: cards[0]! });
    }
    page.render();
  }

  private async verify(hand: number): Promise<void> {
    const page = this.page;
    const snap = page.snap;
    const fairness = snap?.fairness.find((f) => f.hand === hand);
    if (!snap || !fairness?.salt) return;
    this.verified.set(hand, { ok: null, text: "checking" });
    page.render();
    try {
      const current = snap.view.hand;
      const deal = current?.number === hand && current.revealed ? current.revealed.deal : (await api.record(snap.id)).hands[hand]?.deal;
      if (!deal) throw new Error("no deal");
      this.verified.set(
        hand,
        await verifyDeal(fairness.salt, deal as unknown as Record<string, unknown>, fairness.commitment, seenCommitments(snap.id)[hand]),
      );
    } catch {
      this.verified.set(hand, { ok: false, text: "couldNot" });
    }
    page.render();
  }

  readonly hand: HandActions = {
    toggle: (index) => {
      this.page.selection.toggle(index);
      this.active = index;
      this.notice = null;
      this.page.render();
    },
    clear: () => {
      this.page.selection.clear();
      this.focusHand();
      this.page.render();
    },
    draw: () => void this.play({ type: "draw" }),
    pickUp: () => void this.play(this.page.selection.pickupMove()),
    meld: () => void this.play(this.page.selection.meldMove()),
    discard: () => {
      const move = this.page.selection.discardMove();
      if (move) void this.play(move);
    },
    askResign: (asking) => {
      this.confirmResign = asking;
      this.focusSoon(asking ? "#act-resign-no" : "#act-resign");
      this.page.render();
    },
    resign: () => {
      this.confirmResign = false;
      void this.play({ type: "resign" });
    },
    chooseWild: (end) => {
      this.page.selection.wildEnd = end;
      this.page.render();
    },
    sort: (mode) => {
      const page = this.page;
      const before = page.selection.cards();
      page.order = { mode, cards: [] };
      if (page.me !== null) rememberHandOrder(page.route.gameId, page.me, page.order);
      page.selection.keep(before);
      page.render();
    },
    cardKey: (index, event) => {
      const count = this.page.cards().length;
      const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      let target: number | null = null;
      if (event.key in step) target = Math.max(0, Math.min(count - 1, index + step[event.key]!));
      else if (event.key === "Home") target = 0;
      else if (event.key === "End") target = count - 1;
      if (target === null) return;
      event.preventDefault();
      if (event.shiftKey && target !== index) this.reorder([index], target > index ? target + 1 : target);
      else this.active = target;
      this.focusSoon("#my-hand .hand-cards [tabindex='0']");
      this.page.render();
    },
    dragStart: (index, event) => {
      const selection = this.page.selection;
      const indices = selection.has(index) ? selection.indices.slice() : [index];
      // The cards themselves, not their places: the hand may be laid out again under a drag (an answer or a push
      // arrives, the player sorts it), and a drop must play the cards picked up, never those now where they were.
      const hand = this.page.cards();
      const cards = indices.map((i) => hand[i]).filter((c) => c !== undefined);
      startDrag(event, {
        onStart: () => {
          this.dragging = new Set(indices);
          this.page.render();
        },
        onDrop: (target) => this.drop(target, cards),
      });
    },
  };

  readonly actions: Omit<TableActions, "clock" | "handover" | "toggleMeld" | "skip" | "takers" | "rematch"> = {
    hand: this.hand,
    claim: (form) => void this.page.invitation.claim(form),
    verify: (hand) => void this.verify(hand),
    closeHandEnd: () => this.page.ends.close(),
  };
}
