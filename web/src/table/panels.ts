import { h, type JSX } from "preact";
import type { PresetName } from "../../../src/engine/rules";
import type { GameSnapshot, WireEvent } from "../../../src/shared/api";
import { presetText } from "../../../src/shared/presets";
import type { TeamScore } from "../../../src/shared/wire/common";
import { describeEvent, SCORE_PARTS, scorePartName, teamCount, teamName } from "../describe";
import { lang, num, t } from "../i18n/index";

/** The side panels: the scores of the match, the latest moves, the fairness commitments. */

export const teamsOf = (players: number): number[] => Array.from({ length: teamCount(players) }, (_, team) => team);

export function presetTitle(preset: PresetName): string {
  return presetText(preset, lang).title;
}

/** A hand's score, part by part, per team. */
export function scoreBreakdown(seats: GameSnapshot["seats"], players: number, scores: readonly TeamScore[]): JSX.Element {
  const teams = teamsOf(players);
  return h(
    "table",
    { class: "score-table breakdown" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("td", null),
        teams.map((team) => h("th", { key: team, scope: "col" }, teamName(seats, team, players))),
      ),
    ),
    h(
      "tbody",
      null,
      SCORE_PARTS.map((part) =>
        h(
          "tr",
          { key: part, class: part === "total" ? "total" : "" },
          h("th", { scope: "row" }, scorePartName(part)),
          teams.map((team) => h("td", { key: team }, num(Number(scores[team]?.[part] ?? 0)))),
        ),
      ),
    ),
  );
}

export function scoresPanel(snap: GameSnapshot): JSX.Element {
  const match = snap.view.match;
  const players = snap.view.players;
  const teams = teamsOf(players);
  const done = match.hands.filter((hand) => hand.scores);
  const rules = snap.view.rules;
  const target = rules.hands !== null ? t.scores.targetHands(rules.hands) : t.scores.targetPoints(rules.target);
  return h(
    "section",
    { class: "panel scores", id: "scores", "aria-labelledby": "scores-title" },
    h(
      "h2",
      { id: "scores-title" },
      `${t.scores.title} `,
      h("span", { class: "count" }, t.scores.preset(presetTitle(rules.preset), snap.rated ? `${target}, ${t.scores.rated}` : target)),
    ),
    h(
      "table",
      { class: "score-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col" }, t.scores.hand),
          teams.map((team) => h("th", { key: team, scope: "col" }, teamName(snap.seats, team, players))),
        ),
      ),
      h(
        "tbody",
        null,
        done.map((hand) =>
          h(
            "tr",
            { key: hand.number },
            h("th", { scope: "row" }, String(hand.number + 1)),
            teams.map((team) => {
              const s = hand.scores![team];
              return h(
                "td",
                { key: team },
                s
                  ? [
                      h("strong", { key: "t" }, num(s.total)),
                      h("span", { key: "p", class: "parts" }, ` ${t.scores.parts(s.base, s.points)}`),
                    ]
                  : "",
              );
            }),
          ),
        ),
      ),
      h(
        "tfoot",
        null,
        h(
          "tr",
          { class: "total" },
          h("th", { scope: "row" }, t.scores.total),
          teams.map((team) => h("td", { key: team, "data-total": team }, num(match.totals[team] ?? 0))),
        ),
        match.victoryPoints
          ? h(
              "tr",
              null,
              h("th", { scope: "row" }, t.scores.victoryPoints),
              teams.map((team) => h("td", { key: team }, num(match.victoryPoints![team] ?? 0))),
            )
          : null,
      ),
    ),
    match.over && match.winner !== null
      ? h("p", { class: "winner", id: "winner" }, t.scores.winner(teamName(snap.seats, match.winner, players)))
      : null,
    match.over && match.winner === null ? h("p", { class: "winner", id: "winner" }, t.status.over) : null,
  );
}

/** Lines kept in the latest moves. */
const LOG_SIZE = 12;

/** The latest moves, newest first, in words (events that say nothing to this viewer left out). */
export function logLines(events: readonly WireEvent[], snap: GameSnapshot, me: number | null): LogLine[] {
  return events
    .map((e) => ({ key: `${e.seq}:${e.type}`, text: describeEvent(e, snap.seats, me, snap.view.players), computer: e.by === "computer" }))
    .filter((line): line is LogLine => line.text !== null)
    .reverse()
    .slice(0, LOG_SIZE);
}

type LogLine = { key: string; text: string; computer: boolean };

export function logPanel(lines: readonly { key: string; text: string; computer?: boolean }[]): JSX.Element | null {
  if (lines.length === 0) return null;
  return h(
    "section",
    { class: "panel log", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t.log.title),
    h(
      "ul",
      { id: "log" },
      lines.map((line) =>
        h(
          "li",
          { key: line.key, class: line.computer ? "by-computer" : undefined },
          line.text,
          // Moves the computer made for a seat are marked as such.
          line.computer ? h("span", { class: "computer-mark", title: t.clock.byComputerLong }, ` ${t.clock.byComputer}`) : null,
        ),
      ),
    ),
  );
}

export type Verified = { readonly ok: boolean | null; readonly text: keyof typeof import("../i18n/en").en.fairness };

export function fairnessPanel(
  snap: GameSnapshot,
  seen: Record<string, string>,
  verified: ReadonlyMap<number, Verified>,
  verify: (hand: number) => void,
): JSX.Element | null {
  if (snap.fairness.length === 0) return null;
  // The <details> keeps its own open state: no property here sets it, so redraws leave it as the player left it.
  return h(
    "details",
    { class: "panel fairness", id: "fairness" },
    h("summary", null, t.fairness.summary, snap.preparedDeals ? t.fairness.prepared : ""),
    h("p", null, t.fairness.intro),
    h(
      "ul",
      null,
      snap.fairness.map((f) => {
        const result = verified.get(f.hand);
        return h(
          "li",
          { key: f.hand, "data-hand": f.hand },
          h("strong", null, t.fairness.hand(f.hand + 1)),
          f.prepared ? t.fairness.preparedHand : "",
          h("div", null, t.fairness.commitment, h("code", { class: "hash" }, f.commitment)),
          seen[f.hand] && seen[f.hand] !== f.commitment ? h("p", { class: "notice error" }, t.fairness.differs) : null,
          f.salt
            ? [
                h("div", { key: "salt" }, t.fairness.salt, h("code", { class: "hash" }, f.salt)),
                h("button", { key: "verify", type: "button", class: "verify", onClick: () => verify(f.hand) }, t.fairness.verify),
                result
                  ? h(
                      "span",
                      {
                        key: "result",
                        class: `verify-result ${result.ok === true ? "ok" : result.ok === false ? "bad" : ""}`,
                        role: "status",
                      },
                      ` ${t.fairness[result.text] as string}`,
                    )
                  : null,
              ]
            : h("div", { class: "hint" }, t.fairness.saltLater),
        );
      }),
    ),
  );
}
