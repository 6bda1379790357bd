import { h, type JSX } from "preact";
import type { GameSnapshot } from "../../../src/shared/api";
import { type ClaimBox, type ClockActions, computerBanner, type HandoverActions, type HandoverBox, latePanel } from "../clock/table";
import { seatName, teamCount, teamName } from "../describe";
import { header, type MenuItem } from "../header";
import { t } from "../i18n/index";
import type { Connection } from "../live";
import { placeOf, type Ring, seatChip, seatRing, zones } from "./board";
import { type Fresh, type MeldTargets, piles, type Takers } from "./felt";
import { type HandActions, handArea, type SeatView } from "./hand";
import { type HandEndInfo, handEndDialog } from "./hand-end";
import type { matchEnd, RematchBox } from "./match-end";
import { fairnessPanel, logPanel, scoresPanel, type Verified } from "./panels";
import type { TableMode } from "./route";
import { type ClaimState, claimForm, spectatorNote, statusBanner } from "./status";

/**
 * The table page drawn from its state: a pure function. The whole table
 * fits one screen at every size (table.css): the turn banner, the other
 * seats around the felt, their melds, the stock and the pile, the player's
 * team's melds and, at the bottom, the hand and its moves. The scores,
 * the latest moves and the fairness commitments follow below the table (at
 * its side on a wide screen).
 */

export interface TableView {
  readonly mode: TableMode;
  readonly gameId: string;
  readonly snap: GameSnapshot | null;
  /** Text of a fatal problem (in the player's language). */
  readonly fatal: string | null;
  readonly connection: Connection;
  readonly me: number | null;
  readonly myTurn: boolean;
  readonly seat: SeatView | null;
  readonly targets: MeldTargets | null;
  readonly fresh: Fresh;
  readonly turnSince: string | null;
  readonly now: number;
  readonly log: readonly { key: string; text: string; computer?: boolean }[];
  readonly handEnd: HandEndInfo | null;
  readonly claim: ClaimState;
  readonly seen: Record<string, string>;
  readonly verified: ReadonlyMap<number, Verified>;
  readonly announcement: string;
  readonly toast: string | null;
  readonly menu: readonly MenuItem[];
  /** A notification's `?seat=N` opened without that seat's link: said above the table. */
  readonly seatWanted: number | null;
  /** Burracos the player opened (shown closed otherwise). */
  readonly open: ReadonlySet<number>;
  /** Others' moves being played back: the line saying the move shown, and whether they came while the player was away. */
  readonly playback: { readonly text: string; readonly away: boolean } | null;
  /** The four-colour deck. */
  readonly fourColour: boolean;
  /** The clock's claim and the computer's handover, and the countdown as a screen reader hears it. */
  readonly clock: { readonly claim: ClaimBox; readonly handover: HandoverBox; readonly announce: string };
  /** The rematch being asked for (rematch.ts). */
  readonly rematch: RematchBox;
  /** The end of a match drawn, once the match is over and its chunk has arrived (rematch.ts). */
  readonly matchEnd: typeof matchEnd | null;
  /** The chat's button (top bar) and its sheet when open (chat.ts); null where the viewer may not read it. */
  readonly chat: { readonly button: JSX.Element | null; readonly sheet: JSX.Element | null };
}

export interface TableActions {
  readonly hand: HandActions;
  claim(form: HTMLFormElement): void;
  verify(hand: number): void;
  closeHandEnd(): void;
  toggleMeld(meld: number): void;
  skip(): void;
  /** Tap or drag the stock or the pile; null when it is not the player's turn to take. */
  readonly takers: Takers | null;
  readonly clock: ClockActions;
  readonly handover: HandoverActions;
  rematch(): void;
}

export function connectionPill(connection: Connection): JSX.Element {
  return h(
    "span",
    { class: `connection ${connection}`, id: "connection", role: "status", title: t.connection.label },
    h("span", { class: "dot", "aria-hidden": "true" }),
    t.connection[connection],
  );
}

