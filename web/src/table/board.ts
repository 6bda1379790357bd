import { h, type JSX } from "preact";
import type { TableMeld } from "../../../src/engine/meld";
import type { GameSnapshot, HandView } from "../../../src/shared/api";
import { seatClock } from "../clock/table";
import { seatName, teamCount, teamName, teamOf } from "../describe";
import { num, t } from "../i18n/index";
import { type Fresh, type MeldTargets, meldView, pozzettoText } from "./felt";

/**
 * The felt as a card table: the other seats around it (the partner
 * opposite, the opponents left and right), each with name, cards in hand,
 * clock and pozzetto; the other teams' melds across the table, the
 * player's team's melds on their side. Each team's melds sit in a box that
 * the page fits them to (fit.ts), so no part of the table ever scrolls.
 */

export type Place = "left" | "top" | "right" | "bottom";

/** Where each seat sits as seen from `viewer` (a spectator sees from seat 1's place). */
export function placeOf(seat: number, viewer: number, players: number): Place {
  const offset = (seat - viewer + players) % players;
  if (offset === 0) return "bottom";
  if (players === 2) return "top";
  if (players === 3) return offset === 1 ? "left" : "right";
  return (["bottom", "left", "top", "right"] as const)[offset]!;
}

export interface Ring {
  readonly snap: GameSnapshot;
  readonly me: number | null;
  readonly showFree: boolean;
  readonly now: number;
  readonly turnSince: string | null;
}

function pozzettoMark(hand: HandView | null, team: number): JSX.Element | null {
  if (!hand) return null;
  const status = hand.pozzetti[team];
  const taken = status !== null && status !== undefined && status !== "stock";
  if (!taken && hand.pozzettiLeft === 0) return null;
  const text = taken ? t.board.pozzettoTaken : t.board.pozzettoToTake;
  return h(
    "span",
    { class: `pz${taken ? " taken" : ""}`, title: text },
    h("span", { "aria-hidden": "true" }, taken ? "P ✓" : "P"),
    h("span", { class: "visually-hidden" }, text),
  );
}

/** One seat at the table (the player's own, beside the hand, without what the banner already says). */
export function seatChip(ring: Ring, seat: number, place: Place): JSX.Element {
  const own = place === "bottom" && ring.me === seat;
  const { snap, me } = ring;
  const hand = snap.view.hand;
  const players = snap.view.players;
  const info = snap.seats[seat]!;
  const turn = hand !== null && !hand.end && snap.status === "playing" && hand.turn === seat;
  const count = hand?.handSizes[seat];
  const you = seat === me;
  const named = info.name !== null;
  const name = seatName(snap.seats, seat);
  return h(
    "li",
    {
      key: seat,
      class: `seat at-${place}${turn ? " turn" : ""}${you ? " you" : ""}`,
      "data-seat": seat,
      "aria-current": turn ? "true" : undefined,
    },
    // Beside the hand a phone shows only "(you)": the name is for screen readers there.
    h(
      "span",
      { class: "seat-name" },
      own
        ? h("span", { class: "own-name" }, name)
        : info.player
          ? // The player's public page (ratings, games finished) opens beside the table, which stays live.
            h("a", { href: `/player/${info.player}`, class: "player-link", target: "_blank", rel: "noopener" }, name)
          : name,
      you ? h("span", { class: "you-tag" }, t.seats.you) : null,
    ),
    h(
      "span",
      { class: "seat-line" },
      count === undefined ? null : h("span", { class: "seat-cards", "data-count": count }, t.common.cards(count)),
      pozzettoMark(hand, teamOf(seat, players)),
      // The banner already says it is the player's own turn.
      turn && !own ? h("span", { class: "turn-tag" }, hand!.phase === "take" ? t.seats.toPlay : t.seats.playing) : null,
      ring.showFree && !info.taken && !info.computer && !own ? h("span", { class: "free-tag" }, t.seats.free) : null,
    ),
    // An unnamed computer seat is already called "Computer · club": the tag is then for screen readers only.
    info.computer
      ? h("span", { class: `computer-tag${named ? "" : " visually-hidden"}` }, `${t.seats.computer} (${t.seats.level[info.computer]})`)
      : null,
    seatClock({ snap, me, now: ring.now }, seat, ring.turnSince),
  );
}

