import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { languageOf } from "../../shared/language";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { done, fail } from "../reply";
import { HEIGHT, WIDTH } from "../unfurl/image";
import { publicSnapshot } from "../unfurl/public";
import { escapeXml, summarize } from "../unfurl/summary";
import { publicStandings, tournamentSummary } from "../unfurl/tournament";
import { validationHook } from "../validation";
import { errors, json, serve } from "./define";

/**
 * oEmbed (https://oembed.com): a site given a game's link asks here for
 * the embed, a frame of the public table (`/game/{id}?embed=1`, the one
 * page other sites may frame). JSON only.
 */
export const oembedApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const OEmbed = z
  .object({
    version: z.literal("1.0"),
    type: z.literal("rich"),
    provider_name: z.string(),
    provider_url: z.string(),
    title: z.string(),
    html: z.string().openapi({ description: "An iframe of the public table (`/game/{id}?embed=1`)." }),
    width: z.int(),
    height: z.int(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.int().optional(),
    thumbnail_height: z.int().optional(),
    cache_age: z.int(),
  })
  .openapi("OEmbed");

/** The embed's size: docs/playing.md's example frame, shrunk to fit the asker's limits. */
const FRAME = { width: 480, height: 560 };

serve(
  oembedApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["games"],
    summary: "oEmbed for a game's link",
    description:
      "`url` is a game's address on this service (`/game/{id}`, its replay or its embed), or a tournament's (`/tournament/{id}`). Answers a `rich` oEmbed with an iframe of the public table, or of the tournament's standings. Only `format=json`; other formats get 501.",
    request: {
      query: z.object({
        url: z
          .string()
          .openapi({ description: "A game's address on this service.", example: "https://burraco.example/game/Xq3vB7nK2mPa9TzRw4Lc8Hs1" }),
        format: z.string().optional().openapi({ description: "json (the only one)." }),
        maxwidth: z.coerce.number().int().min(1).optional(),
        maxheight: z.coerce.number().int().min(1).optional(),
      }),
    },
    responses: { 200: json(OEmbed, "The embed."), ...errors(400, 404, 429), 501: { description: "A format other than json." } },
  }),
  async (c) => {
    const query = c.req.valid("query");
    if (query.format !== undefined && query.format !== "json") return c.text("Only format=json is served.", 501);
    const origin = new URL(c.req.url).origin;
    let target: URL;
    try {
      target = new URL(query.url);
    } catch {
      return fail(400, "BAD_REQUEST", "url must be a game's address on this service.");
    }
    const tournament = /^\/tournament\/([A-Za-z0-9_-]{24})\/?$/.exec(target.pathname);
    if (target.origin === origin && tournament) return tournamentEmbed(c, tournament[1]!, origin, query);
    const match = /^\/game\/([A-Za-z0-9_-]{24})(?:\/replay)?\/?$/.exec(target.pathname);
    if (target.origin !== origin || !match) return fail(404, "NOT_FOUND", "url is not a game's address on this service.");
    const id = match[1]!;
    const snap = await publicSnapshot(c, id);
    if (!snap) return fail(404, "GAME_NOT_FOUND", "No game with that id.");
    const summary = summarize(snap, languageOf(c.req.header("Accept-Language")));
    return done({
      ...richEmbed(origin, `${origin}/game/${id}?embed=1`, summary.title, query),
      thumbnail_url: `${origin}/api/games/${id}/preview.png?v=${snap.version}&lang=${summary.lang}`,
      thumbnail_width: WIDTH,
      thumbnail_height: HEIGHT,
    });
  },
);

/** A `rich` oEmbed framing `src` (a game's public table, a tournament's standings), shrunk to the asker's limits. */
function richEmbed(origin: string, src: string, title: string, query: { maxwidth?: number | undefined; maxheight?: number | undefined }) {
  const width = Math.min(FRAME.width, query.maxwidth ?? FRAME.width);
  const height = Math.min(FRAME.height, query.maxheight ?? FRAME.height);
  return {
    version: "1.0" as const,
    type: "rich" as const,
    provider_name: "Burraco",
    provider_url: `${origin}/`,
    title,
    html: `<iframe src="${escapeXml(src)}" title="${escapeXml(title)}" width="${width}" height="${height}" style="border: 0" loading="lazy"></iframe>`,
    width,
    height,
    cache_age: 300,
  };
}

/** A tournament's embed: its standings (`/tournament/{id}?embed=1`), titled by its name; no picture. */
async function tournamentEmbed(
  c: Parameters<typeof publicStandings>[0],
  id: string,
  origin: string,
  query: { maxwidth?: number | undefined; maxheight?: number | undefined },
) {
  const view = await publicStandings(c, id);
  if (!view) return fail(404, "TOURNAMENT_NOT_FOUND", "No tournament with that id.");
  const summary = tournamentSummary(view, languageOf(c.req.header("Accept-Language")));
  return done(richEmbed(origin, `${origin}/tournament/${id}?embed=1`, summary.title, query));
}
