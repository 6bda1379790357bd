import type { WildEnd } from "../../src/engine/meld";
import type { MeldView } from "../../src/engine/meld";
import type { HandEnd, TeamScore } from "../../src/engine/state";
import type { HandView } from "../../src/engine/view";
import type { EventsResponse, GameSnapshot, WireEvent } from "../../src/shared/api";
import { ApiError, api } from "./api";
import { cardBack, cardContent, cardView, face, shortList, sortHand } from "./cards";
import { SCORE_PARTS, describeEvent, endText, seatName, teamCount, teamName, teamOf } from "./describe";
import { h, randomId, replaceChildren } from "./dom";
import { verifyDeal } from "./fairness";
import { type Connection, Live } from "./live";
import { type PlayOption, previewAttach, previewNewMeld, wildField } from "./melds";
import { forgetSeat, lastSeenVersion, rememberCommitments, rememberSeat, rememberVersion, rememberedSeats, seenCommitments } from "./store";

/**
 * The table of one game: as a seat (`#seat=TOKEN`), as someone holding the
 * invitation (`#invite=TOKEN`), as a spectator (no fragment), or embedded
 * (`?embed=1`, spectator only, compact). It renders only what the snapshot
 * gives its viewer.
 */

export type TableMode = "seat" | "invite" | "spectator" | "embed";

export interface TableRoute {
  readonly gameId: string;
  readonly mode: TableMode;
  /** The seat or invitation token from the fragment; null for spectators and embeds. */
  readonly token: string | null;
}

interface HandEnded {
  readonly hand: number;
  readonly end: HandEnd;
  readonly scores: readonly TeamScore[];
  readonly hands: readonly string[][];
  readonly deal: Record<string, unknown>;
}

interface Notice {
  readonly kind: "error" | "info";
  readonly text: string;
}

const LOG_SIZE = 12;

export class TablePage {
  private snap: GameSnapshot | null = null;
  private fatal: string | null = null;
  /** Indices into the sorted hand. */
  private selected: number[] = [];
  /** Counts the player's changes to the selection, so that an answer clears only the selection it was sent with. */
  private selectionEpoch = 0;
  private wildEnd: WildEnd | null = null;
  private busy = false;
  private notice: Notice | null = null;
  private connection: Connection = "connecting";
  private log: string[] = [];
  private lastSeq = 0;
  private ended: HandEnded | null = null;
  private confirmResign = false;
  private verified = new Map<number, { ok: boolean | null; text: string }>();
  private claimError: string | null = null;
  private fairnessOpen = false;
  private live: Live | null = null;
  private closed = false;
  private readonly main: HTMLElement;

  constructor(
    root: HTMLElement,
    private route: TableRoute,
    /** Called to open the page again with another route (after claiming a seat). */
    private readonly reopen: (route: TableRoute) => void,
  ) {
    this.main = h("div", { class: `table-page${route.mode === "embed" ? " embed" : ""}` });
    // Outside the re-rendered part, so that screen readers hear each change of turn once.
    this.announcer = h("p", { class: "visually-hidden", "aria-live": "polite", id: "announce" });
    replaceChildren(root, this.main, this.announcer);
  }

  private readonly announcer: HTMLElement;

  private announce(text: string): void {
    if (this.announcer.textContent !== text) this.announcer.textContent = text;
  }

  async open(): Promise<void> {
    this.render();
    const { gameId, mode } = this.route;
    // An invitation token may read the public view only; the claim uses it.
    const readToken = mode === "seat" ? this.route.token : null;
    let snap: GameSnapshot;
    try {
      snap = mode === "invite" ? await api.snapshot(gameId, this.route.token) : await api.snapshot(gameId, readToken);
    } catch (error) {
      this.fatal = loadError(error, mode);
      if (mode === "seat" && error instanceof ApiError && error.code === "BAD_TOKEN") forgetSeat(gameId, this.route.token!);
      this.render();
      return;
    }
    if (this.closed) return;
    const since = mode === "embed" ? null : lastSeenVersion(gameId);
    this.apply({ version: snap.version, events: [], view: snap });
    if (mode === "seat" && snap.viewer !== null) {
      rememberSeat(gameId, { seat: snap.viewer, token: this.route.token!, names: snap.seats.map((s) => s.name), savedAt: new Date().toISOString() });
    }
    this.live = new Live({
      gameId,
      token: readToken,
      since: since !== null && since < snap.version ? since : null,
      onUpdate: (update) => this.apply(update),
      onConnection: (state) => {
        this.connection = state;
        this.renderConnection();
      },
      onAuthError: (error) => {
        this.fatal = loadError(error, mode);
        this.render();
      },
    });
    this.live.start(snap.version);
  }

  close(): void {
    this.closed = true;
    this.live?.stop();
  }

  // ── State ───────────────────────────────────────────────────────────────

  private get hand(): HandView | null {
    return this.snap?.view.hand ?? null;
  }

  private get me(): number | null {
    return this.route.mode === "seat" ? (this.snap?.viewer ?? null) : null;
  }

