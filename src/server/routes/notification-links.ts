import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { Confirmed, ConfirmRequest, OneClickForm, Unsubscribed, UnsubscribeParams } from "../../shared/wire/notifications";
import type { AppEnv } from "../env";
import { limitBody } from "../http";
import { links, notifyConfig } from "../notify/config";
import { confirmAddress, unsubscribe } from "../notify/subscriptions";
import { done, fail } from "../reply";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";

/**
 * The links an email carries, each holding its own one-time token (no other
 * credential): the address's confirmation and the RFC 8058 one-click
 * unsubscribe. Both act only on a POST: mail scanners and link previews
 * follow every GET link in a message, and must neither confirm an address
 * nor remove a subscription.
 */
export const notificationLinksApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serve(
  notificationLinksApi,
  createRoute({
    method: "post",
    path: "/confirm",
    tags: ["notifications"],
    summary: "Confirm an email address (double opt-in)",
    description:
      "The confirmation page (`/notifications/confirm#token=…`, the link of the confirmation message) posts the token from its fragment. Until then the address gets nothing else.",
    security: [],
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: ConfirmRequest } }, required: true } },
    responses: {
      200: json(Confirmed, "Confirmed."),
      ...errorsWith({
        400: "BAD_REQUEST or BAD_JSON.",
        404: "CONFIRMATION_NOT_FOUND: the link was used already, or its subscription was removed.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
      }),
    },
  }),
  async (c) => {
    const confirmed = await confirmAddress(c.env.DB, c.req.valid("json").token, Date.now());
    if (!confirmed)
      return fail(
        404,
        "CONFIRMATION_NOT_FOUND",
        "This confirmation link is not known: it was used already, or its subscription was removed.",
      );
    return done({ confirmed: true as const, address: confirmed.address, gameId: confirmed.gameId });
  },
);

serve(
  notificationLinksApi,
  createRoute({
    method: "post",
    path: "/unsubscribe/{token}",
    tags: ["notifications"],
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "The target of every message's `List-Unsubscribe` header, posted by mail programs with `List-Unsubscribe=One-Click` (form-encoded or multipart) when the reader unsubscribes; the unsubscribe page posts the same. The subscription is removed at once. Answers 200 also when it was gone already.",
    security: [],
    middleware: [limitBody] as const,
    request: {
      params: UnsubscribeParams,
      body: {
        content: {
          "application/x-www-form-urlencoded": { schema: OneClickForm },
          "multipart/form-data": { schema: OneClickForm },
        },
        required: true,
      },
    },
    responses: {
      200: json(Unsubscribed, "Unsubscribed."),
      ...errorsWith({
        400: "BAD_REQUEST: no `List-Unsubscribe=One-Click` in the body, or a malformed token.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE: the body is not a form.",
      }),
    },
  }),
  async (c) => {
    await unsubscribe(c.env.DB, c.req.valid("param").token);
    return done({ unsubscribed: true as const });
  },
);

serve(
  notificationLinksApi,
  createRoute({
    method: "get",
    path: "/unsubscribe/{token}",
    tags: ["notifications"],
    summary: "The one-click link opened as a page",
    description:
      "Changes nothing (mail scanners open every link): redirects to the unsubscribe page, which asks the reader and then posts to this same URL.",
    security: [],
    request: { params: UnsubscribeParams },
    responses: {
      303: {
        description: "To the unsubscribe page (`/notifications/unsubscribe#token=…`).",
        headers: { Location: { schema: { type: "string" } } },
      },
      ...errorsWith({ 400: "BAD_REQUEST: a malformed token." }),
    },
  }),
  async (c) => c.redirect(links(notifyConfig(c.env).publicUrl).unsubscribePage(c.req.valid("param").token), 303),
);
