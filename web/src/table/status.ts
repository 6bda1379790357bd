import { h, type JSX } from "preact";
import type { GameSnapshot, SeatInfo } from "../../../src/shared/api";
import { clockLine, overByClock, seatClock } from "../clock/table";
import { endText, seatName, teamCount, teamLetter, teamName, teamOf } from "../describe";
import { ago, num, t, when } from "../i18n/index";
import { rememberedSeats } from "../store";

/** Whose turn, since when, the hand number and the match so far; who sits at the table; joining with the invitation. */

export interface TurnState {
  readonly snap: GameSnapshot;
  readonly me: number | null;
  readonly myTurn: boolean;
  /** When the turn in play began (the event that gave it), if known. */
  readonly turnSince: string | null;
  readonly now: number;
}

export function turnText({ snap, me, myTurn }: TurnState): { text: string; mine: boolean } {
  const hand = snap.view.hand;
  const match = snap.view.match;
  if (snap.status === "over" || match.over) {
    const timed = overByClock(snap);
    if (timed) return { text: timed, mine: false };
    let text = match.winner === null ? t.status.over : t.status.overWinner(teamName(snap.seats, match.winner, snap.view.players));
    if (me !== null && match.winner !== null && teamOf(me, snap.view.players) === match.winner) text += t.status.wellPlayed;
    return { text, mine: false };
  }
  if (!hand) return { text: t.status.waitingDeal, mine: false };
  if (hand.end) return { text: t.status.handOver(hand.number + 1, endText(hand.end, snap.seats)), mine: false };
  if (myTurn) return { text: hand.phase === "take" ? t.status.yourTurnTake : t.status.yourTurnPlay, mine: true };
  return { text: t.status.theirTurn(seatName(snap.seats, hand.turn), hand.phase === "play"), mine: false };
}

/** The match so far against its target (points, or a number of hands). */
function progress(snap: GameSnapshot): JSX.Element {
  const { rules, players, match } = snap.view;
  const teams = Array.from({ length: teamCount(players) }, (_, team) => team);
  const played = match.hands.filter((hand) => hand.end !== null).length;
  return h(
    "div",
    { class: "progress", role: "group", "aria-label": t.status.progress },
    teams.map((team) =>
      h(
        "span",
        { key: team, class: "team-total", "data-team": team },
        h("span", { class: "who" }, teamName(snap.seats, team, players)),
        " ",
        h("strong", null, num(match.totals[team] ?? 0)),
        rules.hands === null
          ? h("progress", {
              max: rules.target,
              value: Math.max(0, Math.min(rules.target, match.totals[team] ?? 0)),
              "aria-label": `${teamName(snap.seats, team, players)}: ${num(match.totals[team] ?? 0)} ${t.status.toTarget(rules.target)}`,
            })
          : null,
      ),
    ),
    h(
      "span",
      { class: "target" },
      rules.hands === null ? t.status.toTarget(rules.target) : t.status.handsOf(Math.min(played + 1, rules.hands), rules.hands),
    ),
  );
}

export function statusBanner(state: TurnState): JSX.Element {
  const { snap, turnSince, now } = state;
  const hand = snap.view.hand;
  const { text, mine } = turnText(state);
  const extra: string[] = [];
  if (hand && !hand.end && hand.lastTurn) extra.push(t.status.lastTurn);
  if (hand?.myHandHidden) extra.push(t.status.pozzettoHidden);
  const inPlay = hand !== null && hand.end === null && snap.status === "playing";
  return h(
    "section",
    { class: `status${mine ? " mine" : ""}`, id: "status" },
    h("p", { class: "turn-text" }, text),
    h(
      "p",
      { class: "turn-meta" },
      hand ? h("span", { class: "hand-number", id: "hand-number" }, t.status.hand(hand.number + 1)) : null,
      inPlay && turnSince
        ? h("span", { class: "since", title: new Date(turnSince).toString() }, t.status.since(when(turnSince, now), ago(turnSince, now)))
        : null,
      clockLine({ snap, me: state.me, now }),
    ),
    progress(snap),
    extra.map((line) => h("p", { key: line, class: "status-extra" }, line)),
  );
}