  private sortedHand(): string[] {
    return sortHand(this.hand?.myHand ?? []);
  }

  private selectedCards(): string[] {
    const hand = this.sortedHand();
    return this.selected.map((i) => hand[i]!).filter((c) => c !== undefined);
  }

  private myTurn(): boolean {
    const hand = this.hand;
    return this.me !== null && this.snap!.status === "playing" && hand !== null && hand.end === null && hand.turn === this.me;
  }

  private apply(update: EventsResponse): void {
    if (this.closed) return;
    const before = this.selectedCards();
    const previous = this.snap;
    if (!previous || update.view.version >= previous.version) this.snap = update.view;
    const snap = this.snap!;
    for (const event of update.events) {
      if (event.seq <= this.lastSeq) continue;
      if (event.type === "handEnded") this.ended = handEndedOf(event);
      const line = describeEvent(event, snap.seats, this.me, snap.view.players);
      if (line) this.log.unshift(line);
    }
    this.log.length = Math.min(this.log.length, LOG_SIZE);
    for (const event of update.events) this.lastSeq = Math.max(this.lastSeq, event.seq);
    // Keep the selection on the same cards where they are still held.
    const hand = this.sortedHand();
    const taken = new Set<number>();
    this.selected = [];
    for (const card of before) {
      const at = hand.findIndex((c, i) => c === card && !taken.has(i));
      if (at >= 0) (taken.add(at), this.selected.push(at));
    }
    if (previous && previous.version !== snap.version) this.confirmResign = false;
    if (this.route.mode !== "embed") {
      rememberVersion(snap.id, snap.version);
      rememberCommitments(snap.id, snap.fairness);
    }
    this.live?.seen(snap.version);
    this.render();
  }

  private async refresh(): Promise<void> {
    const token = this.route.mode === "seat" ? this.route.token : null;
    try {
      const snap = await api.snapshot(this.route.gameId, token);
      this.apply({ version: snap.version, events: [], view: snap });
    } catch {
      // The live connection brings it soon enough.
    }
  }

  // ── Moves ───────────────────────────────────────────────────────────────

