import type { GameSnapshot } from "../../shared/api";
import { clip } from "../../shared/text";
import { escapeXml, type Summary } from "./summary";

/**
 * The picture of a game for link previews (1200 × 630, the size OpenGraph
 * and Twitter cards show large): the felt, the players and their scores
 * against the target, whose turn, the top of the discard pile and each
 * team's melds. Public cards only: a hand, the stock or a pozzetto never
 * appear in it. Written as SVG, then rendered to PNG (png.ts), since the
 * sites that show previews do not take SVG.
 */

export const WIDTH = 1200;
export const HEIGHT = 630;

const SUITS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

function card(text: string, x: number, y: number, w: number): string {
  const h = Math.round(w * 1.4);
  const joker = text === "JK";
  const suit = text.slice(-1);
  const rank = joker ? "J" : text.slice(0, -1);
  const colour = joker ? "#6b2fa8" : RED.has(suit) ? "#b8142a" : "#15171a";
  const size = Math.round(w * 0.42);
  return `<g transform="translate(${x} ${y})"><rect width="${w}" height="${h}" rx="${Math.round(w / 9)}" fill="#fff" stroke="#0b3828" stroke-width="2"/><text x="${Math.round(w * 0.1)}" y="${size + 4}" font-size="${size}" fill="${colour}">${escapeXml(rank)}</text><text x="${Math.round(w * 0.1)}" y="${size * 2 + 6}" font-size="${size}" fill="${colour}">${joker ? "★" : (SUITS[suit] ?? "?")}</text></g>`;
}

/** A run of cards overlapping, each showing its corner. */
function fan(cards: readonly string[], x: number, y: number, w: number, step: number): string {
  return cards.map((c, i) => card(c, x + i * step, y, w)).join("");
}

export function previewSvg(snap: GameSnapshot, summary: Summary): string {
  const hand = snap.view.hand;
  const rules = snap.view.rules;
  const rows: string[] = [];
  const teamTop = 150;
  const rowHeight = summary.teams.length > 2 ? 118 : 150;
  summary.teams.forEach((team, i) => {
    const y = teamTop + i * rowHeight;
    const share = rules.hands === null ? Math.max(0, Math.min(1, team.total / rules.target)) : 0;
    rows.push(
      `<text x="60" y="${y + 40}" font-size="40" fill="#ffffff">${escapeXml(clip(team.names, 34))}</text>`,
      // A cancelled match has no score: no "0–0" that reads as a tie.
      summary.cancelled
        ? ""
        : `<text x="700" y="${y + 42}" font-size="46" fill="#ffe38a" text-anchor="end">${escapeXml(summary.number(team.total))}</text>`,
      rules.hands === null
        ? `<rect x="60" y="${y + 58}" width="640" height="12" rx="6" fill="#0b3828"/><rect x="60" y="${y + 58}" width="${Math.round(640 * share)}" height="12" rx="6" fill="#f2c230"/>`
        : "",
    );
    // The team's melds, public: at most what fits beside the scores.
    const melds = (hand?.melds ?? []).filter((m) => m.team === i).slice(0, 3);
    melds.forEach((meld, j) => {
      rows.push(fan(meld.cards.slice(0, 8), 740 + j * 150, y + 4, 44, 12));
    });
  });
  const top = hand?.discardPile.top;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans" font-weight="bold">
<defs><radialGradient id="felt" cx="50%" cy="0%" r="100%"><stop offset="0" stop-color="#1b7457"/><stop offset="1" stop-color="#0e4734"/></radialGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#felt)"/>
<text x="60" y="92" font-size="56" fill="#ffffff">Burraco</text>
<text x="330" y="90" font-size="30" fill="#cfe6dc">${escapeXml(`${summary.preset}, ${summary.target}${summary.hand ? ` · ${summary.hand}` : ""}`)}</text>
${rows.join("\n")}
<rect x="40" y="${HEIGHT - 110}" width="${WIDTH - 80}" height="80" rx="16" fill="#fff4c4"/>
<text x="70" y="${HEIGHT - 57}" font-size="38" fill="#3b2d00">${escapeXml(clip(summary.shortState, 46))}</text>
${top ? card(top, WIDTH - 170, HEIGHT - 260, 100) : ""}
</svg>`;
}
