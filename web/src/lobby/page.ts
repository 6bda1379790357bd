import "../core";
import { h, render } from "preact";
import type { PresetName } from "../../../src/engine/rules";
import { LIMITS } from "../../../src/shared/limits";
import { checkPlayerText } from "../../../src/shared/text";
import { ApiError, api, type CreateGameRequest, type CreateGameResponse, type MyGame } from "../api";
import { Holidays } from "../clock/holidays";
import { clockRequest } from "../clock/lobby";
import { header } from "../header";
import { codeText, t } from "../i18n/index";
import { Devices } from "../identity/devices";
import { offerWayBack } from "../identity/offer";
import { SeeksPanel } from "../seeks/panel";
import { type CreatedGame, createdGames, rememberCreated, rememberedSeats, updateCreated } from "../store";
import { TournamentsPanel } from "../tournaments/panel";
import { type CreateState, createForm } from "./form";
import { myGames } from "./games";
import { CreatedLinks } from "./link-actions";
import { linksHandled, linksPanel } from "./links";
import { yourTurn } from "./turns";

/**
 * The lobby: the games awaiting the player's move first, then create a
 * game, show its links (kept in this browser, so none is ever lost), and
 * list this browser's other games. Leaving while a new game's
 * links have not all been sent asks first.
 */
export class LobbyPage {
  private form: CreateState = {
    players: 2,
    preset: "classic",
    busy: false,
    error: null,
    clock: "perMove",
    computers: [null, null, null, null],
    versus: false,
  };
  private fresh: CreatedGame | null = null;
  private mine: readonly MyGame[] = [];
  private mineAt = Date.now();
  private failed = false;
  /** The links of the games created here: sent, opened, fresh ones (link-actions.ts). */
  private readonly links = new CreatedLinks(
    () => this.render(),
    (game) => {
      if (this.fresh?.id === game.id) this.fresh = game;
    },
  );
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private readonly holidays = new Holidays(() => this.render());
  /** "Find an opponent": play now, the open seeks, publishing one (seeks/panel.ts). */
  private readonly seeks = new SeeksPanel(
    () => this.render(),
    () => void this.versus(null),
  );
  /** Tournaments: the player's, the public ones, and creating one (tournaments/panel.ts). */
  private readonly tournaments = new TournamentsPanel(() => this.render());
  private readonly devices = new Devices(
    () => this.render(),
    () => void this.refresh(),
  );

  constructor(private readonly root: HTMLElement) {}

  open(): void {
    document.title = t.common.brand;
    addEventListener("beforeunload", this.warn);
    this.render();
    void this.refresh();
    void this.holidays.load();
    void this.devices.load();
    void this.seeks.load();
    void this.tournaments.load();
    // The list comes from the database, which may lag a move by a second or two.
    this.timer = setInterval(() => void this.refresh(), 20_000);
  }

  close(): void {
    this.stopped = true;
    this.seeks.close();
    removeEventListener("beforeunload", this.warn);
    if (this.timer) clearInterval(this.timer);
    render(null, this.root);
  }

  /** Links not yet sent: the browser asks before the page goes. */
  private readonly warn = (event: BeforeUnloadEvent) => {
    const game = this.fresh && createdGames()[this.fresh.id];
    if (!game || linksHandled(game)) return;
    event.preventDefault();
    event.returnValue = t.links.notCopied;
  };

  private async refresh(): Promise<void> {
    try {
      this.mine = (await api.myGames()).games;
      this.mineAt = Date.now();
      this.failed = false;
      // Games of theirs here: something to lose with this device (asked once, of a player with no way back).
      if (this.mine.length > 0) offerWayBack();
    } catch {
      this.failed = true;
    }
    if (!this.stopped) this.render();
  }

  private async submit(element: HTMLFormElement): Promise<void> {
    const data = new FormData(element);
    const n = this.form.players;
    const rules: Record<string, unknown> = { preset: this.form.preset };
    const target = String(data.get("target") ?? "").trim();
    const hands = String(data.get("hands") ?? "").trim();
    if (target) rules.target = Number(target);
    if (hands) rules.hands = Number(hands);
    if (data.get("semiClean")) rules.semiClean = true;
    const computers = this.form.computers.slice(0, n);
    const typed = Array.from({ length: n }, (_, seat) => (computers[seat] ? "" : String(data.get(`name-${seat}`) ?? "")));
    // The server's own check of a player's text (src/shared/text.ts), so the player hears of a bad name before sending.
    const checked = typed.map((name) => checkPlayerText(name, LIMITS.nameLength));
    const bad = checked.findIndex((c) => !c.ok);
    if (bad >= 0) {
      this.form = { ...this.form, error: t.lobby.badName(bad + 1) };
      this.render();
      return;
    }
    const names = checked.map((c) => (c.ok && c.text ? c.text : null));
    if (computers.every((level) => level !== null)) {
      this.form = { ...this.form, error: t.lobbyClock.allComputers };
      this.render();
      return;
    }
    const request: { -readonly [K in keyof CreateGameRequest]: CreateGameRequest[K] } = computers.some((level) => level !== null)
      ? { players: n, rules, seats: computers.map((level, seat) => (level ? { computer: level } : { name: names[seat] })) }
      : { players: n, rules, names };
    const clock = clockRequest(this.form.clock, data);
    if (clock !== "none") request.clock = clock;
    // Rated only where it may be (docs/ratings.md): a clock, people only; the form shows the box only then.
    if (clock !== "none" && !computers.some((level) => level !== null) && data.get("rated") === "on") request.rated = true;
    const dealsText = String(data.get("deals") ?? "").trim();
    if (dealsText) {
      try {
        const deals = JSON.parse(dealsText) as unknown;
        request.deals = Array.isArray(deals) ? deals : [deals];
      } catch {
        this.form = { ...this.form, error: t.lobby.dealsNotJson };
        this.render();
        return;
      }
    }
    this.form = { ...this.form, busy: true, error: null };
    this.render();
    try {
      const game = await api.createGame(request);
      this.remember(game, names);
      this.form = { ...this.form, busy: false };
      this.render();
      document.getElementById("links")?.focus();
    } catch (error) {
      this.form = { ...this.form, busy: false, error: error instanceof ApiError ? codeText(error.code) : t.lobby.createFailed };
      this.render();
    }
  }

