import "../core";
import { h, type JSX } from "preact";
import type { GameSnapshot } from "../../../src/shared/api";
import { seatName, teamCount, teamName, teamOf } from "../describe";
import { codeText, num, t } from "../i18n/index";

/**
 * The end of a match: who won and the final score, and the rematch
 * (rematch.ts), which a spectator may watch. A chunk of its own, loaded
 * once a match is over.
 */

/** The rematch's button (rematch.ts asks for it). */
export interface RematchBox {
  readonly busy: boolean;
  /** A refusal's code, shown in words. */
  readonly error: string | null;
}

/** "Anna wins", "Anna and Carla win", or no winner (an aborted match). */
function winnerLine(snap: GameSnapshot, me: number | null): string {
  const { match, players } = snap.view;
  if (match.winner === null) return t.matchEnd.noWinner;
  const mine = me !== null && teamOf(me, players) === match.winner;
  return t.matchEnd.won(teamName(snap.seats, match.winner, players), players === 4) + (mine ? t.status.wellPlayed : "");
}

/** The match's result and the rematch, or nothing while the match goes on. */
export function matchEnd(snap: GameSnapshot, me: number | null, box: RematchBox, ask: () => void, id = "match-end"): JSX.Element | null {
  const { match, players } = snap.view;
  if (!match.over && snap.status !== "over") return null;
  // The winner first (a match won by resignation or on time may be won from behind), then by points.
  const first = (team: number) => (team === match.winner ? 1 : 0);
  const teams = Array.from({ length: teamCount(players) }, (_, team) => team).sort(
    (a, b) => first(b) - first(a) || (match.totals[b] ?? 0) - (match.totals[a] ?? 0),
  );
  const ready = snap.rematch ?? null;
  return h(
    "section",
    { class: "match-end", id, "aria-labelledby": `${id}-title` },
    h("h3", { id: `${id}-title` }, t.matchEnd.title),
    h("p", { class: "match-winner", "data-winner": match.winner ?? "" }, winnerLine(snap, me)),
    h(
      "p",
      { class: "match-score" },
      `${t.matchEnd.finalScore}: `,
      teams.map((team, i) =>
        h(
          "span",
          { key: team, "data-team": team },
          i > 0 ? " · " : "",
          `${teamName(snap.seats, team, players)} `,
          h("strong", null, num(match.totals[team] ?? 0)),
        ),
      ),
    ),
    ratingLines(snap, id),
    me !== null
      ? h(
          "div",
          { class: "rematch" },
          ready ? h("p", { class: "notice info" }, t.matchEnd.ready) : h("p", { class: "hint" }, t.matchEnd.hint),
          h(
            "button",
            { type: "button", class: "primary rematch-button", disabled: box.busy, onClick: ask, "data-rematch": ready ?? "" },
            box.busy ? t.matchEnd.asking : ready ? t.matchEnd.go : t.matchEnd.rematch,
          ),
          box.error ? h("p", { class: "error", role: "alert" }, codeText(box.error)) : null,
        )
      : ready
        ? h("p", { class: "rematch" }, h("a", { class: "button quiet", href: `/game/${encodeURIComponent(ready)}` }, t.matchEnd.watch))
        : null,
  );
}

/**
 * What the match did to its players' ratings: "Anna: 1500 → 1662 (+162)"
 * for each player of a rated match, once its result is recorded (seconds
 * after its end: the snapshot's `rating`); why a match asked to be rated
 * was not; nothing for a match never meant to be rated.
 */
function ratingLines(snap: GameSnapshot, id: string): JSX.Element | null {
  const outcome = snap.rating;
  const w = t.ratingChange;
  if (!outcome) return snap.rated ? h("p", { class: "hint rating-change", id: `${id}-rating` }, w.pending) : null;
  if (!outcome.rated) {
    // A match never meant to be rated ("notAsked") says nothing of it.
    const why = outcome.why === null ? (snap.rated ? w.unratedUnknown : "") : outcome.why === "notAsked" ? "" : w.unrated[outcome.why];
    return why ? h("p", { class: "hint rating-change", id: `${id}-rating`, "data-unrated": outcome.why ?? "" }, why) : null;
  }
  return h(
    "div",
    { class: "rating-change", id: `${id}-rating` },
    h("h4", null, w.title),
    h(
      "ul",
      null,
      outcome.seats.map((r) => h("li", { key: r.seat, "data-seat": r.seat }, w.line(seatName(snap.seats, r.seat), r.before, r.after))),
    ),
  );
}
