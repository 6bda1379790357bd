import { type Context, Hono } from "hono";
import { type Language, languageOf } from "../../shared/language";
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

/** The link-preview tags of a page (`page`, its address), its picture's if it has one. */
interface Preview {
  readonly page: string;
  readonly title: string;
  readonly description: string;
  readonly lang: Language;
  readonly image?: { readonly url: string; readonly alt: string };
}

/** The web client's page with `preview`'s tags added (OpenGraph, Twitter, oEmbed discovery) and its title. */
function withPreview(c: Context<AppEnv>, shell: Response, preview: Preview): Response {
  const origin = new URL(c.req.url).origin;
  const oembed = `${origin}/api/oembed?url=${encodeURIComponent(preview.page)}&format=json`;
  const meta = (property: string, content: string, key = "property") => `<meta ${key}="${property}" content="${escapeXml(content)}" />`;
  const image = preview.image;
  const tags = [
    meta("description", preview.description, "name"),
    meta("og:type", "website"),
    meta("og:site_name", "Burraco"),
    meta("og:title", preview.title),
    meta("og:description", preview.description),
    meta("og:url", preview.page),
    meta("og:locale", catalog(preview.lang).ogLocale),
    ...(image
      ? [
          meta("og:image", image.url),
          meta("og:image:type", "image/png"),
          meta("og:image:width", String(WIDTH)),
          meta("og:image:height", String(HEIGHT)),
          meta("og:image:alt", image.alt),
        ]
      : []),
    meta("twitter:card", image ? "summary_large_image" : "summary", "name"),
    meta("twitter:title", preview.title, "name"),
    meta("twitter:description", preview.description, "name"),
    ...(image ? [meta("twitter:image", image.url, "name"), meta("twitter:image:alt", image.alt, "name")] : []),
    `<link rel="alternate" type="application/json+oembed" href="${escapeXml(oembed)}" title="${escapeXml(preview.title)}" />`,
    `<link rel="canonical" href="${escapeXml(preview.page)}" />`,
  ].join("\n    ");
  const rewritten = new HTMLRewriter()
    .on("title", { element: (e) => void e.setInnerContent(displayText(preview.title)) })
    // The page's own description gives way to the preview's.
    .on('meta[name="description"]', { element: (e) => void e.remove() })
    .on("head", { element: (e) => void e.append(`    ${tags}\n  `, { html: true }) })
    .transform(shell);
  // Rewritten, the page is no longer the file its validators name.
  const answer = new Response(rewritten.body, rewritten);
  answer.headers.delete("ETag");
  answer.headers.set("Cache-Control", "no-cache");
  return answer;
}

/** The web client's page for a GET, or null when it is not the HTML shell (a file, a HEAD). */
async function shellOf(c: Context<AppEnv>): Promise<{ shell: Response; html: boolean }> {
  const shell = await c.env.ASSETS.fetch(c.req.raw);
  return { shell, html: c.req.method === "GET" && shell.ok && (shell.headers.get("Content-Type") ?? "").includes("text/html") };
}

async function gamePage(c: Context<AppEnv>): Promise<Response> {
  const { shell, html } = await shellOf(c);
  const id = c.req.param("id") ?? "";
  if (!html) return shell;
  const snap = await publicSnapshot(c, id).catch(() => null);
  if (!snap) return shell;
  const summary = summarize(snap, languageOf(c.req.header("Accept-Language")));
  const origin = new URL(c.req.url).origin;
  return withPreview(c, shell, {
    page: `${origin}/game/${id}`,
    title: summary.title,
    description: summary.description,
    lang: summary.lang,
    image: { url: `${origin}/api/games/${id}/preview.png?v=${snap.version}&lang=${summary.lang}`, alt: summary.alt },
  });
}

pagesApp.get("/game/:id", gamePage);
pagesApp.get("/game/:id/replay", gamePage);

/** A tournament's page (`/tournament/{id}`, its embed): link-preview tags from its public standings, and its oEmbed; no picture. */
async function tournamentPage(c: Context<AppEnv>): Promise<Response> {
  const { shell, html } = await shellOf(c);
  const id = c.req.param("id") ?? "";
  if (!html) return shell;
  const view = await publicStandings(c, id).catch(() => null);
  if (!view) return shell;
  const lang = languageOf(c.req.header("Accept-Language"));
  const summary = tournamentSummary(view, lang);
  return withPreview(c, shell, { page: `${new URL(c.req.url).origin}/tournament/${id}`, ...summary, lang });
}

pagesApp.get("/tournament/:id", tournamentPage);
