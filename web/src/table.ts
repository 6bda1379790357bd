import type { EventsResponse, GameSnapshot } from "../../src/shared/api";
import { ApiError, api } from "./api";
import { Commitments } from "./commitments";
import { describeEvent } from "./describe";
import { h, randomId, replaceChildren } from "./dom";
import { felt } from "./felt";
import { type HandActions, handArea, type Notice } from "./hand";
import { type Connection, Live } from "./live";
import { type Move, Selection } from "./plays";
import { type HandEnded, handEndedOf, handEndPanel, logPanel, scores } from "./scores";
import { SeatClaim, seatsStrip, spectatorNote, statusBanner } from "./seats";
import { forgetSeat, lastSeenVersion, rememberCommitments, rememberSeat, rememberVersion } from "./store";

/**
 * The table of one game: as a seat (`#seat=TOKEN`), as someone holding the
 * invitation (`#invite=TOKEN`), as a spectator (no fragment), or embedded
 * (`?embed=1`, spectator only, compact). It renders only what the snapshot
 * gives its viewer. This is the page's state and its talk with the server;
 * each part of the page draws itself from that state in its own module.
 */

export type TableMode = "seat" | "invite" | "spectator" | "embed";

export interface TableRoute {
  readonly gameId: string;
  readonly mode: TableMode;
  /** The seat or invitation token from the fragment; null for spectators and embeds. */
  readonly token: string | null;
}

const LOG_SIZE = 12;

export class TablePage {
  private snap: GameSnapshot | null = null;
  private fatal: string | null = null;
  private readonly selection = new Selection(
    () => this.snap && { hand: this.snap.view.hand, rules: this.snap.view.rules, mine: this.myTurn() },
  );
  private busy = false;
  private notice: Notice | null = null;
  private connection: Connection = "connecting";
  private log: string[] = [];
  private lastSeq = 0;
  private ended: HandEnded | null = null;
  private confirmResign = false;
  private readonly claim: SeatClaim | null;
  private readonly commitments = new Commitments(() => this.render());
  private live: Live | null = null;
  private closed = false;
  private readonly main: HTMLElement;
  private readonly announcer: HTMLElement;

  constructor(
    root: HTMLElement,
    private route: TableRoute,
    /** Called to open the page again with another route (after claiming a seat). */
    private readonly reopen: (route: TableRoute) => void,
  ) {
    this.claim =
      route.mode === "invite"
        ? new SeatClaim(
            route.gameId,
            route.token!,
            () => this.render(),
            (token) => this.reopen({ gameId: route.gameId, mode: "seat", token }),
          )
        : null;
    this.main = h("div", { class: `table-page${route.mode === "embed" ? " embed" : ""}` });
    // Outside the re-rendered part, so that screen readers hear each change of turn once.
    this.announcer = h("p", { class: "visually-hidden", "aria-live": "polite", id: "announce" });
    replaceChildren(root, this.main, this.announcer);
  }

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
      rememberSeat(gameId, {
        seat: snap.viewer,
        token: this.route.token!,
        names: snap.seats.map((s) => s.name),
        savedAt: new Date().toISOString(),
      });
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

  private get me(): number | null {
    return this.route.mode === "seat" ? (this.snap?.viewer ?? null) : null;
  }

  private myTurn(): boolean {
    const hand = this.snap?.view.hand ?? null;
    return this.me !== null && this.snap!.status === "playing" && hand !== null && hand.end === null && hand.turn === this.me;
  }

