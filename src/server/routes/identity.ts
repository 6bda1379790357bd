import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { languageOf } from "../../shared/language";
import {
  DeviceChanges,
  DeviceRemoved,
  LinkCode,
  LinkDeviceRequest,
  LinkPreview,
  LinkPreviewRequest,
  Player,
  PlayerChanges,
  RecoveryCode,
  SignInRequest,
  SignInSent,
} from "../../shared/wire/players";
import { z } from "../../shared/wire/z";
import { bearer, hashToken } from "../auth";
import type { AppEnv } from "../env";
import { clientOf, identityOf, limitBody } from "../http";
import { take } from "../notify/send-limits";
import { changePlayer, labelDevice, playerView, removeDevice } from "../players/devices";
import { enrol, type Identity } from "../players/identity";
import { CODE_MINUTES, issueCode, mailSignIn, peekCode, SIGN_IN_MINUTES, spendCode } from "../players/links";
import { linkDevice } from "../players/merge";
import { linkPreview } from "../players/preview";
import { issueRecovery, tellRecovered } from "../players/recovery";
import { done, type Failure, isFailure, rateLimited } from "../reply";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";

/** The player and their devices (players/identity.ts; docs/api.md, "Players and devices"). */
export const identityApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PLAYER_KEY = [{ playerKey: [] }];
const NEEDS_KEY = "AUTH_REQUIRED (no player key), BAD_TOKEN (a malformed one) or DEVICE_REMOVED (this device was removed from its player).";

serve(
  identityApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["players"],
    summary: "Me: my player and devices",
    description:
      "The player this device belongs to (a device seen for the first time is a player of its own), with every device of theirs.",
    security: PLAYER_KEY,
    responses: { 200: json(Player, "The player."), ...errorsWith({ 401: NEEDS_KEY }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    await enrol(c.env.DB, who, Date.now(), languageOf(c.req.header("Accept-Language")));
    return done(await playerView(c.env.DB, who));
  },
);

serve(
  identityApi,
  createRoute({
    method: "patch",
    path: "/",
    tags: ["players"],
    summary: "Change my name, language or time zone",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: PlayerChanges } }, required: true } },
    responses: {
      200: json(Player, "The player as it now stands."),
      ...errorsWith({ 400: "BAD_REQUEST or BAD_JSON.", 401: NEEDS_KEY, 413: "BODY_TOO_LARGE.", 415: "UNSUPPORTED_MEDIA_TYPE." }),
    },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    await enrol(c.env.DB, who, Date.now());
    await changePlayer(c.env.DB, who.player, c.req.valid("json"));
    return done(await playerView(c.env.DB, who));
  },
);

