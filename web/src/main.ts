import { h, replaceChildren } from "./dom";
import { openLobby } from "./lobby";
import { TablePage, type TableRoute } from "./table";

/**
 * The single-page client. Routes: `/` the lobby; `/game/{id}` a table, as a
 * seat (`#seat=TOKEN`), with the invitation (`#invite=TOKEN`) or as a
 * spectator (no fragment); `/game/{id}?embed=1` the compact public table
 * for an iframe. Tokens live in the fragment, which browsers never send.
 */

const root = document.getElementById("app")!;
let close: (() => void) | null = null;

function routeOf(): TableRoute | "lobby" | null {
  if (location.pathname === "/" || location.pathname === "/index.html") return "lobby";
  const match = /^\/game\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  if (!match) return null;
  const gameId = match[1]!;
  // Inside another site's frame a table is only ever the public embed: no seat can be played there.
  const framed = window.top !== window.self;
  if (framed || new URLSearchParams(location.search).get("embed") === "1") return { gameId, mode: "embed", token: null };
  const fragment = new URLSearchParams(location.hash.slice(1));
  const seat = fragment.get("seat");
  if (seat) return { gameId, mode: "seat", token: seat };
  const invite = fragment.get("invite");
  if (invite) return { gameId, mode: "invite", token: invite };
  return { gameId, mode: "spectator", token: null };
}

function openTable(route: TableRoute): void {
  close?.();
  document.body.classList.toggle("embedded", route.mode === "embed");
  const page = new TablePage(root, route, openTable);
  close = () => page.close();
  void page.open();
}

function start(): void {
  close?.();
  close = null;
  const route = routeOf();
  if (route === "lobby") close = openLobby(root);
  else if (route) openTable(route);
  else
    replaceChildren(
      root,
      h("main", { class: "panel" }, h("h1", null, "Not found"), h("p", null, h("a", { href: "/" }, "Go to the lobby"))),
    );
}

// Opening another link of the same game (a seat, the invitation) changes only the fragment.
addEventListener("hashchange", start);
start();
