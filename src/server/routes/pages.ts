import { type Context, Hono } from "hono";
import { languageOf } from "../../shared/language";
import { displayText } from "../../shared/text";
import type { AppEnv } from "../env";
import { catalog } from "../i18n/index";
import { HEIGHT, WIDTH } from "../unfurl/image";
import { publicSnapshot } from "../unfurl/public";
import { escapeXml, summarize } from "../unfurl/summary";
import { publicStandings, tournamentSummary } from "../unfurl/tournament";

/**
 * A game's page (`/game/{id}`, its replay, its embed): the web client's
 * page with link-preview tags added (OpenGraph, Twitter, oEmbed discovery)
 * from the public view, so a link pasted in a chat unfurls with the
 * players, the preset, the score and whose turn, and a picture. A seat's
 * or invitation's token sits in the fragment, which never reaches the
 * server, so no token can end up in these tags.
 */
export const pagesApp = new Hono<AppEnv>();

async function gamePage(c: Context<AppEnv>): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(c.req.raw);
  const id = c.req.param("id") ?? "";
  if (c.req.method !== "GET") return shell;
  if (!shell.ok || !(shell.headers.get("Content-Type") ?? "").includes("text/html")) return shell;
  const snap = await publicSnapshot(c, id).catch(() => null);
  if (!snap) return shell;
  const summary = summarize(snap, languageOf(c.req.header("Accept-Language")));
  const origin = new URL(c.req.url).origin;
  const page = `${origin}/game/${id}`;
  const image = `${origin}/api/games/${id}/preview.png?v=${snap.version}&lang=${summary.lang}`;
  const oembed = `${origin}/api/oembed?url=${encodeURIComponent(page)}&format=json`;
  const meta = (property: string, content: string, key = "property") => `<meta ${key}="${property}" content="${escapeXml(content)}" />`;
  const tags = [
    meta("description", summary.description, "name"),
    meta("og:type", "website"),
    meta("og:site_name", "Burraco"),
    meta("og:title", summary.title),
    meta("og:description", summary.description),
    meta("og:url", page),
    meta("og:locale", catalog(summary.lang).ogLocale),
    meta("og:image", image),
    meta("og:image:type", "image/png"),
    meta("og:image:width", String(WIDTH)),
    meta("og:image:height", String(HEIGHT)),
    meta("og:image:alt", summary.alt),
    meta("twitter:card", "summary_large_image", "name"),
    meta("twitter:title", summary.title, "name"),
    meta("twitter:description", summary.description, "name"),
    meta("twitter:image", image, "name"),
    meta("twitter:image:alt", summary.alt, "name"),
    `<link rel="alternate" type="application/json+oembed" href="${escapeXml(oembed)}" title="${escapeXml(summary.title)}" />`,
    `<link rel="canonical" href="${escapeXml(page)}" />`,
  ].join("\n    ");
  const rewritten = new HTMLRewriter()
    .on("title", { element: (e) => void e.setInnerContent(displayText(summary.title)) })
    // The page's own description gives way to the game's.
    .on('meta[name="description"]', { element: (e) => void e.remove() })
    .on("head", { element: (e) => void e.append(`    ${tags}\n  `, { html: true }) })
    .transform(shell);
  // Rewritten, the page is no longer the file its validators name.
  const answer = new Response(rewritten.body, rewritten);
  answer.headers.delete("ETag");
  answer.headers.set("Cache-Control", "no-cache");
  return answer;
}

pagesApp.get("/game/:id", gamePage);
pagesApp.get("/game/:id/replay", gamePage);

/** A tournament's page (`/tournament/{id}`, its embed): link-preview tags from its public standings, and its oEmbed. */
async function tournamentPage(c: Context<AppEnv>): Promise<Response> {
  const shell = await c.env.ASSETS.fetch(c.req.raw);
  const id = c.req.param("id") ?? "";
  if (c.req.method !== "GET" || !shell.ok || !(shell.headers.get("Content-Type") ?? "").includes("text/html")) return shell;
  const view = await publicStandings(c, id).catch(() => null);
  if (!view) return shell;
  const lang = languageOf(c.req.header("Accept-Language"));
  const summary = tournamentSummary(view, lang);
  const origin = new URL(c.req.url).origin;
  const page = `${origin}/tournament/${id}`;
  const oembed = `${origin}/api/oembed?url=${encodeURIComponent(page)}&format=json`;
  const meta = (property: string, content: string, key = "property") => `<meta ${key}="${property}" content="${escapeXml(content)}" />`;
  const tags = [
    meta("description", summary.description, "name"),
    meta("og:type", "website"),
    meta("og:site_name", "Burraco"),
    meta("og:title", summary.title),
    meta("og:description", summary.description),
    meta("og:url", page),
    meta("og:locale", catalog(lang).ogLocale),
    meta("twitter:card", "summary", "name"),
    meta("twitter:title", summary.title, "name"),
    meta("twitter:description", summary.description, "name"),
    `<link rel="alternate" type="application/json+oembed" href="${escapeXml(oembed)}" title="${escapeXml(summary.title)}" />`,
    `<link rel="canonical" href="${escapeXml(page)}" />`,
  ].join("\n    ");
  const rewritten = new HTMLRewriter()
    .on("title", { element: (e) => void e.setInnerContent(displayText(summary.title)) })
    .on('meta[name="description"]', { element: (e) => void e.remove() })
    .on("head", { element: (e) => void e.append(`    ${tags}\n  `, { html: true }) })
    .transform(shell);
  const answer = new Response(rewritten.body, rewritten);
  answer.headers.delete("ETag");
  answer.headers.set("Cache-Control", "no-cache");
  return answer;
}

pagesApp.get("/tournament/:id", tournamentPage);
