import "../core";
import { render } from "preact";
import type { EventsResponse, GameSnapshot, WireEvent } from "../../../src/shared/api";
import { ApiError, api } from "../api";
import { sortByRank, sortBySuit } from "../cards";
import { ClockControls } from "../clock/controls";
import { countdownAnnouncement } from "../clock/table";
import { describeEvent, seatName, teamOf } from "../describe";
import { t, usePageWords } from "../i18n/index";
import { offerWayBack, wayBackBusy } from "../identity/offer";
import type { SeatTaken } from "../identity/seat-taken";
import type { Connection } from "../live";
import { Live } from "../live";
import {
  forgetSeat,
  type HandOrder,
  handOrder,
  keptTable,
  lastSeenVersion,
  rememberCommitments,
  rememberSeat,
  rememberTable,
  rememberVersion,
  seenCommitments,
} from "../store";
import type { TableChat } from "./chat";
import { InvitationClaim } from "./claim";
import { type Fatal, fatalText, loadError } from "./fatal";
import { HandEnds } from "./hand-ends";
import { type Highlights, highlight, noHighlights } from "./highlights";
import { TableLayout } from "./layout";
import { tableMenu } from "./menu";
import { logLines } from "./panels";
import { arrange, Selection } from "./plays";
import { Rematch } from "./rematch";
import type { TableMode, TableRoute } from "./route";
import { SeatControls } from "./seat-controls";
import { frameFresh, seatShown } from "./shown";
import { tableView } from "./view";
import { MovesShown } from "./watch";

/**
 * The table of one game: as a seat (`#seat=TOKEN`), as someone holding the
 * invitation (`#invite=TOKEN`), as a spectator (no fragment), or embedded
 * (`?embed=1`, spectator only, compact). This is the page's state and its
 * talk with the server; the page is drawn from the state by view.ts, and
 * Preact changes only what changed, so focus, typed text and open panels
 * stay as they are.
 */

/** On a first visit, the moves shown as "latest": those of the last few log entries. */
const FIRST_VISIT = 12;

export class TablePage {
  snap: GameSnapshot | null = null;
  private fatal: Fatal | null = null;
  /** The seat belongs to a player this device is not linked to: it asks to link instead. */
  private seatTaken: SeatTaken | null = null;
  connection: Connection = "connecting";
  private events: WireEvent[] = [];
  private lastSeq = 0;
  fresh: Highlights = noHighlights();
  readonly ends: HandEnds;
  private turnSince: string | null = null;
  toast: string | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  order: HandOrder = { mode: "suit", cards: [] };
  readonly selection = new Selection(() => {
    const snap = this.snap;
    if (!snap) return null;
    const me = this.me;
    return {
      hand: snap.view.hand,
      cards: this.cards(),
      rules: snap.view.rules,
      mine: this.myTurn(),
      team: me === null ? null : teamOf(me, snap.view.players),
    };
  });
  readonly controls: SeatControls;
  readonly clock = new ClockControls(this);
  readonly rematch: Rematch;
  /** The invitation's claim of a seat (claim.ts). */
  readonly invitation: InvitationClaim;
  /** The table's chat (chat-part.ts): a chunk loaded once the table is drawn; null until it has arrived. */
  chat: TableChat | null = null;
  private chatParts: typeof import("./chat-part") | null = null;
  private chatAsked = false;
  private live: Live | null = null;
  private closed = false;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** Events up to this version came before the player's first look: not highlighted. */
  private quietUntil = 0;
  /** Others' moves played back, what is announced, the sounds and the deck's colours. */
  readonly shown: MovesShown = new MovesShown(this);
  private layout: TableLayout;
  /** Burracos the player opened on the table. */
  readonly openMelds = new Set<number>();

  constructor(
    private readonly root: HTMLElement,
    readonly route: TableRoute,
    /** Opens the page again with another route (after claiming a seat). */
    private readonly reopen: (route: TableRoute) => void,
  ) {
    this.controls = new SeatControls(this);
    this.ends = new HandEnds(this);
    this.layout = new TableLayout(root);
    this.rematch = new Rematch(this, (route) => this.reopen(route));
    this.invitation = new InvitationClaim(this, (route) => this.reopen(route));
  }

  get me(): number | null {
    return this.route.mode === "seat" ? (this.snap?.viewer ?? null) : null;
  }

  myTurn(): boolean {
    const hand = this.snap?.view.hand ?? null;
    // While others' moves are played back, the table shown is not yet the player's turn.
    return (
      this.me !== null &&
      !this.shown.playback.playing &&
      this.snap!.status === "playing" &&
      hand !== null &&
      hand.end === null &&
      hand.turn === this.me
    );
  }

  /** The player's cards in the order shown. */
  cards(): string[] {
    return arrange(this.snap?.view.hand?.myHand ?? [], this.order.mode, this.order.cards, sortBySuit, sortByRank);
  }

