import "./core";
import { h, render } from "preact";
import { header } from "./header";
import { initLanguage, onLanguage, t, usePageWords } from "./i18n/index";
import { needsPageWords, pageOf } from "./pages";
import { createdGames, rememberedSeats } from "./store";
import type { TableRoute } from "./table/route";

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
 * the fragment, which browsers never send. Each page is a chunk of its own
 * (pages.ts), which boot.ts has asked for already, with its words.
 */

interface Page {
  render(): void;
  close(): void;
  open(): void | Promise<void>;
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
  const path = location.pathname;
  const shown = pageOf(path);
  if (shown === "lobby" || shown === "link" || shown === "notifications") return { kind: shown };
  if (shown === "emailLink") return { kind: "emailLink", link: path.includes("unsubscribe") ? "unsubscribe" : "confirm" };
  if (shown === "ratings") {
    const player = /^\/player\/([0-9a-f]{20})/.exec(path);
    return player ? { kind: "player", publicId: player[1]! } : { kind: "leaderboard", preset: /^\/leaderboard\/([a-z-]+)/.exec(path)![1]! };
  }
  if (shown === "tournament") {
    const id = /^\/tournament\/([A-Za-z0-9_-]{24})/.exec(path)?.[1];
    if (!id) return { kind: "newTournament" };
    // Inside another site's frame a tournament is only its standings: nothing is done there in anyone's name.
    const embed = window.top !== window.self || new URLSearchParams(location.search).get("embed") === "1";
    return { kind: "tournament", id, embed };
  }
  if (shown === null) return { kind: "missing" };
  const gameId = /^\/game\/([A-Za-z0-9_-]+)/.exec(path)![1]!;
  if (shown === "replay") return { kind: "replay", gameId };
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

/** Counts the routes opened: a chunk that arrives after the player has moved on opens nothing. */
let opened = 0;

function openTable(route: TableRoute): void {
  const now = ++opened;
  void import("./table/page").then(({ TablePage }) => {
    if (now !== opened) return;
    page?.close();
    document.body.classList.toggle("embedded", route.mode === "embed");
    const table = new TablePage(root, route, openTable);
    page = table;
    void table.open();
  });
}

/** A page other than the table, from its own chunk: made once the chunk and the pages' words have both arrived. */
async function pageFor(route: Exclude<Route, { kind: "table" | "missing" }>): Promise<() => Page> {
  switch (route.kind) {
    case "lobby": {
      const { LobbyPage } = await import("./lobby/page");
      return () => new LobbyPage(root);
    }
    case "replay": {
      const { ReplayPage } = await import("./replay/page");
      return () => new ReplayPage(root, route.gameId);
    }
    case "notifications": {
      const { NotificationsPage } = await import("./notifications/preferences");
      return () => new NotificationsPage(root);
    }
    case "link": {
      const { LinkPage } = await import("./identity/link-page");
      return () => new LinkPage(root);
    }
    case "player":
    case "leaderboard": {
      const { PlayerPage, LeaderboardPage } = await import("./seeks/ratings-pages");
      return () => (route.kind === "player" ? new PlayerPage(root, route.publicId) : new LeaderboardPage(root, route.preset));
    }
    case "emailLink": {
      const { EmailLinkPage } = await import("./notifications/email-links");
      return () => new EmailLinkPage(root, route.link);
    }
    case "newTournament":
    case "tournament": {
      const { CreateTournamentPage, TournamentPage } = await import("./tournaments/pages");
      return () => {
        if (route.kind === "newTournament") return new CreateTournamentPage(root);
        document.body.classList.toggle("embedded", route.embed);
        return new TournamentPage(root, route.id, route.embed);
      };
    }
  }
}

function start(): void {
  const now = ++opened;
  page?.close();
  page = null;
  const route = routeOf();
  document.body.classList.remove("embedded");
  if (route.kind === "table") openTable(route.table);
  else if (route.kind === "missing") {
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
    page = { render: missing, close: () => render(null, root), open: missing };
    missing();
  } else {
    void Promise.all([pageFor(route), usePageWords()]).then(([make]) => {
      if (now !== opened) return;
      const shown = make();
      page = shown;
      void shown.open();
    });
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

await initLanguage(needsPageWords(pageOf(location.pathname)));
onLanguage(() => page?.render());
// Opening another link of the same game (a seat, the invitation) changes only the fragment.
addEventListener("hashchange", start);
start();