  /** Keeps a new game's links in this browser and shows them. */
  private remember(game: CreateGameResponse, names: (string | null)[]): CreatedGame {
    const created: CreatedGame = {
      id: game.id,
      createdAt: new Date().toISOString(),
      names,
      // A computer player's seat has no link.
      seats: game.seats.flatMap((s) => (s.url === null ? [] : [{ seat: s.seat, url: s.url }])),
      invite: game.invite.url,
      spectator: game.spectatorUrl,
      host: game.host.token,
      handled: {},
    };
    rememberCreated(created);
    this.fresh = created;
    this.links.taken[game.id] = names.map(() => ({ taken: false, freshLink: { allowed: true, reason: "free", after: null } }));
    return created;
  }

  /** "Play against the computer": a 2-player game with the computer (club) in seat 2, opened at once as seat 1. */
  private async versus(element: HTMLFormElement | null): Promise<void> {
    const data = element ? new FormData(element) : null;
    const name = String(data?.get("name-0") ?? "").trim() || null;
    // Prepared deals, if any, serve here too: practice a tournament's deals against the computer.
    const dealsText = String(data?.get("deals") ?? "").trim();
    let deals: unknown[] | undefined;
    try {
      if (dealsText) {
        const parsed = JSON.parse(dealsText) as unknown;
        deals = Array.isArray(parsed) ? parsed : [parsed];
      }
    } catch {
      this.form = { ...this.form, error: t.lobby.dealsNotJson };
      this.render();
      return;
    }
    this.form = { ...this.form, versus: true, error: null };
    this.render();
    try {
      const game = await api.createGame({
        players: 2,
        rules: { preset: this.form.preset },
        seats: [{ name }, { computer: "club" }],
        ...(deals ? { deals: deals as NonNullable<CreateGameRequest["deals"]> } : {}),
      });
      const created = this.remember(game, [name, null]);
      // Every link of this game is the player's own seat: nothing to send, so nothing to warn about.
      updateCreated(created.id, (g) => ({ ...g, handled: { ...g.handled, "seat-0": true, invite: true, spectator: true } }));
      location.assign(game.seats[0]!.url!);
    } catch (error) {
      this.form = { ...this.form, versus: false, error: error instanceof ApiError ? codeText(error.code) : t.lobby.createFailed };
      this.render();
    }
  }

  render(): void {
    if (this.stopped) return;
    const created = Object.values(createdGames())
      .filter((g) => g.id !== this.fresh?.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const fresh = this.fresh ? (createdGames()[this.fresh.id] ?? this.fresh) : null;
    render(
      h(
        "div",
        { class: "lobby-page" },
        header({ tagline: true }),
        h(
          "main",
          { class: "lobby" },
          yourTurn(this.mine, rememberedSeats(), this.mineAt),
          createForm(
            this.form,
            {
              players: (n) => {
                this.form = { ...this.form, players: n };
                this.render();
              },
              preset: (name: PresetName) => {
                this.form = { ...this.form, preset: name };
                this.render();
              },
              submit: (form) => void this.submit(form),
              clock: (kind) => {
                this.form = { ...this.form, clock: kind };
                this.render();
              },
              seatKind: (seat, level) => {
                this.form = { ...this.form, computers: this.form.computers.map((l, i) => (i === seat ? level : l)) };
                this.render();
              },
              versus: (form) => void this.versus(form),
            },
            this.seeks.standing,
          ),
          fresh
            ? linksPanel(fresh, this.links.taken[fresh.id] ?? null, this.links.actions, true, this.links.messages[fresh.id] ?? null)
            : null,
          // Below the creation form, which a newcomer's first screen holds whole (test/browser/returning.test.ts).
          this.seeks.view(),
          this.tournaments.view(),
          myGames(
            {
              mine: this.mine,
              mineAt: this.mineAt,
              failed: this.failed,
              remembered: rememberedSeats(),
              created,
              taken: this.links.taken,
              messages: this.links.messages,
            },
            this.links.actions,
          ),
          this.holidays.view(),
          this.devices.view(this.mine.length === 0 && created.length === 0 && Object.keys(rememberedSeats()).length === 0),
        ),
      ),
      this.root,
    );
  }
}