  async open(): Promise<void> {
    this.render();
    const { gameId, mode, token } = this.route;
    if (mode === "spectator" && this.route.seatWanted !== undefined && (await this.openOwnSeat(gameId, this.route.seatWanted))) return;
    let snap: GameSnapshot;
    try {
      // An invitation token reads the public view; the claim uses it.
      snap = await api.snapshot(gameId, mode === "seat" || mode === "invite" ? token : null);
    } catch (error) {
      // Offline: the table as it was last seen here, until the connection comes back.
      const kept = error instanceof ApiError && error.code === "NETWORK" ? keptTable(gameId, mode === "seat" ? token : null) : null;
      if (kept && !this.closed) return this.start(kept, mode, token);
      this.fatal = loadError(error, mode);
      if (mode === "seat" && error instanceof ApiError && (error.code === "BAD_TOKEN" || error.code === "SEAT_REISSUED"))
        forgetSeat(gameId, token!);
      // The seat is another player's: the page that offers to link this device (a chunk of its own, loaded only here,
      // with the other pages' words).
      if (mode === "seat" && error instanceof ApiError && error.code === "SEAT_TAKEN") {
        const [{ SeatTaken }] = await Promise.all([import("../identity/seat-taken"), usePageWords()]);
        if (this.closed) return;
        this.seatTaken = new SeatTaken(this.root, gameId, token!, () => this.reopen(this.route));
      }
      this.render();
      return;
    }
    if (this.closed) return;
    this.start(snap, mode, token);
  }

  /**
   * A notification's `?seat=N` this browser holds no link for: the player's own seats (on any of their devices, "my
   * games") may hold it. Opens it and says true if so; the public table otherwise.
   */
  private async openOwnSeat(gameId: string, seat: number): Promise<boolean> {
    try {
      const own = (await api.myGames()).games.find((g) => g.id === gameId && g.seat === seat && g.token !== null);
      if (!own?.token || this.closed) return false;
      history.replaceState(null, "", `/game/${encodeURIComponent(gameId)}#seat=${own.token}`);
      this.reopen({ gameId, mode: "seat", token: own.token });
      return true;
    } catch {
      return false;
    }
  }

  private start(snap: GameSnapshot, mode: TableMode, token: string | null): void {
    const { gameId } = this.route;
    const seen = mode === "embed" ? null : lastSeenVersion(gameId);
    this.quietUntil = seen ?? snap.version;
    this.shown.openedAt = snap.version;
    if (mode === "seat" && snap.viewer !== null) {
      this.order = handOrder(gameId, snap.viewer);
      rememberSeat(gameId, { seat: snap.viewer, token: token!, names: snap.seats.map((s) => s.name), savedAt: new Date().toISOString() });
    }
    this.apply({ version: snap.version, events: [], view: snap });
    if (mode !== "embed") this.ends.offerLast(snap);
    // A seat nobody named, at a table with other people, takes its player's own name: asked now if they have none (identity/name.ts).
    const others = snap.seats.some((s) => s.seat !== snap.viewer && s.computer === null);
    if (mode === "seat" && snap.viewer !== null && snap.seats[snap.viewer]?.name === null && others && snap.status === "playing")
      // Loaded only then: most tables never need it.
      void import("../identity/name").then(({ ensureName }) => ensureName()).then((name) => (name === null ? undefined : this.refresh()));
    const since = seen !== null && seen < snap.version ? seen : Math.max(0, snap.version - FIRST_VISIT);
    this.live = new Live({
      gameId,
      token: mode === "seat" ? token : null,
      since,
      onUpdate: (update) => this.apply(update),
      onConnection: (state) => {
        this.connection = state;
        this.render();
      },
      onAuthError: (error) => {
        // The seat stopped answering this device (linked to another player since): the page that says whose it is.
        if (mode === "seat" && (error.code === "SEAT_TAKEN" || error.code === "SEAT_BOUND")) return this.reopen(this.route);
        this.fatal = loadError(error, mode);
        this.render();
      },
    });
    this.live.start(snap.version);
    this.loadChat();
    // "Waiting since … (5 minutes ago)" stays true.
    this.ticker = setInterval(() => this.render(), 30_000);
  }

  /** The chat's chunk, asked for once the table is drawn; it loads the messages itself (chat.ts `sync`). */
  private loadChat(): void {
    if (this.chatAsked) return;
    this.chatAsked = true;
    void import("./chat-part").then(
      (parts) => {
        if (this.closed) return;
        this.chatParts = parts;
        this.chat = new parts.TableChat(this);
        if (this.snap) this.chat.sync(this.snap);
        this.render();
      },
      () => {
        this.chatAsked = false;
      },
    );
  }

  close(): void {
    this.closed = true;
    this.live?.stop();
    this.shown.playback.skip();
    this.layout.stop();
    if (this.ticker) clearInterval(this.ticker);
    this.clock.stop();
    render(null, this.root);
  }