  private async play(move: Record<string, unknown>): Promise<void> {
    const snap = this.snap;
    if (!snap || this.busy || this.route.mode !== "seat") return;
    this.busy = true;
    this.notice = null;
    this.render();
    const request = { move, version: snap.version, id: randomId(12) };
    const epoch = this.selectionEpoch;
    try {
      let answer: EventsResponse;
      try {
        answer = await api.move(snap.id, this.route.token!, request);
      } catch (error) {
        // A lost answer: the same idempotency key plays the move at most once.
        if (!(error instanceof ApiError) || error.code !== "NETWORK") throw error;
        await new Promise((r) => setTimeout(r, 1000));
        answer = await api.move(snap.id, this.route.token!, request);
      }
      if (epoch === this.selectionEpoch) {
        this.selected = [];
        this.wildEnd = null;
      }
      this.busy = false;
      this.apply(answer);
    } catch (error) {
      this.busy = false;
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "STALE_VERSION") {
        this.notice = { kind: "info", text: "The table changed before your move arrived. Here it is as it stands now: have a look and try again." };
        await this.refresh();
      } else if (error.status === 401) {
        this.fatal = loadError(error, "seat");
      } else {
        this.notice = { kind: "error", text: error.message };
      }
      this.render();
    }
  }

  private toggle(index: number): void {
    this.selectionEpoch++;
    const at = this.selected.indexOf(index);
    if (at >= 0) this.selected.splice(at, 1);
    else this.selected.push(index);
    this.notice = null;
    this.render();
  }

  private meldOption(): PlayOption | null {
    const cards = this.selectedCards();
    const hand = this.hand;
    if (!hand || !this.snap) return null;
    const rules = this.snap.view.rules;
    if (hand.phase === "take") {
      if (rules.discardPile !== "closed" || !hand.discardPile.top || cards.length < 2) return null;
      return previewNewMeld([...cards, hand.discardPile.top], rules, this.wildEnd);
    }
    return cards.length >= 3 ? previewNewMeld(cards, rules, this.wildEnd) : null;
  }

  private attachOption(meld: MeldView): PlayOption | null {
    const hand = this.hand;
    if (!hand || !this.snap || !this.myTurn()) return null;
    const rules = this.snap.view.rules;
    const cards = this.selectedCards();
    if (hand.phase === "play") return cards.length ? previewAttach(meld, cards, rules, this.wildEnd) : null;
    if (rules.discardPile === "closed" && hand.discardPile.top) return previewAttach(meld, [hand.discardPile.top, ...cards], rules, this.wildEnd);
    return null;
  }

  private draw(): void {
    void this.play({ type: "draw" });
  }

  private pickUp(): void {
    const hand = this.hand!;
    const rules = this.snap!.view.rules;
    if (rules.discardPile === "closed" && hand.discardPile.top) {
      const cards = this.selectedCards();
      const option = this.meldOption();
      if (cards.length === 0) {
        // The server explains why a closed pile needs a play.
        void this.play({ type: "pickup" });
        return;
      }
      void this.play({ type: "pickup", play: { type: "meld", cards: [...cards, hand.discardPile.top], ...(option ? wildField(option, this.wildEnd) : {}) } });
      return;
    }
    void this.play({ type: "pickup" });
  }

  private meld(): void {
    const option = this.meldOption();
    void this.play({ type: "meld", cards: this.selectedCards(), ...(option ? wildField(option, this.wildEnd) : {}) });
  }

  private attach(meld: MeldView): void {
    const hand = this.hand!;
    const option = this.attachOption(meld);
    const wild = option ? wildField(option, this.wildEnd) : {};
    if (hand.phase === "take") {
      const cards = [hand.discardPile.top!, ...this.selectedCards()];
      void this.play({ type: "pickup", play: { type: "attach", meld: meld.id, cards, ...wild } });
    } else {
      void this.play({ type: "attach", meld: meld.id, cards: this.selectedCards(), ...wild });
    }
  }

  private discard(): void {
    const [card] = this.selectedCards();
    if (card) void this.play({ type: "discard", card });
  }

  private async claim(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const seatText = String(data.get("seat") ?? "");
    this.busy = true;
    this.claimError = null;
    this.render();
    try {
      const answer = await api.claim(this.route.gameId, this.route.token!, { ...(name ? { name } : {}), ...(seatText !== "" ? { seat: Number(seatText) } : {}) });
      // The invitation becomes this browser's own seat link; the old fragment goes from the history.
      history.replaceState(null, "", `/game/${encodeURIComponent(this.route.gameId)}#seat=${answer.token}`);
      rememberSeat(this.route.gameId, { seat: answer.seat, token: answer.token, savedAt: new Date().toISOString() });
      this.reopen({ gameId: this.route.gameId, mode: "seat", token: answer.token });
    } catch (error) {
      this.busy = false;
      this.claimError = error instanceof ApiError ? error.message : "The seat could not be claimed.";
      this.render();
    }
  }

  private async verify(hand: number): Promise<void> {
    const snap = this.snap!;
    const fairness = snap.fairness.find((f) => f.hand === hand);
    if (!fairness?.salt) return;
    this.verified.set(hand, { ok: null, text: "Checking…" });
    this.render();
    try {
      let deal: Record<string, unknown> | undefined;
      const current = snap.view.hand;
      if (current?.number === hand && current.revealed) deal = current.revealed.deal;
      else if (this.ended?.hand === hand) deal = this.ended.deal;
      else deal = (await api.record(snap.id)).hands[hand]?.deal;
      if (!deal) throw new Error("the deal of this hand is not available yet");
      const result = await verifyDeal(fairness.salt, deal, fairness.commitment, seenCommitments(snap.id)[hand]);
      this.verified.set(hand, result);
    } catch (error) {
      this.verified.set(hand, { ok: false, text: `Could not check: ${(error as Error).message}` });
    }
    this.render();
  }

  // ── Rendering ───────────────────────────────────────────────────────────

  private connectionPill(): HTMLElement {
    const labels: Record<Connection, string> = {
      connecting: "Connecting…",
      live: "Live",
      reconnecting: "Reconnecting…",
      polling: "Live (polling)",
      offline: "Offline: retrying",
    };
    return h("span", { class: `connection ${this.connection}`, id: "connection", role: "status", title: "Connection to the game" }, h("span", { class: "dot", "aria-hidden": "true" }), labels[this.connection]);
  }

  private renderConnection(): void {
    const pill = this.main.querySelector("#connection");
    if (pill) pill.replaceWith(this.connectionPill());
  }

  private render(): void {
    if (this.closed) return;
    const embed = this.route.mode === "embed";
    const snap = this.snap;
    document.title = this.title();
    if (this.fatal) {
      replaceChildren(this.main, embed ? null : header(null), h("main", null, h("section", { class: "panel fatal", role: "alert" }, h("p", null, this.fatal), embed ? null : h("p", null, h("a", { href: "/" }, "Go to the lobby")))));
      return;
    }
    if (!snap) {
      replaceChildren(this.main, embed ? null : header(null), h("main", null, h("p", { class: "loading" }, "Loading the table…")));
      return;
    }
    const hand = snap.view.hand;
    replaceChildren(
      this.main,
      embed ? null : header(this.connectionPill()),
      h(
        "main",
        null,
        embed ? h("div", { class: "embed-bar" }, this.connectionPill(), h("a", { href: `/game/${snap.id}`, target: "_blank", rel: "noopener" }, "Open the full table ↗")) : null,
        this.statusBanner(),
      this.route.mode === "invite" ? this.claimForm() : null,
      this.seatsStrip(),
      hand ? this.tableArea(hand) : null,
      hand && this.route.mode === "seat" ? this.handArea(hand) : null,
      this.handEndPanel(),
      this.scores(),
      embed ? null : this.logPanel(),
      embed ? null : this.fairnessPanel(),
        this.route.mode === "spectator" ? this.spectatorNote() : null,
      ),
    );
  }

  private title(): string {
    const snap = this.snap;
    if (!snap) return "Burraco";
    if (this.myTurn()) return "● Your turn · Burraco";
    return `${snap.seats.map((s) => s.name ?? `Player ${s.seat + 1}`).join(" · ")} · Burraco`;
  }

  private statusBanner(): HTMLElement {
    const snap = this.snap!;
    const hand = snap.view.hand;
    const match = snap.view.match;
    let text: string;
    let mine = false;
    if (snap.status === "over" || match.over) {
      text = match.winner === null ? "The match is over." : `The match is over: ${teamName(snap.seats, match.winner, snap.view.players)} won.`;
      if (this.me !== null && match.winner !== null) text += teamOf(this.me, snap.view.players) === match.winner ? " Well played!" : "";
    } else if (!hand) {
      text = "Waiting for the deal.";
    } else if (hand.end) {
      text = `Hand ${hand.number + 1} is over: ${endText(hand.end, snap.seats)}.`;
    } else if (this.myTurn()) {
      mine = true;
      text = hand.phase === "take" ? "Your turn: draw from the stock or pick up the discard pile." : "Your turn: meld if you like, then discard one card to end your turn.";
    } else {
      const who = seatName(snap.seats, hand.turn);
      text = `${who}'s turn (${hand.phase === "take" ? "to draw" : "playing"}).`;
    }
    const extra: string[] = [];
    if (hand && !hand.end && hand.lastTurn) extra.push("Last turn: only two cards are left in the stock.");
    if (hand?.myHandHidden) extra.push("Your pozzetto stays face down until your next turn.");
    if (this.route.mode !== "embed") this.announce(text);
    return h(
      "section",
      { class: `status${mine ? " mine" : ""}`, id: "status" },
      h("p", { class: "turn-text" }, text),
      extra.map((t) => h("p", { class: "status-extra" }, t)),
    );
  }

  /** Built once, so that live updates do not wipe what is being typed. */
  private claimNode: HTMLElement | null = null;

  private claimForm(): HTMLElement {
    const snap = this.snap!;
    const free = snap.seats.filter((s) => !s.taken);
    if (!this.claimNode) {
      this.claimNode = h(
        "section",
        { class: "panel claim", "aria-labelledby": "claim-title" },
        h("h2", { id: "claim-title" }, "Join this game"),
        free.length === 0
          ? h("p", null, "Every seat of this game is taken: you can still watch the table below.")
          : h(
              "form",
              {
                id: "claim-form",
                onsubmit: (event: Event) => {
                  event.preventDefault();
                  void this.claim(event.target as HTMLFormElement);
                },
              },
              h("p", null, "This invitation lets you take a free seat. Once you join, this page becomes your own seat link: keep it, it is how you come back."),
              h("label", { for: "claim-name" }, "Your name"),
              h("input", { id: "claim-name", name: "name", maxlength: 40, autocomplete: "nickname", required: true, "data-focus": "claim-name" }),
              free.length > 1
                ? [
                    h("label", { for: "claim-seat" }, "Seat"),
                    h("select", { id: "claim-seat", name: "seat" }, h("option", { value: "" }, "Any free seat"), free.map((s) => h("option", { value: s.seat }, `Seat ${s.seat + 1}${s.name ? ` (${s.name})` : ""}`))),
                  ]
                : null,
              h("button", { type: "submit", class: "primary", id: "claim-submit" }, "Take the seat"),
              h("p", { class: "notice error", id: "claim-error", role: "alert", hidden: true }),
            ),
      );
    }
    const button = this.claimNode.querySelector<HTMLButtonElement>("#claim-submit");
    if (button) button.disabled = this.busy;
    const error = this.claimNode.querySelector<HTMLElement>("#claim-error");
    if (error) {
      error.hidden = this.claimError === null;
      error.textContent = this.claimError ?? "";
    }
    return this.claimNode;
  }

  private seatsStrip(): HTMLElement {
    const snap = this.snap!;
    const hand = snap.view.hand;
    const players = snap.view.players;
    return h(
      "section",
      { class: "seats", "aria-label": "Players" },
      h(
        "ol",
        null,
        snap.seats.map((seat) => {
          const turn = hand && !hand.end && hand.turn === seat.seat;
          const count = hand?.handSizes[seat.seat];
          const you = seat.seat === this.me;
          return h(
            "li",
            { class: `seat${turn ? " turn" : ""}${you ? " you" : ""}`, "data-seat": seat.seat, "aria-current": turn ? "true" : false },
            h("span", { class: "seat-name" }, seatName(snap.seats, seat.seat), you ? h("span", { class: "you-tag" }, " (you)") : null),
            players === 4 ? h("span", { class: "seat-team" }, `team ${teamOf(seat.seat, players) === 0 ? "A" : "B"}`) : null,
            count === undefined ? null : h("span", { class: "seat-cards", "data-count": count }, `${count} card${count === 1 ? "" : "s"}`),
            turn ? h("span", { class: "turn-tag" }, hand!.phase === "take" ? "▶ to play" : "▶ playing") : null,
            !seat.taken && this.route.mode !== "embed" ? h("span", { class: "free-tag" }, "seat free") : null,
          );
        }),
      ),
    );
  }

  private tableArea(hand: HandView): HTMLElement {
    const snap = this.snap!;
    const rules = snap.view.rules;
    const pile = hand.discardPile;
    const closed = !pile.cards;
    const pileCards = pile.cards
      ? pile.cards.map((c, i) => cardView(c, { class: i === pile.cards!.length - 1 ? "top" : "", label: i === pile.cards!.length - 1 ? `${face(c).name}, top` : undefined }))
      : pile.top
        ? [cardView(pile.top, { class: "top", label: `${face(pile.top).name}, top` })]
        : [];
    return h(
      "section",
      { class: "felt", "aria-label": "Table" },
      h(
        "div",
        { class: "piles" },
        h("div", { class: "stock", id: "stock" }, h("h2", null, "Stock"), h("div", { class: "pile-row" }, cardBack("stock")), h("p", { "data-count": hand.stock }, `${hand.stock} cards`)),
        h(
          "div",
          { class: "discard", id: "discard" },
          h("h2", null, closed ? "Discard pile (closed)" : "Discard pile"),
          h("div", { class: "pile-row" }, pileCards.length ? pileCards : h("span", { class: "empty" }, "empty")),
          h("p", { "data-count": pile.count }, closed ? `${pile.count} card${pile.count === 1 ? "" : "s"}; only the top card shows` : `${pile.count} card${pile.count === 1 ? "" : "s"}`),
        ),
      ),
      h(
        "div",
        { class: "teams" },
        Array.from({ length: teamCount(snap.view.players) }, (_, team) => this.teamMelds(hand, team, rules.discardPile === "closed")),
      ),
    );
  }

  private pozzettoText(hand: HandView, team: number): string {
    const status = hand.pozzetti[team];
    const seats = this.snap!.seats;
    if (status === null || status === undefined) return hand.pozzettiLeft > 0 ? "pozzetto not taken yet" : "no pozzetto left";
    if (status === "stock") return "pozzetto went under the stock";
    return `pozzetto taken by ${seatName(seats, status.seat)} ${status.direct ? "al volo" : "on the discard"}`;
  }

  private teamMelds(hand: HandView, team: number, closedPile: boolean): HTMLElement {
    const snap = this.snap!;
    const players = snap.view.players;
    const mine = this.me !== null && teamOf(this.me, players) === team;
    const melds = hand.melds.filter((m) => m.team === team);
    const title = mine ? (players === 4 ? `Your team (${teamName(snap.seats, team, players)})` : "Your melds") : `${teamName(snap.seats, team, players)}${players === 4 ? "" : "'s melds"}`;
    const canAttach = mine && this.myTurn() && !this.busy && (hand.phase === "play" ? this.selected.length > 0 : closedPile && hand.discardPile.top !== null);
    return h(
      "div",
      { class: `team${mine ? " mine" : ""}`, "data-team": team },
      h("h2", null, title, h("span", { class: "pozzetto", "data-pozzetto": team }, ` · ${this.pozzettoText(hand, team)}`)),
      melds.length === 0
        ? h("p", { class: "empty" }, "No melds yet.")
        : h(
            "ul",
            { class: "melds" },
            melds.map((meld) => h("li", null, this.meldView(meld, canAttach))),
          ),
    );
  }

  private meldView(meld: MeldView, canAttach: boolean): HTMLElement {
    const cards = meld.cards.map((card, i) => {
      const wild = meld.wild?.index === i;
      const label = wild ? `${face(card).name}, wild${meld.wild!.as ? ` as ${face(meld.wild!.as).name}` : ""}` : undefined;
      const el = cardView(card, { class: wild ? "wild" : "", label });
      if (wild) el.appendChild(h("span", { class: "as", "aria-hidden": "true" }, meld.wild!.as ? `=${face(meld.wild!.as).short}` : "wild"));
      return el;
    });
    const badge = meld.burraco ? h("span", { class: `badge ${meld.burraco}` }, BURRACO_NAMES[meld.burraco]) : null;
    const description = `${meld.kind === "set" ? "Set" : "Sequence"} of ${meld.cards.length}${meld.burraco ? `, ${BURRACO_NAMES[meld.burraco].toLowerCase()}` : ""}`;
    if (!canAttach) {
      return h("div", { class: "meld", "data-meld": meld.id, role: "group", "aria-label": description }, h("div", { class: "meld-cards" }, cards), badge);
    }
    const option = this.attachOption(meld);
    const fits = option?.preview.ok === true;
    return h(
      "button",
      {
        type: "button",
        class: `meld target${fits ? " fits" : ""}`,
        "data-meld": meld.id,
        "data-focus": `meld-${meld.id}`,
        "aria-label": `${description}. ${this.hand!.phase === "take" ? "Pick up the pile and add its top card" : "Add the selected cards"} here${fits ? "" : " (the engine says no)"}`,
        title: option && !option.preview.ok ? option.preview.message : "Add the selected cards to this meld",
        onclick: () => this.attach(meld),
      },
      h("div", { class: "meld-cards" }, cards),
      badge,
      fits ? h("span", { class: "fits-tag" }, "＋ add here") : null,
    );
  }

  private handArea(hand: HandView): HTMLElement {
    const snap = this.snap!;
    const me = this.me!;
    const cards = this.sortedHand();
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
        cards.map((card, i) => {
          const f = face(card);
          const on = this.selected.includes(i);
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
              onclick: () => this.toggle(i),
            },
            ...cardContent(card),
          );
        }),
      );
    }
    const inPlay = snap.status === "playing" && hand.end === null;
    const option = this.meldOption();
    const showChoice = option?.endChoice === true || snap.view.hand!.melds.some((m) => {
      const o = this.attachOption(m);
      return o?.endChoice === true;
    });
    return h(
      "section",
      { class: "my-hand", id: "my-hand", "aria-labelledby": "hand-title" },
      h("h2", { id: "hand-title" }, "Your hand", h("span", { class: "count" }, ` · ${hand.handSizes[me]} cards`), hand.myHandHidden ? h("span", { class: "count" }, " (pozzetto, face down)") : null),
      cardsRow,
      inPlay ? this.actions(hand, option, showChoice) : null,
    );
  }

  private actions(hand: HandView, option: PlayOption | null, showChoice: boolean): HTMLElement[] {
    const snap = this.snap!;
    const turn = this.myTurn();
    const selected = this.selectedCards();
    const closedPile = snap.view.rules.discardPile === "closed";
    const playing = turn && hand.phase === "play" && !this.busy;
    const taking = turn && hand.phase === "take" && !this.busy;
    const out: (HTMLElement | null)[] = [
      h(
        "div",
        { class: "actions", role: "toolbar", "aria-label": "Moves" },
        h("button", { type: "button", id: "act-draw", "data-focus": "draw", disabled: !taking, onclick: () => this.draw() }, "Draw"),
        h(
          "button",
          { type: "button", id: "act-pickup", "data-focus": "pickup", disabled: !taking || hand.discardPile.count === 0, onclick: () => this.pickUp() },
          closedPile ? (selected.length ? `Pick up & meld with ${shortList([hand.discardPile.top ?? ""])}` : "Pick up (with a play)") : `Pick up the pile (${hand.discardPile.count})`,
        ),
        h("button", { type: "button", id: "act-meld", "data-focus": "meld", disabled: !playing || selected.length < 3, onclick: () => this.meld() }, "Meld"),
        h("button", { type: "button", id: "act-discard", "data-focus": "discard", disabled: !playing || selected.length !== 1, onclick: () => this.discard() }, "Discard"),
        selected.length ? h("button", { type: "button", class: "quiet", "data-focus": "clear", onclick: () => ((this.selected = []), this.selectionEpoch++, this.render()) }, "Clear selection") : null,
        h("span", { class: "spacer" }),
        snap.status === "playing" && !this.confirmResign
          ? h("button", { type: "button", id: "act-resign", class: "danger quiet", "data-focus": "resign", disabled: this.busy, onclick: () => ((this.confirmResign = true), this.render()) }, "Resign…")
          : null,
      ),
      this.confirmResign
        ? h(
            "div",
            { class: "confirm", role: "alertdialog", "aria-labelledby": "resign-q" },
            h("p", { id: "resign-q" }, "Resign the match? Your team loses and the game ends for everyone."),
            h("button", { type: "button", class: "danger", id: "act-resign-yes", "data-focus": "resign-yes", onclick: () => ((this.confirmResign = false), void this.play({ type: "resign" })) }, "Yes, resign"),
            h("button", { type: "button", "data-focus": "resign-no", onclick: () => ((this.confirmResign = false), this.render()) }, "Cancel"),
          )
        : null,
      h("div", { class: "preview", id: "preview", "aria-live": "polite" }, this.previewText(hand, option)),
      showChoice && turn ? this.wildChoice() : null,
      this.notice ? h("p", { class: `notice ${this.notice.kind}`, id: "notice", role: "alert" }, this.notice.text) : null,
      hand.picked ? h("p", { class: "hint" }, `You picked up ${shortList([hand.picked])} alone: you may not discard it this turn.`) : null,
      turn && hand.phase === "take" && closedPile
        ? h("p", { class: "hint" }, `Closed pile: to pick it up, select cards that make a meld with its top card (${shortList([hand.discardPile.top ?? ""])}), or click one of your melds that takes it.`)
        : null,
    ];
    return out.filter((e): e is HTMLElement => e !== null);
  }

  private previewText(hand: HandView, option: PlayOption | null): (HTMLElement | string)[] | string {
    if (!this.myTurn() || this.selected.length === 0) return "";
    if (option) {
      if (!option.preview.ok) return `Not a meld: ${option.preview.message}.`;
      const meld = option.preview.meld;
      return [
        hand.phase === "take" ? "Pick up and lay: " : "New meld: ",
        h("span", { class: "mini-meld" }, meld.cards.map((c, i) => cardView(c, { class: meld.wild?.index === i ? "wild" : "" }))),
        meld.burraco ? ` — ${BURRACO_NAMES[meld.burraco].toLowerCase()}!` : "",
      ];
    }
    if (hand.phase === "play" && this.selected.length < 3) {
      const fits = hand.melds.filter((m) => this.attachOption(m)?.preview.ok);
      const one = this.selected.length === 1 ? "Discard it, or add it to a meld" : "Select at least 3 cards for a new meld";
      return fits.length ? `${one}: ${fits.length === 1 ? "one of your melds takes" : `${fits.length} of your melds take`} ${this.selected.length === 1 ? "it" : "them"} (highlighted).` : `${one}.`;
    }
    return "";
  }

  private wildChoice(): HTMLElement {
    const choice = (end: WildEnd, label: string) =>
      h(
        "label",
        null,
        h("input", {
          type: "radio",
          name: "wild-end",
          value: end,
          checked: (this.wildEnd ?? "high") === end,
          "data-focus": `wild-${end}`,
          onchange: () => ((this.wildEnd = end), this.render()),
        }),
        ` ${label}`,
      );
    return h("fieldset", { class: "wild-choice" }, h("legend", null, "The wild goes at the"), choice("low", "low end"), choice("high", "high end"));
  }

  private handEndPanel(): HTMLElement | null {
    const snap = this.snap!;
    const hand = snap.view.hand;
    let info: HandEnded | null = null;
    if (hand?.end && hand.revealed && hand.scores) {
      info = { hand: hand.number, end: hand.end, scores: hand.scores, hands: hand.revealed.hands, deal: hand.revealed.deal };
    } else if (this.ended && (!hand || this.ended.hand < hand.number)) {
      info = this.ended;
    }
    if (!info) return null;
    const players = snap.view.players;
    const teams = Array.from({ length: teamCount(players) }, (_, t) => t);
    return h(
      "section",
      { class: "panel hand-end", id: "hand-end", "aria-labelledby": "hand-end-title" },
      h("h2", { id: "hand-end-title" }, `Hand ${info.hand + 1} ended: ${endText(info.end, snap.seats)}`),
      h(
        "div",
        { class: "revealed" },
        info.hands.map((cards, seat) =>
          h("div", { class: "revealed-hand" }, h("h3", null, `${seatName(snap.seats, seat)} held`), h("div", { class: "pile-row" }, cards.length ? sortHand(cards).map((c) => cardView(c)) : h("span", { class: "empty" }, "no cards"))),
        ),
      ),
      h(
        "table",
        { class: "score-table" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, ""), teams.map((t) => h("th", { scope: "col" }, teamName(snap.seats, t, players))))),
        h(
          "tbody",
          null,
          SCORE_PARTS.map(([key, label]) =>
            h("tr", { class: key === "total" ? "total" : "" }, h("th", { scope: "row" }, label), teams.map((t) => h("td", null, String(info!.scores[t]?.[key] ?? "")))),
          ),
        ),
      ),
    );
  }

  private scores(): HTMLElement {
    const snap = this.snap!;
    const match = snap.view.match;
    const players = snap.view.players;
    const teams = Array.from({ length: teamCount(players) }, (_, t) => t);
    const done = match.hands.filter((h) => h.scores);
    const target = snap.view.rules.hands !== null ? `${snap.view.rules.hands} hands` : `to ${snap.view.rules.target}`;
    return h(
      "section",
      { class: "panel scores", id: "scores", "aria-labelledby": "scores-title" },
      h("h2", { id: "scores-title" }, "Scores ", h("span", { class: "count" }, `(${snap.view.rules.preset}, ${target})`)),
      h(
        "table",
        { class: "score-table" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, "Hand"), teams.map((t) => h("th", { scope: "col" }, teamName(snap.seats, t, players))))),
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
                return h("td", null, s ? [h("strong", null, String(s.total)), h("span", { class: "parts" }, ` base ${s.base}, points ${s.points}`)] : "");
              }),
            ),
          ),
        ),
        h(
          "tfoot",
          null,
          h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), teams.map((t) => h("td", { "data-total": t }, String(match.totals[t] ?? 0)))),
          match.victoryPoints ? h("tr", null, h("th", { scope: "row" }, "Victory points"), teams.map((t) => h("td", null, String(match.victoryPoints![t] ?? "")))) : null,
        ),
      ),
      this.lastHandButton(),
      match.over ? h("p", { class: "winner", id: "winner" }, match.winner === null ? "The match is over." : `Winner: ${teamName(snap.seats, match.winner, players)}`) : null,
    );
  }

  /** Offered when an earlier hand ended before this page was open: its cards come from the game's events. */
  private lastHandButton(): HTMLElement | null {
    const snap = this.snap!;
    const hand = snap.view.hand;
    const last = [...snap.view.match.hands].reverse().find((h) => h.end !== null);
    if (!last || this.route.mode === "embed" || (hand?.end && hand.number === last.number) || this.ended?.hand === last.number) return null;
    return h("button", { type: "button", class: "quiet", id: "show-last-hand", "data-focus": "last-hand", onclick: () => void this.loadLastHand() }, `Show the cards of hand ${last.number + 1}`);
  }

  private async loadLastHand(): Promise<void> {
    const token = this.route.mode === "seat" ? this.route.token : null;
    try {
      const all = await api.events(this.route.gameId, token, 0, 0);
      const ended = all.events.filter((e) => e.type === "handEnded").pop();
      if (ended) this.ended = handEndedOf(ended);
    } catch (error) {
      this.notice = { kind: "error", text: error instanceof ApiError ? error.message : "The last hand could not be loaded." };
    }
    this.render();
  }

  private logPanel(): HTMLElement | null {
    if (this.log.length === 0) return null;
    return h("section", { class: "panel log", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, "Latest moves"), h("ul", { id: "log" }, this.log.map((line) => h("li", null, line))));
  }

  private fairnessPanel(): HTMLElement | null {
    const snap = this.snap!;
    if (snap.fairness.length === 0) return null;
    const seen = seenCommitments(snap.id);
    return h(
      "details",
      { class: "panel fairness", id: "fairness", open: this.fairnessOpen, ontoggle: (e: Event) => (this.fairnessOpen = (e.target as HTMLDetailsElement).open) },
      h("summary", null, "Fair deals: commitments", snap.preparedDeals ? " (this game uses prepared deals)" : ""),
      h(
        "p",
        null,
        "Each hand is shuffled by the server and committed to when dealt: the commitment is the SHA-256 of a secret salt, a colon and the deal. When the hand ends the salt and the deal are revealed, and your browser can check that the deal is the one committed to.",
      ),
      h(
        "ul",
        null,
        snap.fairness.map((f) => {
          const result = this.verified.get(f.hand);
          return h(
            "li",
            { "data-hand": f.hand },
            h("strong", null, `Hand ${f.hand + 1}`),
            f.prepared ? " (prepared by the game's creator, not shuffled)" : "",
            h("div", null, "Commitment: ", h("code", { class: "hash" }, f.commitment)),
            seen[f.hand] && seen[f.hand] !== f.commitment ? h("p", { class: "notice error" }, "This is not the commitment this browser saw while the hand was in play!") : null,
            f.salt
              ? [
                  h("div", null, "Salt: ", h("code", { class: "hash" }, f.salt)),
                  h("button", { type: "button", class: "verify", "data-focus": `verify-${f.hand}`, onclick: () => void this.verify(f.hand) }, "Verify"),
                  result ? h("span", { class: `verify-result ${result.ok === true ? "ok" : result.ok === false ? "bad" : ""}`, role: "status" }, ` ${result.text}`) : null,
                ]
              : h("div", { class: "hint" }, "The salt is revealed when the hand ends."),
          );
        }),
      ),
    );
  }

  private spectatorNote(): HTMLElement {
    const mine = rememberedSeats()[this.route.gameId];
    return h(
      "section",
      { class: "panel note" },
      h("p", null, "You are watching: hands are never shown here, only how many cards each player holds. Each seat is played through its own secret link."),
      mine ? h("p", null, "This browser has a seat in this game: ", h("a", { href: `/game/${this.route.gameId}#seat=${mine.token}` }, "open your seat"), ".") : null,
    );
  }
}

const BURRACO_NAMES: Record<NonNullable<MeldView["burraco"]>, string> = {
  clean: "Clean burraco",
  dirty: "Dirty burraco",
  "semi-clean": "Semi-clean burraco",
  royal: "Royal burraco",
  "ace-to-ace": "Ace-to-ace burraco",
};

function header(connection: HTMLElement | null): HTMLElement {
  return h("header", { class: "top" }, h("a", { href: "/", class: "brand" }, "Burraco"), h("span", { class: "spacer" }), connection);
}

function handEndedOf(event: WireEvent): HandEnded {
  const e = event as WireEvent & Record<string, any>;
  return { hand: e.hand, end: e.end, scores: e.scores, hands: e.hands, deal: e.deal };
}

function loadError(error: unknown, mode: TableMode): string {
  if (!(error instanceof ApiError)) return "Something went wrong while loading the game.";
  if (error.code === "GAME_NOT_FOUND") return "There is no game at this address.";
  if (error.code === "BAD_TOKEN") {
    return mode === "invite"
      ? "This invitation link does not open this game."
      : "This seat link no longer opens this game: its seat may have been claimed with the invitation. Ask for a new link.";
  }
  return error.message;
}
