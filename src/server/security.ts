import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { fail, render } from "./reply";

/**
 * Headers on every answer, and the cross-origin policy.
 *
 * Pages get a Content-Security-Policy with no inline script and nothing
 * loaded from elsewhere; only the embed views (`/game/{id}?embed=1`, always
 * the public table, and `/tournament/{id}?embed=1`, its standings) may be framed by another site, every other page (the
 * lobby lists the browser's seat links) refuses to be framed. API answers
 * are data, never a document.
 *
 * CORS: the public read endpoints (a game, its events, its record, this
 * API's description, health) may be read from any origin, with or without
 * a token (tokens are sent explicitly, never by the browser on its own, so
 * a foreign page cannot act with someone else's seat). Everything that
 * creates or changes a game, and a player's own lists, are for this
 * service's own pages and server-side callers: their preflights are refused.
 */

const PUBLIC_READS = [
  /^\/api\/games\/[^/]+(?:\/events|\/record|\/preview\.png)?$/,
  /^\/api\/oembed$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/health$/,
];

export const isPublicRead = (path: string) => PUBLIC_READS.some((re) => re.test(path));

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, X-Player-Key",
  "Access-Control-Max-Age": "86400",
};

function pagePolicy(url: URL, framable: boolean): string {
  const sockets = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${sockets}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framable ? "*" : "'none'"}`,
  ].join("; ");
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path;
  const api = path.startsWith("/api/");
  if (api && c.req.method === "OPTIONS") {
    // A preflight's answer (granted or refused) gets the same headers as every other answer, below.
    if (!isPublicRead(path) || !["GET", "HEAD"].includes(c.req.header("Access-Control-Request-Method") ?? "GET")) {
      c.res = render(
        c,
        fail(403, "FORBIDDEN", "Cross-origin calls may only read: GET a game, its events, its record, /api/openapi.json or /api/health."),
      );
    } else c.res = c.body(null, 204, CORS_HEADERS);
  } else await next();
  // A WebSocket's answer carries no document.
  if (c.res.status === 101) return;
  // The API's own answers take headers as they are; answers made elsewhere (the assets, a room) have immutable headers and are copied.
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  if (c.req.url.startsWith("https:")) headers.set("Strict-Transport-Security", "max-age=31536000");
  if (api) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    if (isPublicRead(path)) headers.set("Access-Control-Allow-Origin", "*");
  } else {
    const url = new URL(c.req.url);
    // The embeds: a game's public table, a tournament's standings.
    const embed = /^\/(?:game|tournament)\/[^/]+\/?$/.test(path) && url.searchParams.get("embed") === "1";
    headers.set("Content-Security-Policy", pagePolicy(url, embed));
    if (!embed) headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
  }
};
