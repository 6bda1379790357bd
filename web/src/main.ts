import { h, render } from "preact";
import { header } from "./header";
import { initLanguage, onLanguage, t } from "./i18n/index";
import { createdGames, rememberedSeats } from "./store";
import { TablePage, type TableRoute } from "./table/page";

/**
 * The single-page client. Routes: `/` the lobby; `/game/{id}` a table, as a
 * seat (`#seat=TOKEN`), with the invitation (`#invite=TOKEN`) or as a
 * spectator (no fragment); `/game/{id}?embed=1` the compact public table
 * for an iframe; `/game/{id}/replay?hand=H&move=M` the replay;
 * `/game/{id}?seat=N` (a notification's link) the seat this browser holds,
 * else the public table saying so; `/notifications` (`?game=ID`) the
 * notification preferences; `/notifications/confirm#token=` and
 * `/notifications/unsubscribe#token=` an email's links; `/link#code=` a code
 * that links this device to a player (identity/link-page.ts); `/player/{publicId}`
 * a player's public page and `/leaderboard/{preset}?players=N` a leaderboard
 * (seeks/ratings-pages.ts); `/tournament/new` and `/tournament/{id}` a tournament
 * (`#partner=`, `#invite=`; `?embed=1` its standings alone: tournaments/). Tokens live in
 * the fragment, which browsers never send.
 */

interface Page {
  render(): void;
  close(): void;
}

const root = document.getElementById("app")!;
let page: Page | null = null;

type Route =
  | { kind: "lobby" }
  | { kind: "table"; table: TableRoute }
  | { kind: "replay"; gameId: string }
  | { kind: "notifications" }
  | { kind: "emailLink"; link: "confirm" | "unsubscribe" }
  | { kind: "link" }
  | { kind: "player"; publicId: string }
  | { kind: "leaderboard"; preset: string }
  | { kind: "newTournament" }
  | { kind: "tournament"; id: string; embed: boolean }
  | { kind: "missing" };

function routeOf(): Route {
  if (location.pathname === "/" || location.pathname === "/index.html") return { kind: "lobby" };
  if (/^\/link\/?$/.test(location.pathname)) return { kind: "link" };
  const player = /^\/player\/([0-9a-f]{20})\/?$/.exec(location.pathname);
  if (player) return { kind: "player", publicId: player[1]! };
  const board = /^\/leaderboard\/([a-z-]{1,32})\/?$/.exec(location.pathname);
  if (board) return { kind: "leaderboard", preset: board[1]! };
  if (/^\/tournament\/new\/?$/.test(location.pathname)) return { kind: "newTournament" };
  const tournament = /^\/tournament\/([A-Za-z0-9_-]{24})\/?$/.exec(location.pathname);
  if (tournament) {
    // Inside another site's frame a tournament is only its standings: nothing is done there in anyone's name.
    const embed = window.top !== window.self || new URLSearchParams(location.search).get("embed") === "1";
    return { kind: "tournament", id: tournament[1]!, embed };
  }
  const notify = /^\/notifications(?:\/(confirm|unsubscribe))?\/?$/.exec(location.pathname);
  if (notify) return notify[1] ? { kind: "emailLink", link: notify[1] as "confirm" | "unsubscribe" } : { kind: "notifications" };
  const match = /^\/game\/([A-Za-z0-9_-]{1,64})(\/replay)?\/?$/.exec(location.pathname);
  if (!match) return { kind: "missing" };
  const gameId = match[1]!;
  if (match[2]) return { kind: "replay", gameId };
  // Inside another site's frame a table is only ever the public embed: no seat can be played there.
  const framed = window.top !== window.self;
  if (framed || new URLSearchParams(location.search).get("embed") === "1")
    return { kind: "table", table: { gameId, mode: "embed", token: null } };
  const fragment = new URLSearchParams(location.hash.slice(1));
  const seat = fragment.get("seat");
  if (seat) return { kind: "table", table: { gameId, mode: "seat", token: seat } };
  const invite = fragment.get("invite");
  if (invite) return { kind: "table", table: { gameId, mode: "invite", token: invite } };
  const wanted = seatWanted();
  if (wanted !== null) {
    // A notification names the seat, never its secret: the seat link this browser keeps opens it.
    const token = heldSeatToken(gameId, wanted);
    if (token) {
      history.replaceState(null, "", `/game/${gameId}#seat=${token}`);
      return { kind: "table", table: { gameId, mode: "seat", token } };
    }
    return { kind: "table", table: { gameId, mode: "spectator", token: null, seatWanted: wanted } };
  }
  return { kind: "table", table: { gameId, mode: "spectator", token: null } };
}