  apply(update: EventsResponse): void {
    if (this.closed) return;
    const before = this.selection.cards();
    const previous = this.snap;
    if (!previous || update.view.version >= previous.version) {
      this.snap = update.view;
      this.clock.seen(update.view.clock?.asOf ?? null);
    }
    const snap = this.snap!;
    const fresh = update.events.filter((e) => e.seq > this.lastSeq);
    this.chat?.sync(snap);
    this.chat?.heard(fresh);
    for (const event of fresh) this.lastSeq = Math.max(this.lastSeq, event.seq);
    if (fresh.length) {
      this.events = [...this.events, ...fresh].slice(-60);
      const loud = fresh.filter((e) => e.seq > this.quietUntil);
      this.fresh = highlight(this.fresh, loud, this.me);
      for (const event of fresh) {
        if (event.type === "turn" || event.type === "handStarted") this.turnSince = event.at;
        if (event.type === "handEnded" && this.route.mode !== "embed") this.ends.ended(event);
      }
      this.shown.announce(loud, previous);
      if (this.route.mode !== "embed" && loud.length) void this.shown.play(previous, loud);
    }
    this.selection.keep(before);
    if (previous && previous.version !== snap.version) this.controls.confirmResign = false;
    if (this.route.mode !== "embed") {
      rememberVersion(snap.id, snap.version);
      if (this.route.mode !== "invite") rememberTable(this.route.mode === "seat" ? this.route.token : null, snap);
      rememberCommitments(snap.id, snap.fairness);
    }
    this.live?.seen(snap.version);
    this.render();
  }

  async refresh(): Promise<void> {
    try {
      const snap = await api.snapshot(this.route.gameId, this.route.mode === "seat" ? this.route.token : null);
      this.apply({ version: snap.version, events: [], view: snap });
    } catch {
      // The live connection brings it soon enough.
    }
  }

  fail(error: ApiError): void {
    this.fatal = loadError(error, this.route.mode);
  }

  showToast(text: string): void {
    this.toast = text;
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      this.toast = null;
      this.render();
    }, 4000);
    this.render();
  }

  render(): void {
    if (this.closed) return;
    if (this.seatTaken) {
      this.seatTaken.render();
      return;
    }
    const frame = this.shown.playback.frame;
    const snap = frame?.snap ?? this.snap;
    if (this.route.mode !== "embed") this.rematch.want(snap);
    document.title = !snap
      ? t.common.brand
      : this.myTurn()
        ? `● ${t.events.yourTurn} · ${t.common.brand}`
        : `${snap.seats.map((s) => seatName(snap.seats, s.seat)).join(" · ")} · ${t.common.brand}`;
    render(
      tableView(
        {
          mode: this.route.mode,
          gameId: this.route.gameId,
          snap,
          fatal: this.fatal ? fatalText(this.fatal) : null,
          connection: this.connection,
          me: this.me,
          myTurn: this.myTurn(),
          seat: seatShown(this.controls.seatView(), frame),
          targets: frame ? null : this.controls.targets(),
          fresh: frame ? frameFresh(frame, this.fresh) : this.fresh,
          open: this.openMelds,
          playback: frame
            ? {
                text: frame.event && snap ? (describeEvent(frame.event, snap.seats, this.me, snap.view.players) ?? "") : "",
                away: this.shown.playback.away,
              }
            : null,
          fourColour: this.shown.prefs.fourColour,
          turnSince: this.turnSince,
          now: this.clock.now(),
          log: snap ? logLines(this.events, snap, this.me) : [],
          handEnd: this.ends.shown,
          claim: this.invitation.state,
          seen: snap ? seenCommitments(snap.id) : {},
          verified: this.controls.verified,
          announcement: this.shown.announcement,
          toast: this.toast,
          menu: snap ? tableMenu(this) : [],
          clock: {
            claim: this.clock.claimBox,
            handover: this.clock.handoverBox,
            announce: snap ? countdownAnnouncement({ snap, me: this.me, now: this.clock.now() }) : "",
          },
          seatWanted: this.route.seatWanted ?? null,
          rematch: this.rematch.box,
          matchEnd: this.rematch.drawing,
          chat:
            this.chat && this.chatParts
              ? { button: this.chatParts.chatButton(this.chat), sheet: this.chatParts.chatSheet(this.chat, this.snap, this.me) }
              : { button: null, sheet: null },
        },
        {
          ...this.controls.actions,
          takers: frame ? null : this.controls.takers(),
          toggleMeld: (id) => {
            if (!this.openMelds.delete(id)) this.openMelds.add(id);
            this.render();
          },
          skip: () => this.shown.playback.skip(),
          clock: this.clock.claimActions,
          handover: this.clock.handoverActions,
          rematch: () => void this.rematch.ask(),
        },
      ),
      this.root,
    );
    this.layout.fit();
    // A seat of theirs open here: something to lose with this device. Asked once, never during their own turn.
    if (this.route.mode === "seat" && this.me !== null) {
      wayBackBusy(this.myTurn());
      if (!this.myTurn()) offerWayBack();
    }
    this.chat?.afterRender(this.root);
    this.controls.afterRender();
    this.clock.afterRender();
  }
}