  private apply(update: EventsResponse): void {
    if (this.closed) return;
    const before = this.selection.cards();
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
    this.selection.keep(before);
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

  private async play(move: Move): Promise<void> {
    const snap = this.snap;
    if (!snap || this.busy || this.route.mode !== "seat") return;
    this.busy = true;
    this.notice = null;
    this.render();
    const request = { move, version: snap.version, id: randomId(12) };
    const epoch = this.selection.epoch;
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
      this.selection.played(epoch);
      this.busy = false;
      this.apply(answer);
    } catch (error) {
      this.busy = false;
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "STALE_VERSION") {
        this.notice = {
          kind: "info",
          text: "The table changed before your move arrived. Here it is as it stands now: have a look and try again.",
        };
        await this.refresh();
      } else if (error.status === 401) {
        this.fatal = loadError(error, "seat");
      } else {
        this.notice = { kind: "error", text: error.message };
      }
      this.render();
    }
  }

  /** What the buttons of the player's hand do. */
  private readonly actions: HandActions = {
    toggle: (index) => {
      this.selection.toggle(index);
      this.notice = null;
      this.render();
    },
    clear: () => {
      this.selection.clear();
      this.render();
    },
    draw: () => void this.play({ type: "draw" }),
    pickUp: () => void this.play(this.selection.pickupMove()),
    meld: () => void this.play(this.selection.meldMove()),
    discard: () => {
      const move = this.selection.discardMove();
      if (move) void this.play(move);
    },
    askResign: (asking) => {
      this.confirmResign = asking;
      this.render();
    },
    resign: () => {
      this.confirmResign = false;
      void this.play({ type: "resign" });
    },
    chooseWild: (end) => {
      this.selection.wildEnd = end;
      this.render();
    },
  };

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

  // ── Rendering ───────────────────────────────────────────────────────────

  private connectionPill(): HTMLElement {
    const labels: Record<Connection, string> = {
      connecting: "Connecting…",
      live: "Live",
      reconnecting: "Reconnecting…",
      polling: "Live (polling)",
      offline: "Offline: retrying",
    };
    return h(
      "span",
      { class: `connection ${this.connection}`, id: "connection", role: "status", title: "Connection to the game" },
      h("span", { class: "dot", "aria-hidden": "true" }),
      labels[this.connection],
    );
  }

  // Nothing else on the page depends on the connection, so a change of it redraws only its pill.
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
      replaceChildren(
        this.main,
        embed ? null : header(null),
        h(
          "main",
          null,
          h(
            "section",
            { class: "panel fatal", role: "alert" },
            h("p", null, this.fatal),
            embed ? null : h("p", null, h("a", { href: "/" }, "Go to the lobby")),
          ),
        ),
      );
      return;
    }
    if (!snap) {
      replaceChildren(this.main, embed ? null : header(null), h("main", null, h("p", { class: "loading" }, "Loading the table…")));
      return;
    }
    const hand = snap.view.hand;
    const me = this.me;
    const myTurn = this.myTurn();
    const selection = this.selection;
    replaceChildren(
      this.main,
      embed ? null : header(this.connectionPill()),
      h(
        "main",
        null,
        embed
          ? h(
              "div",
              { class: "embed-bar" },
              this.connectionPill(),
              h("a", { href: `/game/${snap.id}`, target: "_blank", rel: "noopener" }, "Open the full table ↗"),
            )
          : null,
        statusBanner(snap, me, myTurn, embed ? null : (text) => this.announce(text)),
        this.claim?.form(snap.seats),
        seatsStrip(snap, me, !embed),
        hand
          ? felt(
              snap,
              hand,
              me,
              selection.attachable() && !this.busy
                ? { option: (meld) => selection.attachOption(meld), attach: (meld) => void this.play(selection.attachMove(meld)) }
                : null,
            )
          : null,
        hand && this.route.mode === "seat"
          ? handArea(
              { snap, hand, me: me!, myTurn, busy: this.busy, notice: this.notice, confirmResign: this.confirmResign, selection },
              this.actions,
            )
          : null,
        handEndPanel(snap, this.ended),
        scores(snap, this.ended, embed ? null : () => void this.loadLastHand()),
        embed ? null : logPanel(this.log),
        embed ? null : this.commitments.panel(snap, this.ended),
        this.route.mode === "spectator" ? spectatorNote(this.route.gameId) : null,
      ),
    );
  }

  private title(): string {
    const snap = this.snap;
    if (!snap) return "Burraco";
    if (this.myTurn()) return "● Your turn · Burraco";
    return `${snap.seats.map((s) => s.name ?? `Player ${s.seat + 1}`).join(" · ")} · Burraco`;
  }
}

function header(connection: HTMLElement | null): HTMLElement {
  return h("header", { class: "top" }, h("a", { href: "/", class: "brand" }, "Burraco"), h("span", { class: "spacer" }), connection);
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