/** The token of a seat this browser holds: the seat opened here, else the game's links kept by the browser that created it. */
function heldSeatToken(gameId: string, seat: number): string | null {
  const opened = rememberedSeats()[gameId];
  if (opened?.seat === seat) return opened.token;
  const url = createdGames()[gameId]?.seats.find((s) => s.seat === seat)?.url;
  return url ? new URLSearchParams(new URL(url).hash.slice(1)).get("seat") : null;
}

/** `?seat=N` (a seat counted from 0, as the API counts them), or null. */
function seatWanted(): number | null {
  const text = new URLSearchParams(location.search).get("seat");
  return text !== null && /^[0-3]$/.test(text) ? Number(text) : null;
}

function openTable(route: TableRoute): void {
  page?.close();
  document.body.classList.toggle("embedded", route.mode === "embed");
  const table = new TablePage(root, route, openTable);
  page = table;
  void table.open();
}

/** Counts the routes opened: a chunk that arrives after the player has moved on opens nothing. */
let opened = 0;

function start(): void {
  const now = ++opened;
  page?.close();
  page = null;
  const route = routeOf();
  document.body.classList.remove("embedded");
  if (route.kind === "lobby") {
    // A chunk of its own, which boot.ts has asked for already: a table's page never downloads the lobby.
    void import("./lobby/page").then(({ LobbyPage }) => {
      if (now !== opened) return;
      const lobby = new LobbyPage(root);
      page = lobby;
      lobby.open();
    });
  } else if (route.kind === "table") openTable(route.table);
  else if (route.kind === "replay") {
    void import("./replay/page").then(({ ReplayPage }) => {
      const replay = new ReplayPage(root, route.gameId);
      page = replay;
      void replay.open();
    });
  } else if (route.kind === "notifications") {
    void import("./notifications/preferences").then(({ NotificationsPage }) => {
      const prefs = new NotificationsPage(root);
      page = prefs;
      void prefs.open();
    });
  } else if (route.kind === "link") {
    void import("./identity/link-page").then(({ LinkPage }) => {
      const link = new LinkPage(root);
      page = link;
      link.open();
    });
  } else if (route.kind === "player" || route.kind === "leaderboard") {
    void import("./seeks/ratings-pages").then(({ PlayerPage, LeaderboardPage }) => {
      if (now !== opened) return;
      const shown = route.kind === "player" ? new PlayerPage(root, route.publicId) : new LeaderboardPage(root, route.preset);
      page = shown;
      void shown.open();
    });
  } else if (route.kind === "newTournament" || route.kind === "tournament") {
    void import("./tournaments/pages").then(({ CreateTournamentPage, TournamentPage }) => {
      if (now !== opened) return;
      document.body.classList.toggle("embedded", route.kind === "tournament" && route.embed);
      const shown = route.kind === "tournament" ? new TournamentPage(root, route.id, route.embed) : new CreateTournamentPage(root);
      page = shown;
      void shown.open();
    });
  } else if (route.kind === "emailLink") {
    void import("./notifications/email-links").then(({ EmailLinkPage }) => {
      const link = new EmailLinkPage(root, route.link);
      page = link;
      link.open();
    });
  } else {
    const missing = () =>
      render(
        h(
          "div",
          null,
          header(),
          h(
            "main",
            { class: "single" },
            h("section", { class: "panel" }, h("h1", null, t.common.notFound), h("p", null, h("a", { href: "/" }, t.common.goLobby))),
          ),
        ),
        root,
      );
    page = { render: missing, close: () => render(null, root) };
    missing();
  }
}

// The app shell works offline and installs as an app (the service worker's own file says what it keeps). Registered
// once the page has loaded, so that it never competes with the page's own files; asked before the first await below,
// or after `load` if that has already fired (a page started from the cache may be loaded before this script runs).
if ("serviceWorker" in navigator && window.top === window.self) {
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

await initLanguage();
onLanguage(() => page?.render());
// Opening another link of the same game (a seat, the invitation) changes only the fragment.
addEventListener("hashchange", start);
start();