serve(
  identityApi,
  createRoute({
    method: "post",
    path: "/link-codes",
    tags: ["players"],
    summary: "A code to link another device",
    description: `A one-time code (and the same as a link, for a QR code) that links the device it is used on to this player. It works once, within ${CODE_MINUTES} minutes; at most 10 an hour.`,
    security: PLAYER_KEY,
    responses: { 201: json(LinkCode, "The code."), ...errorsWith({ 401: NEEDS_KEY, 429: "RATE_LIMITED: too many codes this hour." }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const now = Date.now();
    await enrol(c.env.DB, who, now);
    const issued = await issueCode(c.env.DB, who.player, now);
    if (isFailure(issued)) return issued;
    const url = `${new URL(c.req.url).origin}/link#code=${issued.code}`;
    return done({ code: issued.code, url, expiresAt: new Date(issued.expiresAt).toISOString() }, 201);
  },
);

serve(
  identityApi,
  createRoute({
    method: "post",
    path: "/recovery-code",
    tags: ["players"],
    summary: "A recovery code for a lost device",
    description:
      "A new recovery code for this player, in the answer and nowhere else, ever: kept by the person (copied, saved, printed), it links a new device to the player (`POST /api/me/devices` with it as the code) if every device of theirs is lost. It does not expire; it works once. The player has one at a time: the one made before stops working now. Removing one of the player's devices voids it too. Only its hash is stored.",
    security: PLAYER_KEY,
    responses: { 201: json(RecoveryCode, "The code: shown this once."), ...errorsWith({ 401: NEEDS_KEY }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const now = Date.now();
    await enrol(c.env.DB, who, now);
    const made = await issueRecovery(c.env.DB, who.player, now);
    const url = `${new URL(c.req.url).origin}/link#code=${made.code}`;
    // Never cached anywhere on its way.
    c.header("Cache-Control", "no-store");
    return done({ code: made.code, url, createdAt: new Date(made.createdAt).toISOString() }, 201);
  },
);

const CODE_ERRORS = {
  400: "BAD_REQUEST or BAD_JSON.",
  401: "AUTH_REQUIRED (no player key) or BAD_TOKEN (a malformed one).",
  404: "LINK_CODE_INVALID: mistyped, used, expired or replaced (the same answer for each).",
  413: "BODY_TOO_LARGE.",
  415: "UNSUPPORTED_MEDIA_TYPE.",
  429: "RATE_LIMITED: too many tries at codes from this client address (60 an hour, looks and links together).",
} as const;

/**
 * The device a code is used on, within the client address's tries at codes. A removed device may use one too: the
 * code is the consent of a device in use (or of the mailbox), and it brings nothing of its former player's.
 */
async function codeUser(c: Context<AppEnv>): Promise<{ device: Identity; removed: boolean } | Failure> {
  const wait = await take(c.env.DB, "codeTriesPerAddress", clientOf(c), Date.now());
  if (wait > 0) return rateLimited(wait, "tries at a code");
  const who = await identityOf(c);
  const removed = isFailure(who) && who.body.error.code === "DEVICE_REMOVED";
  const device = removed ? removedDevice(c) : who;
  return isFailure(device) ? device : { device, removed };
}

serve(
  identityApi,
  createRoute({
    method: "post",
    path: "/link-preview",
    tags: ["players"],
    summary: "Whose player a code joins",
    description:
      "Looks at a code without spending it: the player it would join this device to (name, devices, latest games) and what this device's own player holds, which stays with it unless the link asks to merge. Counts as a try at a code.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: LinkPreviewRequest } }, required: true } },
    responses: { 200: json(LinkPreview, "The code's player, and this device's."), ...errorsWith(CODE_ERRORS) },
  }),
  async (c) => {
    const user = await codeUser(c);
    if (isFailure(user)) return user;
    const now = Date.now();
    const link = await peekCode(c.env.DB, c.req.valid("json").code, now);
    if (isFailure(link)) return link;
    return done(await linkPreview(c.env.DB, user.device, link, user.removed, now));
  },
);

serve(
  identityApi,
  createRoute({
    method: "post",
    path: "/devices",
    tags: ["players"],
    summary: "Link this device to a player",
    description:
      "With a code from a device in use, the code of an email sign-in link, or the player's recovery code: this device (its player key, the bearer) joins that player, and sees their games, notifications and absences. Only the device joins: what its own player holds stays there, unless `merge` asks for the two players to become one (everything of this device's player, its other devices too, then belongs to the code's player for good). The code is spent (a recovery code used on a device already that player's is not). A recovery code used tells the player's devices: their device list says so, and their notifications (push, webhook, a confirmed email) say a new device joined.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: LinkDeviceRequest } }, required: true } },
    responses: { 200: json(Player, "The player this device now belongs to."), ...errorsWith(CODE_ERRORS) },
  }),
  async (c) => {
    const user = await codeUser(c);
    if (isFailure(user)) return user;
    const body = c.req.valid("json");
    const now = Date.now();
    const link = await peekCode(c.env.DB, body.code, now);
    // A recovery code is not spent by a device of its own player (nothing to link): it still waits for the day it is needed.
    if (!isFailure(link) && link.kind === "recovery" && !user.removed && link.player === user.device.player)
      return done(await playerView(c.env.DB, user.device));
    const spent = await spendCode(c.env.DB, body.code, user.device.device, now);
    if (isFailure(spent)) return spent;
    const { player } = spent;
    await linkDevice(c.env, user.device, player, { label: body.label ?? null, merge: body.merge, removed: user.removed }, now);
    if (spent.kind === "recovery") await tellRecovered(c.env, player, user.device.device, body.label ?? null, now);
    return done(await playerView(c.env.DB, { player, device: user.device.device }));
  },
);

/** A removed device's key, well formed (identityOf checked it), as a device of no player. */
function removedDevice(c: Context<AppEnv>): Identity {
  const hash = hashToken(bearer(c.req.header("Authorization")) as string);
  return { player: hash, device: hash };
}

serve(
  identityApi,
  createRoute({
    method: "get",
    path: "/devices",
    tags: ["players"],
    summary: "My devices",
    security: PLAYER_KEY,
    responses: { 200: json(Player, "The player, with every device of theirs."), ...errorsWith({ 401: NEEDS_KEY }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    await enrol(c.env.DB, who, Date.now());
    return done(await playerView(c.env.DB, who));
  },
);

// Any id is looked up as it is: one that is not a device of the player's (too long, malformed, another's) is 404
// DEVICE_NOT_FOUND, the one answer for each (players/devices.ts checks its form before any query).
const DeviceParams = z.object({
  deviceId: z.string().openapi({
    param: { name: "deviceId", in: "path" },
    description: "A device's id: 16 hexadecimal characters (`GET /api/me` lists them).",
    example: "9f2c4e0b7d1a3c5e",
  }),
});

serve(
  identityApi,
  createRoute({
    method: "patch",
    path: "/devices/{deviceId}",
    tags: ["players"],
    summary: "Name a device",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { params: DeviceParams, body: { content: { "application/json": { schema: DeviceChanges } }, required: true } },
    responses: {
      200: json(Player, "The player, with every device of theirs."),
      ...errorsWith({
        400: "BAD_REQUEST or BAD_JSON.",
        401: NEEDS_KEY,
        404: "DEVICE_NOT_FOUND: the player has no device with that id.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
      }),
    },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    await enrol(c.env.DB, who, Date.now());
    const named = await labelDevice(c.env.DB, who.player, c.req.valid("param").deviceId, c.req.valid("json").label);
    if (isFailure(named)) return named;
    return done(await playerView(c.env.DB, who));
  },
);

serve(
  identityApi,
  createRoute({
    method: "delete",
    path: "/devices/{deviceId}",
    tags: ["players"],
    summary: "Remove a device",
    description:
      "A lost phone, a shared computer: the device's key opens nothing of the player's from now on (DEVICE_REMOVED), and its push subscription is removed. This device may remove itself.",
    security: PLAYER_KEY,
    request: { params: DeviceParams },
    responses: {
      200: json(DeviceRemoved, "Removed."),
      ...errorsWith({ 401: NEEDS_KEY, 404: "DEVICE_NOT_FOUND: the player has no device with that id." }),
    },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const removed = await removeDevice(c.env, who.player, c.req.valid("param").deviceId, Date.now());
    if (isFailure(removed)) return removed;
    return done({ removed: true as const });
  },
);

serve(
  identityApi,
  createRoute({
    method: "post",
    path: "/sign-in",
    tags: ["players"],
    summary: "Sign in by email",
    description: `If the address is a confirmed notification address of a player, it gets a one-time sign-in link (${SIGN_IN_MINUTES} minutes; at most 5 a day per mailbox, 20 an hour per client address): opened on a device, it links that device to the player (\`POST /api/me/devices\` with its code). The answer is the same whether or not the address is known. Needs no key.`,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: SignInRequest } }, required: true } },
    responses: {
      202: json(SignInSent, "Accepted."),
      ...errorsWith({
        400: "BAD_REQUEST (not an email address) or BAD_JSON.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        429: "RATE_LIMITED: too many requests from this address.",
      }),
    },
  }),
  async (c) => {
    const wait = await take(c.env.DB, "signInsPerAddress", clientOf(c), Date.now());
    if (wait > 0) return rateLimited(wait, "sign-in requests");
    await mailSignIn(c.env, c.req.valid("json").address, Date.now());
    return c.json({ sent: true as const }, 202);
  },
);
