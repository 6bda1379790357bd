import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { LANGUAGES, languageOf } from "../../shared/language";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { fail } from "../reply";
import { previewSvg } from "../unfurl/image";
import { renderPng } from "../unfurl/png";
import { publicSnapshot } from "../unfurl/public";
import { summarize } from "../unfurl/summary";
import { errors, serve } from "./define";

/**
 * The picture a game's link unfurls with (`og:image`): the public table as
 * a 1200 × 630 PNG. Its address carries the game's version, so each
 * version's picture may be kept by caches; it is drawn once per version
 * and language and kept in the Worker's cache.
 */
export function servePreview(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(
    gamesApi,
    createRoute({
      method: "get",
      path: "/{id}/preview.png",
      tags: ["games"],
      summary: "The game's picture for link previews",
      description:
        "A 1200 × 630 PNG of the public table: the players, their scores against the target, whose turn, the top of the discard pile and the melds. Never a hand, the stock or a pozzetto. `lang` (en or it) chooses the words; the page's `og:image` adds the game's version (`v`) so that caches keep one picture per version.",
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id." }) }),
        query: z.object({
          v: z
            .string()
            .optional()
            .openapi({ description: "The game's version (for caches; the picture always shows the game as it stands)." }),
          lang: z.enum(LANGUAGES).optional().openapi({ description: "The words' language; by default from Accept-Language." }),
        }),
      },
      responses: {
        200: { description: "The picture.", content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } } },
        ...errors(400, 401, 404, 429),
      },
    }),
    async (c) => {
      const { id } = c.get("game");
      const cache = typeof caches === "undefined" ? null : await caches.open("previews");
      const key = new Request(c.req.url);
      const kept = await cache?.match(key);
      if (kept) return kept;
      const snap = await publicSnapshot(c, id);
      if (!snap) return fail(404, "GAME_NOT_FOUND", "No game with that id.");
      const query = c.req.valid("query");
      const summary = summarize(snap, query.lang ?? languageOf(c.req.header("Accept-Language")));
      const png = renderPng(previewSvg(snap, summary));
      const answer = new Response(png as Uint8Array<ArrayBuffer>, {
        headers: { "Content-Type": "image/png", "Cache-Control": query.v ? "public, max-age=86400" : "public, max-age=60" },
      });
      if (cache) c.executionCtx.waitUntil(cache.put(key, answer.clone()));
      return answer;
    },
  );
}
