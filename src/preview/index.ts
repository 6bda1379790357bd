import { renderPng } from "./png";

/**
 * The link-preview renderer, a Worker of its own (wrangler.preview.toml):
 * resvg's WebAssembly and the font are four fifths of what the game Worker
 * would otherwise upload and load in every isolate, for a picture drawn once
 * per game version. The game Worker reaches it through its `PREVIEW` service
 * binding only (it has no route and no workers.dev address), sends the SVG
 * it made from the public table, and keeps the PNG in its cache
 * (src/server/routes/preview.ts).
 */

/** Far above any table's picture (about 20 KB): a bound on what one request may make it parse. */
const MAX_SVG = 512 * 1024;

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST an SVG to draw.", { status: 405 });
    const svg = await request.text();
    if (svg.length > MAX_SVG) return new Response("SVG too large.", { status: 413 });
    return new Response(renderPng(svg) as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "image/png" } });
  },
} satisfies ExportedHandler;