/** Free seats are marked only where someone could take one: not in the embed. */
export function seatsStrip(
  snap: GameSnapshot,
  me: number | null,
  showFree: boolean,
  clock: { now: number; turnSince: string | null } = { now: Date.now(), turnSince: null },
): JSX.Element {
  const hand = snap.view.hand;
  const players = snap.view.players;
  return h(
    "section",
    { class: "seats", "aria-label": t.seats.label },
    h(
      "ol",
      null,
      snap.seats.map((seat) => {
        const turn = hand && !hand.end && snap.status === "playing" && hand.turn === seat.seat;
        const count = hand?.handSizes[seat.seat];
        const you = seat.seat === me;
        return h(
          "li",
          {
            key: seat.seat,
            class: `seat${turn ? " turn" : ""}${you ? " you" : ""}`,
            "data-seat": seat.seat,
            "aria-current": turn ? "true" : undefined,
          },
          h("span", { class: "seat-name" }, seatName(snap.seats, seat.seat), you ? h("span", { class: "you-tag" }, t.seats.you) : null),
          players === 4 ? h("span", { class: "seat-team" }, t.common.team(teamLetter(teamOf(seat.seat, players)))) : null,
          count === undefined ? null : h("span", { class: "seat-cards", "data-count": count }, t.common.cards(count)),
          turn ? h("span", { class: "turn-tag" }, hand!.phase === "take" ? t.seats.toPlay : t.seats.playing) : null,
          seat.computer ? h("span", { class: "computer-tag" }, `${t.seats.computer} (${t.seats.level[seat.computer]})`) : null,
          seatClock({ snap, me, now: clock.now }, seat.seat, clock.turnSince),
          showFree && !seat.taken && !seat.computer ? h("span", { class: "free-tag" }, t.seats.free) : null,
        );
      }),
    ),
  );
}

export interface ClaimState {
  readonly busy: boolean;
  readonly error: string | null;
}

/**
 * The invitation's form to take a free seat: only seats without a name,
 * since a named seat is kept for its own link. Its inputs are the
 * browser's own (uncontrolled): live updates redraw around them.
 */
export function claimForm(seats: readonly SeatInfo[], state: ClaimState, submit: (form: HTMLFormElement) => void): JSX.Element {
  const open = seats.filter((s) => !s.taken && !s.computer && s.name === null);
  const reserved = seats.filter((s) => !s.taken && !s.computer && s.name !== null).map((s) => s.name!);
  return h(
    "section",
    { class: "panel claim", "aria-labelledby": "claim-title" },
    h("h2", { id: "claim-title" }, t.claim.title),
    open.length === 0
      ? h("p", null, t.claim.full)
      : h(
          "form",
          {
            id: "claim-form",
            onSubmit: (event: Event) => {
              event.preventDefault();
              submit(event.currentTarget as HTMLFormElement);
            },
          },
          h("p", null, t.claim.intro),
          h("label", { for: "claim-name" }, t.claim.name),
          h("input", { id: "claim-name", name: "name", maxLength: 40, autocomplete: "nickname", required: true }),
          open.length > 1
            ? [
                h("label", { key: "l", for: "claim-seat" }, t.claim.seat),
                h(
                  "select",
                  { key: "s", id: "claim-seat", name: "seat" },
                  h("option", { value: "" }, t.claim.anySeat),
                  open.map((s) => h("option", { key: s.seat, value: s.seat }, t.common.seat(s.seat + 1))),
                ),
              ]
            : null,
          h("button", { type: "submit", class: "primary", id: "claim-submit", disabled: state.busy }, t.claim.submit),
          state.error ? h("p", { class: "notice error", id: "claim-error", role: "alert" }, state.error) : null,
        ),
    reserved.length ? h("p", { class: "hint" }, t.claim.reservedNote(reserved.join(", "))) : null,
  );
}

export function spectatorNote(gameId: string): JSX.Element {
  const mine = rememberedSeats()[gameId];
  return h(
    "section",
    { class: "panel note" },
    h("p", null, t.spectator.note),
    mine ? h("p", null, `${t.spectator.mine} `, h("a", { href: `/game/${gameId}#seat=${mine.token}` }, t.spectator.openMine), ".") : null,
  );
}