/** The other seats around the table, left to right; a spectator's "own" seat among them, at the bottom. */
export function seatRing(ring: Ring): JSX.Element {
  const players = ring.snap.view.players;
  const viewer = ring.me ?? 0;
  const order: Place[] = ["left", "top", "right", "bottom"];
  const seats = ring.snap.seats
    .map((s) => ({ seat: s.seat, place: placeOf(s.seat, viewer, players) }))
    .filter((s) => s.seat !== ring.me)
    .sort((a, b) => order.indexOf(a.place) - order.indexOf(b.place));
  return h(
    "section",
    { class: "seats ring", "aria-label": t.seats.label },
    h(
      "ol",
      null,
      seats.map((s) => seatChip(ring, s.seat, s.place)),
    ),
  );
}

export interface Zones {
  readonly snap: GameSnapshot;
  readonly hand: HandView;
  readonly me: number | null;
  readonly targets: MeldTargets | null;
  readonly fresh: Fresh;
  readonly open: ReadonlySet<number>;
  toggle(meld: number): void;
}

/** One team's melds, in a box the page fits them to. */
function zone(z: Zones, team: number): JSX.Element {
  const { snap, hand, me } = z;
  const players = snap.view.players;
  const mine = me !== null && teamOf(me, players) === team;
  const melds = hand.melds.filter((m) => m.team === team) as TableMeld[];
  const names = teamName(snap.seats, team, players);
  const title = mine ? (players === 4 ? t.felt.yourTeam(names) : t.felt.yourMelds) : t.felt.theirMelds(names, players !== 4);
  const ours = mine ? z.targets : null;
  return h(
    "section",
    {
      key: team,
      class: `team zone${mine ? " mine" : ""}`,
      "data-team": team,
      "data-drop": mine ? "table" : undefined,
      "aria-label": title,
    },
    h(
      "h2",
      null,
      h("span", { class: "zone-title" }, title),
      // How many melds lie out of sight where the box scrolls (set by layout.ts): a player never guesses there are more.
      h("span", { class: "out-of-sight", "aria-hidden": "true" }),
      // The match so far, here on a phone, where the banner has no room for it.
      h(
        "span",
        { class: "zone-total" },
        num(snap.view.match.totals[team] ?? 0),
        h("span", { class: "visually-hidden" }, ` ${t.board.points}`),
      ),
      h("span", { class: "pozzetto", "data-pozzetto": team }, pozzettoText(snap.seats, hand, team)),
    ),
    h(
      "div",
      { class: "meld-fit", "data-fit": team },
      melds.length === 0
        ? h("p", { class: "empty" }, t.felt.noMelds)
        : h(
            "ul",
            { class: "melds" },
            melds.map((meld) =>
              h(
                "li",
                { key: meld.id },
                meldView(meld, hand, ours, z.fresh.melds.has(meld.id), { open: z.open.has(meld.id), toggle: () => z.toggle(meld.id) }),
              ),
            ),
          ),
    ),
  );
}

/** The teams across the table (the others') and on the player's side (their own; team A for a spectator). */
export function zones(z: Zones): { theirs: JSX.Element; ours: JSX.Element } {
  const players = z.snap.view.players;
  const own = teamOf(z.me ?? 0, players);
  const others = Array.from({ length: teamCount(players) }, (_, team) => team).filter((team) => team !== own);
  // Each side of the table gets its room from the page (layout.ts), by what its melds need.
  return {
    theirs: h(
      "div",
      { class: "zones theirs", "aria-label": t.felt.table, role: "group" },
      others.map((team) => zone(z, team)),
    ),
    ours: h("div", { class: "zones ours" }, zone(z, own)),
  };
}
