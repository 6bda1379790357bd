import "../core";
import { h, type JSX, render } from "preact";
import { PRESET_NAMES, type PresetName } from "../../../src/engine/rules";
import { ApiError, type Leaderboard, type PublicPlayer } from "../api";
import { header } from "../header";
import { codeText, dateTime, t } from "../i18n/index";
import { seeksApi } from "./api";
import { presetTitle } from "./view";

/**
 * A player's public page (`/player/{publicId}`: name, ratings per pool with
 * their deviation, games finished, lost on time, recent results) and a preset
 * family's leaderboard (`/leaderboard/{preset}?players=N`), docs/ratings.md.
 */

const isPreset = (name: string): name is PresetName => (PRESET_NAMES as readonly string[]).includes(name);

function page(root: HTMLElement, title: string, ...body: (JSX.Element | null)[]): void {
  document.title = `${title} — ${t.common.brand}`;
  render(
    h(
      "div",
      { class: "ratings-page" },
      header(),
      h(
        "main",
        { class: "single" },
        h("section", { class: "panel" }, h("h1", null, title), ...body, h("p", null, h("a", { href: "/" }, t.ratings.back))),
      ),
    ),
    root,
  );
}

const ratingText = (rating: number, deviation: number, provisional: boolean) =>
  `${t.seeks.rating(rating, deviation)}${provisional ? ` (${t.seeks.provisional})` : ""}`;

export class PlayerPage {
  private player: PublicPlayer | null = null;
  private error: string | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly publicId: string,
  ) {}

  async open(): Promise<void> {
    this.render();
    try {
      this.player = await seeksApi.player(this.publicId);
    } catch (error) {
      this.error =
        error instanceof ApiError && error.status === 404
          ? t.ratings.notFound
          : codeText(error instanceof ApiError ? error.code : "INTERNAL");
    }
    this.render();
  }

  close(): void {
    render(null, this.root);
  }

  render(): void {
    const r = t.ratings;
    const p = this.player;
    if (!p) {
      page(
        this.root,
        r.player,
        h("p", { class: this.error ? "notice error" : "hint", role: this.error ? "alert" : "status" }, this.error ?? r.loading),
      );
      return;
    }
    page(
      this.root,
      p.name ?? r.unnamed,
      h(
        "dl",
        { class: "player-facts" },
        h("dt", null, r.finished),
        h("dd", { id: "player-finished" }, String(p.finished)),
        h("dt", null, r.lostOnTime),
        h("dd", { id: "player-lost-on-time" }, String(p.lostOnTime)),
      ),
      h("h2", null, r.ratingsTitle),
      p.ratings.length === 0
        ? h("p", { class: "hint" }, r.noRatings)
        : h(
            "ul",
            { class: "player-ratings" },
            p.ratings.map((x) =>
              h(
                "li",
                { key: `${x.preset}-${x.players}` },
                h("strong", null, ratingText(x.rating, x.deviation, x.provisional)),
                " · ",
                r.pool(presetTitle(x.preset), x.players),
                " · ",
                r.games(x.games),
                " · ",
                h("a", { href: `/leaderboard/${x.preset}?players=${x.players}` }, r.seeBoard),
              ),
            ),
          ),
      h("h2", null, r.recentTitle),
      p.recent.length === 0
        ? h("p", { class: "hint" }, r.noRecent)
        : h(
            "ul",
            { class: "player-recent" },
            p.recent.map((x) =>
              h(
                "li",
                { key: x.gameId },
                h("strong", null, x.result === "win" ? r.win : x.result === "loss" ? r.loss : r.draw),
                x.how === "resigned" ? ` ${r.resigned}` : x.how === "timeout" ? ` ${r.onTime}` : "",
                " · ",
                r.pool(presetTitle(x.preset), x.players),
                x.rated && x.ratingBefore !== null && x.ratingAfter !== null ? ` · ${r.change(x.ratingBefore, x.ratingAfter)}` : "",
                " · ",
                h("a", { href: `/game/${x.gameId}` }, dateTime(x.at)),
              ),
            ),
          ),
    );
  }
}

export class LeaderboardPage {
  private board: Leaderboard | null = null;
  private error: string | null = null;
  private readonly preset: PresetName;
  private readonly players: 2 | 3 | 4;

  constructor(
    private readonly root: HTMLElement,
    preset: string,
  ) {
    this.preset = isPreset(preset) ? preset : "classic";
    const n = Number(new URLSearchParams(location.search).get("players") ?? 2);
    this.players = n === 3 || n === 4 ? n : 2;
  }

  async open(): Promise<void> {
    this.render();
    try {
      this.board = await seeksApi.leaderboard(this.preset, this.players);
    } catch (error) {
      this.error = codeText(error instanceof ApiError ? error.code : "INTERNAL");
    }
    this.render();
  }

  close(): void {
    render(null, this.root);
  }

  render(): void {
    const r = t.ratings;
    const go = (preset: string, players: number) => location.assign(`/leaderboard/${preset}?players=${players}`);
    page(
      this.root,
      `${r.boardTitle}: ${presetTitle(this.preset)}`,
      h("p", { class: "hint" }, r.boardHint),
      h(
        "div",
        { class: "seek-filters" },
        h(
          "select",
          {
            id: "board-preset",
            "aria-label": t.seeks.rules,
            onChange: (e: Event) => go((e.currentTarget as HTMLSelectElement).value, this.players),
          },
          PRESET_NAMES.map((p) => h("option", { key: p, value: p, selected: p === this.preset }, presetTitle(p))),
        ),
        h(
          "select",
          {
            id: "board-players",
            "aria-label": r.players,
            onChange: (e: Event) => go(this.preset, Number((e.currentTarget as HTMLSelectElement).value)),
          },
          [2, 3, 4].map((n) => h("option", { key: n, value: n, selected: n === this.players }, t.seeks.players(n))),
        ),
      ),
      this.error
        ? h("p", { class: "notice error", role: "alert" }, this.error)
        : !this.board
          ? h("p", { class: "hint" }, r.loading)
          : this.board.entries.length === 0
            ? h("p", { class: "hint", id: "board-empty" }, r.boardEmpty)
            : h(
                "ol",
                { class: "leaderboard", id: "leaderboard" },
                this.board.entries.map((e) =>
                  h(
                    "li",
                    { key: e.id, value: e.rank },
                    h("a", { href: `/player/${e.id}` }, e.name ?? r.unnamed),
                    " · ",
                    h("strong", null, ratingText(e.rating, e.deviation, e.provisional)),
                    " · ",
                    r.games(e.games),
                  ),
                ),
              ),
    );
  }
}
