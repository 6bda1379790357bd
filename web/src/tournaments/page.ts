import { h, type JSX, render } from "preact";
import { presetText } from "../../../src/shared/presets";
import { checkPlayerText } from "../../../src/shared/text";
import { ApiError, api, type Standing, type Tournament } from "../api";
import { copyText, shareLink } from "../dom";
import { header } from "../header";
import { codeText, lang, t } from "../i18n/index";
import { me } from "../identity/name";
import { standingNote } from "../seeks/view";
import { tournamentsApi } from "./api";
import { entriesSection } from "./entries";
import { entryLabel, roundsSection } from "./rounds";
import { standingsTable } from "./standings";
import { loadWords, tw, wordsCurrent } from "./words";

/**
 * `/tournament/{id}` (docs/tournaments.md): the tournament, its entries,
 * rounds and standings; registering (alone, as a pair, or as a partner with
 * `#partner=TOKEN`; by invitation with `#invite=TOKEN`); leaving or
 * withdrawing; the organiser's actions; each round's table of the player
 * linked to their own seat. `?embed=1` is the standings alone, for another
 * site's frame. It asks again every half minute.
 */

const POLL = 30_000;

export class TournamentPage {
  private view: Tournament | null = null;
  private error: string | null = null;
  private busy = false;
  private message: string | null = null;
  /** The player's seat token at each game, from "my games". */
  private seats = new Map<string, string>();
  /** Where the player stands towards rated play, for a rated tournament's registration (null: not known). */
  private standing: Standing | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly fragment = new URLSearchParams(location.hash.slice(1));

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private readonly embed: boolean,
  ) {}

  async open(): Promise<void> {
    this.render();
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), POLL);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    render(null, this.root);
  }

  private async refresh(): Promise<void> {
    try {
      await loadWords();
      this.view = await tournamentsApi.get(this.id);
      this.error = null;
      document.title = `${this.view.name} — ${t.common.brand}`;
      if (!this.embed && this.view.settings.rated && this.view.status === "registration" && this.view.you.entry === null)
        this.standing = (await me())?.standing ?? null;
      if (!this.embed && this.view.you.entry !== null && this.view.rounds.length > 0) {
        const mine = await api.myGames().catch(() => ({ games: [] }));
        this.seats = new Map(mine.games.filter((g) => g.token).map((g) => [g.id, g.token!]));
      }
    } catch (error) {
      await loadWords();
      this.error =
        error instanceof ApiError && error.code === "TOURNAMENT_NOT_FOUND"
          ? tw.notFound
          : codeText(error instanceof ApiError ? error.code : "NETWORK");
    }
    this.render();
  }

  /** One action, then the tournament again; a refusal is said in the player's words. */
  private async act(action: () => Promise<unknown>, confirmText?: string): Promise<void> {
    if (confirmText && !confirm(confirmText)) return;
    this.busy = true;
    this.message = null;
    this.render();
    try {
      await action();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "INTERNAL";
      // A rated tournament's refusal of the same person is told in the tournament's words, not a table's.
      this.message = code === "SAME_PERSON" ? tw.samePerson : codeText(code);
    }
    this.busy = false;
    await this.refresh();
  }

  private nameOf(form: HTMLFormElement): string | null {
    const raw = String(new FormData(form).get("t-player-name") ?? "");
    const checked = checkPlayerText(raw, 40);
    return checked.ok && checked.text ? checked.text : null;
  }

  render(): void {
    // The tournaments' words come with their pages (words.ts): in the player's language, again after a switch.
    if (!wordsCurrent()) {
      void loadWords().then(() => this.render());
      return;
    }
    const v = this.view;
    const c = tw;
    const body: (JSX.Element | null)[] = [];
    if (!v)
      body.push(h("p", { class: this.error ? "notice error" : "hint", role: this.error ? "alert" : "status" }, this.error ?? c.loading));
    else if (this.embed) body.push(this.standings(v, true));
    else body.push(...this.full(v));
    render(
      h(
        "div",
        { class: `tournament-page${this.embed ? " embed" : ""}` },
        this.embed ? null : header(),
        h("main", { class: "single" }, h("section", { class: "panel" }, v ? h("h1", { id: "tournament-name" }, v.name) : null, ...body)),
      ),
      this.root,
    );
  }

  private full(v: Tournament): (JSX.Element | null)[] {
    const c = tw;
    const s = v.settings;
    return [
      h(
        "p",
        { class: "hint", id: "tournament-settings" },
        c.settings(c.format[s.format], presetText(s.preset, lang).title, s.rounds, s.hands),
      ),
      h("p", { id: "tournament-status" }, h("strong", null, c.status[v.status]), ` · ${c.movement[s.movement]}`),
      s.rated ? h("p", { class: "hint", id: "tournament-rated" }, c.ratedNote) : null,
      this.message ? h("p", { class: "notice error", role: "alert" }, this.message) : null,
      this.entryBox(v),
      v.you.organiser ? this.organiserBox(v) : null,
      this.standings(v, false),
      roundsSection(v, this.seats),
      entriesSection(v, this.busy, (action, confirmText) => void this.act(action, confirmText)),
    ];
  }

  private standings(v: Tournament, embed: boolean): JSX.Element {
    const c = tw;
    return h(
      "section",
      { "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title" }, c.standings, v.rounds.length ? ` · ${c.roundOf(v.rounds.length, v.settings.rounds)}` : ""),
      standingsTable(v.standings, v.you.entry),
      embed
        ? h("p", null, h("a", { href: `/tournament/${v.id}`, target: "_blank", rel: "noopener" }, c.embedOpen))
        : h(
            "p",
            null,
            h(
              "button",
              {
                type: "button",
                class: "button quiet",
                id: "share-standings",
                onClick: () => void shareLink({ title: v.name, text: v.name, url: `${location.origin}/tournament/${v.id}` }),
              },
              c.shareStandings,
            ),
          ),
    );
  }

  /** Registering, the partner's link, leaving: what the player may do with their own entry. */
  private entryBox(v: Tournament): JSX.Element | null {
    const c = tw;
    const partner = this.fragment.get("partner");
    const invite = this.fragment.get("invite");
    if (v.you.entry !== null) {
      return h(
        "div",
        { class: "entry-box", id: "my-entry" },
        h("p", null, h("strong", null, c.registered), ` ${entryLabel(this.view, v.you.entry)}`),
        v.you.partner ? this.linkRow("partner-link", c.partnerLink, v.you.partner.url) : null,
        v.status === "over" || v.entries.find((e) => e.entry === v.you.entry)?.withdrawn
          ? null
          : h(
              "button",
              {
                type: "button",
                class: "button quiet",
                id: "leave-tournament",
                disabled: this.busy,
                onClick: () =>
                  void this.act(() => tournamentsApi.leave(v.id), v.status === "registration" ? c.leaveConfirm : c.withdrawConfirm),
              },
              v.status === "registration" ? c.leave : c.withdraw,
            ),
      );
    }
    if (v.status !== "registration") return null;
    const joining = partner !== null;
    if (!joining && !v.registrationOpen) return h("p", { class: "hint" }, t.codes.REGISTRATION_CLOSED);
    if (!joining && v.settings.visibility === "invitation" && !invite && !v.you.organiser) return h("p", { class: "hint" }, c.inviteNeeded);
    return h(
      "form",
      {
        class: "entry-box",
        id: "register-form",
        onSubmit: (e: Event) => {
          e.preventDefault();
          const name = this.nameOf(e.currentTarget as HTMLFormElement);
          void this.act(() => (joining ? tournamentsApi.partner(v.id, partner, name) : tournamentsApi.register(v.id, name, invite)));
        },
      },
      joining ? h("p", null, c.partnerInvited) : null,
      h(
        "div",
        { class: "field" },
        h("label", { for: "t-player-name" }, c.yourName),
        h("input", { id: "t-player-name", name: "t-player-name", maxLength: 40, autocomplete: "nickname" }),
      ),
      v.settings.rated ? standingNote(this.standing, "t-standing") : null,
      h(
        "button",
        {
          type: "submit",
          class: "button primary",
          id: "register",
          // A rated tournament takes established players only (docs/tournaments.md): not offered to one who is not yet.
          disabled: this.busy || (v.settings.rated && this.standing !== null && !this.standing.established),
          "aria-describedby": v.settings.rated ? "t-standing" : undefined,
        },
        this.busy ? c.registering : joining ? c.partnerJoin : v.settings.format === "pairs" ? c.registerPair : c.register,
      ),
    );
  }

  private linkRow(id: string, label: string, url: string): JSX.Element {
    const c = tw;
    return h(
      "div",
      { class: "link-row", id },
      h("p", { class: "hint" }, label),
      h("input", {
        readOnly: true,
        value: url,
        "aria-label": label,
        onFocus: (e: Event) => (e.currentTarget as HTMLInputElement).select(),
      }),
      h(
        "button",
        {
          type: "button",
          class: "button quiet",
          onClick: (e: Event) => void copyText(url, (e.currentTarget as HTMLElement).previousElementSibling as HTMLInputElement),
        },
        c.copy,
      ),
      h(
        "button",
        { type: "button", class: "button quiet", onClick: () => void shareLink({ title: this.view?.name ?? "", text: label, url }) },
        c.share,
      ),
    );
  }

  private organiserBox(v: Tournament): JSX.Element {
    const c = tw;
    const button = (id: string, text: string, run: () => Promise<unknown>, ask?: string) =>
      h("button", { type: "button", class: "button", id, disabled: this.busy, onClick: () => void this.act(run, ask) }, text);
    return h(
      "section",
      { class: "organiser", id: "organiser", "aria-labelledby": "organiser-title" },
      h("h2", { id: "organiser-title" }, c.organiser),
      v.you.invite ? this.linkRow("invite-link", c.inviteLink, v.you.invite.url) : null,
      h(
        "div",
        { class: "actions" },
        v.status === "registration" ? button("start-tournament", c.start, () => tournamentsApi.start(v.id), c.startConfirm) : null,
        v.status === "registration" ? button("add-computer", c.addComputer, () => tournamentsApi.computer(v.id)) : null,
        v.status !== "over" ? button("end-tournament", c.end, () => tournamentsApi.end(v.id), c.endConfirm) : null,
      ),
    );
  }
}
