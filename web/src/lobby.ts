import { PRESETS, type PresetName } from "../../src/engine/rules";
import type { CreateGameRequest, CreateGameResponse, MyGame } from "../../src/shared/api";
import { ApiError, api } from "./api";
import { append, copyText, h, replaceChildren } from "./dom";
import { PRESET_INFO, PRESET_LIST } from "./presets";
import { rememberedSeats } from "./store";

/**
 * The lobby: create a game (players, preset, a few overrides, names, and
 * for tournaments prepared deals), show the links once, and list this
 * browser's games.
 */

export function openLobby(root: HTMLElement): () => void {
  document.title = "Burraco";
  const main = h("main", { class: "lobby" });
  const created = h("div", { id: "created" });
  const mine = h("section", { class: "panel", id: "my-games", "aria-labelledby": "my-games-title" });
  replaceChildren(
    root,
    h(
      "header",
      { class: "top" },
      h("a", { href: "/", class: "brand" }, "Burraco"),
      h("span", { class: "tagline" }, "the Italian rummy, by correspondence"),
    ),
    main,
  );
  append(main, [createForm(created), created, mine]);
  let stopped = false;
  const refresh = async () => {
    if (stopped) return;
    await showMyGames(mine);
  };
  void refresh();
  // The list comes from the database, which may lag a move by a second or two.
  const timer = setInterval(() => void refresh(), 20_000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function createForm(created: HTMLElement): HTMLElement {
  const namesBox = h("div", { class: "names" });
  const error = h("p", { class: "notice error", role: "alert", hidden: true });
  const players = () => Number(form.querySelector<HTMLInputElement>('input[name="players"]:checked')?.value ?? "2");
  const preset = () => (form.querySelector<HTMLInputElement>('input[name="preset"]:checked')?.value ?? "classic") as PresetName;

  const renderNames = () => {
    const n = players();
    const old = [...namesBox.querySelectorAll<HTMLInputElement>("input")].map((i) => i.value);
    replaceChildren(
      namesBox,
      Array.from({ length: n }, (_, seat) =>
        h(
          "div",
          { class: "field" },
          h("label", { for: `name-${seat}` }, `Seat ${seat + 1}${n === 4 ? ` (team ${seat % 2 === 0 ? "A" : "B"})` : ""}`),
          h("input", {
            id: `name-${seat}`,
            name: `name-${seat}`,
            maxlength: 40,
            placeholder: `Player ${seat + 1}`,
            value: old[seat] ?? "",
            autocomplete: "off",
          }),
        ),
      ),
      n === 4 ? h("p", { class: "hint" }, "Partners sit opposite: seats 1 and 3 play against seats 2 and 4.") : null,
    );
  };
  const updateTarget = () => {
    const target = form.querySelector<HTMLInputElement>("#target");
    if (target) target.placeholder = String(PRESETS[preset()].target);
  };

  const form: HTMLFormElement = h(
    "form",
    {
      class: "panel create",
      id: "create-form",
      "aria-labelledby": "create-title",
      onsubmit: (event: Event) => {
        event.preventDefault();
        void submit();
      },
    },
    h("h1", { id: "create-title" }, "New game"),
    h(
      "fieldset",
      { class: "players" },
      h("legend", null, "Players"),
      [2, 3, 4].map((n) =>
        h(
          "label",
          { class: "choice" },
          h("input", { type: "radio", name: "players", value: n, checked: n === 2, onchange: renderNames }),
          ` ${n}${n === 4 ? " (two teams)" : ""}`,
        ),
      ),
    ),
    h(
      "fieldset",
      { class: "presets" },
      h("legend", null, "Rules"),
      PRESET_LIST.map((name) =>
        h(
          "label",
          { class: "preset" },
          h("input", { type: "radio", name: "preset", value: name, checked: name === "classic", onchange: updateTarget }),
          h("span", null, h("strong", null, PRESET_INFO[name].title), " — ", PRESET_INFO[name].text),
        ),
      ),
    ),
    h(
      "details",
      { class: "overrides" },
      h("summary", null, "Change a rule"),
      h(
        "div",
        { class: "field" },
        h("label", { for: "target" }, "Play to (points)"),
        h("input", { id: "target", type: "number", min: 1, max: 1000000, step: 1, inputmode: "numeric" }),
      ),
      h(
        "div",
        { class: "field" },
        h("label", { for: "hands" }, "Or play exactly this many hands"),
        h("input", { id: "hands", type: "number", min: 1, max: 100, step: 1, inputmode: "numeric" }),
      ),
      h(
        "label",
        { class: "choice" },
        h("input", { type: "checkbox", id: "semi-clean" }),
        " Semi-clean burraco (a sequence with its wild at an end, worth 150)",
      ),
    ),
    h("fieldset", { class: "names-set" }, h("legend", null, "Names (optional)"), namesBox),
    h(
      "details",
      { class: "prepared" },
      h("summary", null, "Tournament: prepared deals"),
      h(
        "p",
        { class: "hint" },
        "For tournaments that play the same deals at every table: a JSON list of deals as in game records. Everyone will see that this game's deals were prepared.",
      ),
      h("label", { for: "deals" }, "Deals (JSON)"),
      h("textarea", {
        id: "deals",
        rows: 4,
        spellcheck: "false",
        placeholder: '[{"dealer": 1, "hands": [[…], […]], "pozzetti": [[…], […]], "discard": ["QS"], "stock": […]}]',
      }),
    ),
    h("button", { type: "submit", class: "primary", id: "create-submit" }, "Create the game"),
    error,
  );
  renderNames();
  updateTarget();

  async function submit(): Promise<void> {
    error.hidden = true;
    const n = players() as 2 | 3 | 4;
    const rules: Record<string, unknown> = { preset: preset() };
    const target = form.querySelector<HTMLInputElement>("#target")!.value.trim();
    const hands = form.querySelector<HTMLInputElement>("#hands")!.value.trim();
    if (target) rules.target = Number(target);
    if (hands) rules.hands = Number(hands);
    if (form.querySelector<HTMLInputElement>("#semi-clean")!.checked) rules.semiClean = true;
    const names = Array.from({ length: n }, (_, seat) => form.querySelector<HTMLInputElement>(`#name-${seat}`)!.value.trim() || null);
    const request: { -readonly [K in keyof CreateGameRequest]: CreateGameRequest[K] } = { players: n, rules, names };
    const dealsText = form.querySelector<HTMLTextAreaElement>("#deals")!.value.trim();
    if (dealsText) {
      try {
        const deals = JSON.parse(dealsText) as unknown;
        request.deals = Array.isArray(deals) ? deals : [deals];
      } catch {
        error.textContent = "The prepared deals are not valid JSON.";
        error.hidden = false;
        return;
      }
    }
    const button = form.querySelector<HTMLButtonElement>("#create-submit")!;
    button.disabled = true;
    try {
      const game = await api.createGame(request);
      showCreated(created, game, names);
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : "The game could not be created.";
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  }

  return form;
}

function linkRow(label: string, url: string, id: string, open?: string): HTMLElement {
  const input = h("input", {
    id,
    type: "text",
    readonly: true,
    value: url,
    class: "link",
    "aria-label": `${label}: link`,
    onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
  });
  const status = h("span", { class: "copied", role: "status" });
  return h(
    "div",
    { class: "link-row" },
    h("label", { for: id }, label),
    h(
      "div",
      { class: "link-line" },
      input,
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            status.textContent = (await copyText(url, input)) ? "Copied" : "Select and copy it";
          },
        },
        "Copy",
      ),
      open ? h("a", { href: url, class: "button" }, open) : null,
      status,
    ),
  );
}

