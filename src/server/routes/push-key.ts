import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { notifyConfig } from "../notify/config";
import { done } from "../reply";
import { validationHook } from "../validation";
import { json, serve } from "./define";

/**
 * The service's VAPID public key (RFC 8292), which a browser needs to
 * subscribe to Web Push (`pushManager.subscribe({ applicationServerKey })`):
 * a push service accepts messages for that subscription only when signed
 * with the matching private key. Public by nature; the private key never
 * leaves the Worker.
 */
export const pushKeyApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PushKey = z
  .object({
    publicKey: z.string().nullable().openapi({
      description:
        "The uncompressed P-256 point, base64url (65 bytes): the `applicationServerKey` to subscribe with. Null when the service sends no Web Push (no VAPID keys configured).",
      example: "BCfdRCENox21u0RPS8L8TXxjEDYlfR9wkwHmSgLdoyeWxhh8iXsNDmtSIFE0WU7687iA3m2JWmW81AEVMFh6Yts",
    }),
  })
  .openapi("PushKey");

serve(
  pushKeyApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["notifications"],
    summary: "The Web Push public key",
    description:
      'The key a browser subscribes to Web Push with; the subscription is then sent to `POST /api/me/notifications` as `{"channel": "push", ...subscription.toJSON()}`.',
    security: [],
    responses: { 200: json(PushKey, "The VAPID public key, or null.") },
  }),
  async (c) => done({ publicKey: notifyConfig(c.env).vapid?.publicKey ?? null }),
);
