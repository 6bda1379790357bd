import { h, type JSX } from "preact";
import type { HostSeat } from "../api";
import { day } from "../clock/time";
import { t } from "../i18n/index";
import type { CreatedGame } from "../store";

/**
 * A created game's links, each with copy, share (the Web Share API on
 * phones: WhatsApp and the rest) and open (in a new tab, so that the links
 * stay on this page). Links sent are marked; a seat nobody has opened, or
 * whose player is gone (the server says which: docs/playing.md, "A lost
 * seat"), can get a fresh link with the creator's secret; for an opened seat
 * that cannot yet, the panel says why and from when.
 */

export interface LinkActions {
  copy(game: CreatedGame, key: string, url: string, input: HTMLInputElement | null): void;
  share(game: CreatedGame, key: string, url: string, text: string): void;
  opened(game: CreatedGame, key: string): void;
  /** `why`: the seat is free, its player is gone, or the creator opened it themselves (the confirmation says what it takes). */
  newLink(game: CreatedGame, seat: number, why: "free" | "gone" | "yours"): void;
}

/** What the page knows of a seat: opened by its player or not, and (with the creator's secret) whether it may get a fresh link now. */
export interface SeatState {
  readonly taken: boolean;
  readonly freshLink: HostSeat["freshLink"] | null;
}

/** What the page knows of each seat (null: not known yet). */
export type SeatsTaken = readonly SeatState[] | null;

/** The seat's note beside its link: not opened, opened (and why it may not get a fresh link yet), or its player gone. */
function seatNote(state: SeatState | undefined): string | null {
  if (state === undefined) return null;
  if (!state.taken) return t.links.free;
  const fresh = state.freshLink;
  if (fresh === null) return t.links.taken;
  switch (fresh.reason) {
    case "gone":
      return t.links.gone;
    case "yours":
      return t.links.yours;
    case "connected":
      return t.links.atTable;
    case "absent":
      return fresh.after ? t.links.onHoliday(day(fresh.after)) : t.links.taken;
    case "playing":
      return fresh.after ? t.links.goneFrom(day(fresh.after)) : t.links.taken;
    default:
      return t.links.taken;
  }
}

function linkRow(
  game: CreatedGame,
  act: LinkActions,
  row: {
    key: string;
    id: string;
    label: string;
    url: string;
    share: string;
    open?: string;
    extra?: JSX.Element | null;
    note?: string | null;
  },
): JSX.Element {
  const handled = game.handled[row.key] === true;
  const inputId = row.id;
  const input = () => document.getElementById(inputId) as HTMLInputElement | null;
  return h(
    "div",
    { key: row.key, class: `link-row${handled ? " handled" : ""}`, "data-link": row.key },
    h("label", { for: inputId }, row.label, row.note ? h("span", { class: "hint" }, ` · ${row.note}`) : null),
    h(
      "div",
      { class: "link-line" },
      h("input", {
        id: inputId,
        type: "text",
        readOnly: true,
        value: row.url,
        class: "link",
        onFocus: (e: Event) => (e.currentTarget as HTMLInputElement).select(),
      }),
      h("button", { type: "button", class: "copy", onClick: () => act.copy(game, row.key, row.url, input()) }, t.common.copy),
      h("button", { type: "button", class: "share", onClick: () => act.share(game, row.key, row.url, row.share) }, t.common.share),
      row.open
        ? h(
            "a",
            { href: row.url, class: "button open", target: "_blank", rel: "noopener", onClick: () => act.opened(game, row.key) },
            row.open,
          )
        : null,
      row.extra ?? null,
      h("span", { class: "copied", role: "status" }, handled ? `✓ ${t.links.handled}` : ""),
    ),
  );
}

export function linksPanel(game: CreatedGame, taken: SeatsTaken, act: LinkActions, fresh: boolean, message: string | null): JSX.Element {
  const prefix = fresh ? "" : `${game.id}-`;
  return h(
    "section",
    { class: "panel links", id: fresh ? "links" : `links-${game.id}`, "aria-labelledby": fresh ? "links-title" : undefined, tabIndex: -1 },
    fresh ? h("h2", { id: "links-title" }, t.links.ready) : null,
    h("p", { class: "secret" }, t.links.secret),
    game.seats.map((seat) => {
      const name = game.names[seat.seat] ?? null;
      const state = taken?.[seat.seat];
      // Without the server's word (an old game's lobby), only a seat nobody opened offers one.
      const fresh = state?.freshLink ? state.freshLink.allowed : state?.taken === false;
      return linkRow(game, act, {
        key: `seat-${seat.seat}`,
        id: `${prefix}seat-link-${seat.seat}`,
        label: t.links.seat(seat.seat + 1, name),
        url: seat.url,
        share: t.links.seatShareText(name),
        open: t.links.playHere,
        note: seatNote(state),
        extra:
          game.host && fresh
            ? h(
                "button",
                {
                  type: "button",
                  class: "quiet new-link",
                  onClick: () =>
                    act.newLink(game, seat.seat, state?.taken !== true ? "free" : state.freshLink?.reason === "yours" ? "yours" : "gone"),
                },
                t.links.newLink,
              )
            : null,
      });
    }),
    inviteRows(game, taken, act, prefix),
    linkRow(game, act, {
      key: "spectator",
      id: `${prefix}spectator-link`,
      label: t.links.spectators,
      url: game.spectator,
      share: t.links.shareText(game.names.map((n, i) => n ?? t.common.player(i + 1)).join(", ")),
      open: t.links.watch,
    }),
    // In a new tab, as seats open: the links stay on this page.
    h(
      "p",
      { class: "hint" },
      `${t.notify.chatLinkHint} `,
      h(
        "a",
        { id: `${prefix}group-chat-link`, href: `/notifications?game=${game.id}#group-chat`, target: "_blank", rel: "noopener" },
        t.notify.chatLink,
      ),
    ),
    message ? h("p", { class: "notice info", role: "status" }, message) : null,
  );
}

/**
 * The invitation fills a seat without a name that nobody has taken: where
 * there is none (every seat named at creation, or the unnamed ones taken
 * since), it is not offered, and the panel says why.
 */
function inviteRows(game: CreatedGame, taken: SeatsTaken, act: LinkActions, prefix: string): JSX.Element[] {
  const unnamed = game.seats.filter((s) => game.names[s.seat] === null);
  const free = unnamed.filter((s) => taken?.[s.seat]?.taken !== true);
  if (free.length === 0) {
    const why = unnamed.length === 0 ? t.links.inviteNamed : t.links.inviteFull;
    return [h("p", { key: "no-invite", class: "hint no-invite", id: `${prefix}no-invite` }, why)];
  }
  return [
    linkRow(game, act, {
      key: "invite",
      id: `${prefix}invite-link`,
      label: t.links.invite,
      url: game.invite,
      share: t.links.inviteShareText,
    }),
    h("p", { key: "invite-hint", class: "hint" }, t.links.inviteHint),
  ];
}

/** Whether every seat can still be reached: each named seat's link sent, and the others' or the invitation. */
export function linksHandled(game: CreatedGame): boolean {
  const sent = (key: string) => game.handled[key] === true;
  const named = game.seats.filter((s) => game.names[s.seat] !== null);
  const unnamed = game.seats.filter((s) => game.names[s.seat] === null);
  return named.every((s) => sent(`seat-${s.seat}`)) && (unnamed.every((s) => sent(`seat-${s.seat}`)) || sent("invite"));
}