export function tableView(v: TableView, act: TableActions): JSX.Element {
  const embed = v.mode === "embed";
  const tools = v.snap && !v.fatal ? h("span", { class: "top-tools" }, v.chat.button, connectionPill(v.connection)) : null;
  const top = embed ? null : header({ connection: tools, menu: v.menu });
  const live = h("p", { class: "visually-hidden", "aria-live": "polite", id: "announce" }, embed ? "" : v.announcement);
  const snap = v.snap;
  if (v.fatal || !snap) return notReady(v, top, live);
  const hand = snap.view.hand;
  const players = snap.view.players;
  const ring = { snap, me: v.me, showFree: !embed, now: v.now, turnSince: v.turnSince };
  const felt = hand ? zones({ snap, hand, me: v.me, targets: v.targets, fresh: v.fresh, open: v.open, toggle: act.toggleMeld }) : null;
  const bottom = bottomOf(v, act, ring);
  return h(
    "div",
    {
      class: `table-page${embed ? " embed" : ""}${v.seat ? " seated" : ""}${v.fourColour ? " four-colour" : ""} players-${players}`,
    },
    h(
      "div",
      { class: "table-screen" },
      top,
      h(
        "main",
        { class: `board${hand ? "" : " no-hand"}`, id: "table-middle" },
        // The page's heading, for screen readers (the table itself says the rest): its teams.
        h(
          "h1",
          { class: "visually-hidden", id: "table-title" },
          t.board.heading(Array.from({ length: teamCount(players) }, (_, team) => teamName(snap.seats, team, players))),
        ),
        boardSide(v, act, snap),
        seatRing(ring),
        felt?.theirs ?? null,
        felt?.ours ?? null,
        bottom ? h("div", { class: "table-bottom" }, bottom) : null,
      ),
    ),
    h(
      "aside",
      { class: "side", "aria-label": t.scores.title },
      scoresPanel(snap),
      embed ? null : logPanel(v.log),
      embed ? null : fairnessPanel(snap, v.seen, v.verified, act.verify),
      v.mode === "spectator" ? spectatorNote(snap.id) : null,
    ),
    v.handEnd && !embed
      ? handEndDialog(snap, v.handEnd, act.closeHandEnd, v.matchEnd?.(snap, v.me, v.rematch, act.rematch, "hand-end-match") ?? null)
      : null,
    v.chat.sheet,
    v.toast ? h("p", { class: "toast", role: "status" }, v.toast) : null,
    live,
    embed ? null : h("p", { class: "visually-hidden", "aria-live": "polite", id: "countdown-announce" }, v.clock.announce),
  );
}

/** The page before there is a table to show: what went wrong, or that it is loading. */
function notReady(v: TableView, top: JSX.Element | null, live: JSX.Element): JSX.Element {
  const embed = v.mode === "embed";
  if (v.fatal) {
    return h(
      "div",
      { class: `table-page${embed ? " embed" : ""}` },
      top,
      h(
        "main",
        { class: "single" },
        h("h1", { class: "visually-hidden" }, t.common.brand),
        h(
          "section",
          { class: "panel fatal", role: "alert" },
          h("p", null, v.fatal),
          embed ? null : h("p", null, h("a", { href: "/" }, t.common.goLobby)),
        ),
      ),
      live,
    );
  }
  return h(
    "div",
    { class: "table-page" },
    top,
    h("main", { class: "single" }, h("h1", { class: "visually-hidden" }, t.common.brand), h("p", { class: "loading" }, t.load.table)),
    live,
  );
}

/** What sits below the felt: the invitation's claim, the player's hand, or a note that the seat wanted is elsewhere. */
function bottomOf(v: TableView, act: TableActions, ring: Ring): JSX.Element | null {
  const { snap } = ring;
  if (v.mode === "invite") return claimForm(snap.seats, v.claim, act.claim);
  if (v.seat) return handArea(v.seat, act.hand, seatChip(ring, v.seat.me, placeOf(v.seat.me, v.seat.me, snap.view.players)));
  if (v.seatWanted !== null && v.mode === "spectator")
    return h(
      "p",
      { class: "notice info seat-elsewhere", id: "seat-elsewhere" },
      t.spectator.seatElsewhere(v.seatWanted + 1, seatName(snap.seats, v.seatWanted)),
    );
  return null;
}

/** The banner and the piles: in the felt's flow on a phone upright, a column of their own on one on its side. */
function boardSide(v: TableView, act: TableActions, snap: GameSnapshot): JSX.Element {
  const embed = v.mode === "embed";
  const hand = snap.view.hand;
  return h(
    "div",
    { class: "board-side" },
    h(
      "div",
      { class: "board-status" },
      embed
        ? h(
            "div",
            { class: "embed-bar" },
            connectionPill(v.connection),
            v.chat.button,
            h("a", { href: `/game/${snap.id}`, target: "_blank", rel: "noopener" }, t.embed.open),
          )
        : null,
      // A game with a clock says when the turn began; otherwise the event that gave it does.
      statusBanner({ snap, me: v.me, myTurn: v.myTurn, turnSince: snap.clock?.turn?.since ?? v.turnSince, now: v.now }),
      embed ? null : latePanel({ snap, me: v.me, now: v.now }, v.clock.claim, act.clock),
      embed ? null : computerBanner({ snap, me: v.me, now: v.now }, v.clock.handover, act.handover),
      // Once the match is over: who won, the final score and the rematch (in the end-of-hand panel while it is open).
      embed || v.handEnd ? null : (v.matchEnd?.(snap, v.me, v.rematch, act.rematch) ?? null),
    ),
    hand ? h("div", { class: "center" }, piles(hand, v.fresh, act.takers), playbackBar(v, act)) : null,
  );
}

/** Others' moves being played back (or those made while the player was away), with a button to skip them. */
function playbackBar(v: TableView, act: TableActions): JSX.Element | null {
  if (!v.playback) return null;
  return h(
    "div",
    { class: `playback${v.playback.away ? " away" : ""}`, id: "playback" },
    v.playback.away ? h("strong", null, `${t.board.whileAway}: `) : null,
    h("span", { class: "playback-text" }, v.playback.text),
    h(
      "button",
      { type: "button", class: "quiet", id: "playback-skip", "aria-label": t.board.skipLabel, onClick: () => act.skip() },
      t.board.skip,
    ),
  );
}