function showCreated(target: HTMLElement, game: CreateGameResponse, names: readonly (string | null)[]): void {
  replaceChildren(
    target,
    h(
      "section",
      { class: "panel links", "aria-labelledby": "links-title", tabindex: -1 },
      h("h2", { id: "links-title" }, "Your game is ready: send the links"),
      h(
        "p",
        { class: "secret" },
        "Each link below is secret and shown only this once: the service keeps only a fingerprint of it and cannot show it again, so copy them now. ",
        "Send each player their own seat link, privately: whoever holds a seat link plays that seat. ",
        "The invitation link lets the first person who opens it take a free seat (good for a group chat). ",
        "The spectator link only shows the table, never a hand: share it freely.",
      ),
      game.seats.flatMap((seat) =>
        seat.url === null
          ? []
          : [
              linkRow(
                `Seat ${seat.seat + 1}${names[seat.seat] ? `: ${names[seat.seat]}` : ""}`,
                seat.url,
                `seat-link-${seat.seat}`,
                "Play here",
              ),
            ],
      ),
      linkRow("Invitation (anyone may take a free seat)", game.invite.url, "invite-link"),
      linkRow("Spectators (public)", game.spectatorUrl, "spectator-link", "Watch"),
    ),
  );
  target.querySelector<HTMLElement>("section")?.focus();
}

async function showMyGames(box: HTMLElement): Promise<void> {
  const remembered = rememberedSeats();
  let games: readonly MyGame[] = [];
  let failed = false;
  try {
    games = (await api.myGames()).games;
  } catch {
    failed = true;
  }
  const listed = new Set(games.map((g) => g.id));
  const others = Object.entries(remembered).filter(([id]) => !listed.has(id));
  const label = (names: readonly (string | null)[] | undefined, players: number) =>
    Array.from({ length: players }, (_, i) => names?.[i] ?? `Player ${i + 1}`).join(" · ");
  replaceChildren(
    box,
    h("h2", { id: "my-games-title" }, "My games"),
    games.length === 0 && others.length === 0
      ? h(
          "p",
          { class: "hint" },
          failed
            ? "Your games cannot be listed right now."
            : "Games you play from this browser appear here, those awaiting your move first.",
        )
      : null,
    games.length
      ? h(
          "ul",
          { class: "game-list" },
          games.map((g) => {
            const seat = remembered[g.id];
            const href = seat ? `/game/${g.id}#seat=${seat.token}` : `/game/${g.id}`;
            return h(
              "li",
              { class: g.yourTurn ? "your-turn" : "", "data-game": g.id },
              h("a", { href }, label(g.names, g.players)),
              g.yourTurn
                ? h("span", { class: "badge turn" }, "your turn")
                : g.status === "over"
                  ? h("span", { class: "badge over" }, "over")
                  : h("span", { class: "badge" }, "waiting"),
              h("span", { class: "when" }, ` seat ${g.seat + 1} · ${new Date(g.updatedAt).toLocaleString()}`),
              seat ? null : h("span", { class: "hint" }, " (this browser does not hold the seat link: the link opens the public view)"),
            );
          }),
        )
      : null,
    others.length
      ? [
          h("h3", null, "Also opened in this browser"),
          h(
            "ul",
            { class: "game-list" },
            others.map(([id, seat]) =>
              h(
                "li",
                { "data-game": id },
                h("a", { href: `/game/${id}#seat=${seat.token}` }, seat.names ? label(seat.names, seat.names.length) : `Game ${id}`),
                h("span", { class: "when" }, ` seat ${seat.seat + 1}`),
              ),
            ),
          ),
        ]
      : null,
  );
}
