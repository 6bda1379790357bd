import type { Digest, SubscriptionScope, SubscriptionView as WireSubscription } from "../../shared/wire/notifications";
import { hashToken, newToken } from "../auth";
import { parseEvents } from "../db/columns";
import type { SubscriptionRow } from "../db/notifications";
import {
  confirmSubscription,
  deleteByUnsubscribeToken,
  deleteOwnedSubscription,
  insertSubscription,
  type SubscriptionUpdate,
  subscriptionOfOwner,
  subscriptionsOfOwner,
  updateOwnedSubscription,
} from "../db/subscription-queries";
import type { Channel, Language, NotifyEvent, WebhookFormat } from "./types";
import { checkUrl, type UrlPolicy } from "./url-policy";
import { newWebhookSecret, webhookFormat } from "./webhook";

/**
 * Subscriptions: made, confirmed, changed, removed and listed, through the
 * data layer (db/subscription-queries.ts). The HTTP routes are thin
 * wrappers over these; every function takes the owner's player key hash so
 * that one owner never touches another's.
 */

/**
 * A subscription to make, from values the wire schema has taken
 * (shared/wire/notifications.ts, the one definition of each field: at least
 * one event, a language, a time zone, an address). What a channel needs is
 * its shape here, as it is in the schema: a push subscription has its keys,
 * and only an email may have a digest.
 */
export type NewSubscription = {
  readonly ownerHash: string | null;
  /** Null: every game of the owner. */
  readonly gameId: string | null;
  /** `game`: the game's own webhook, told of every event of that game (a group chat). */
  readonly scope: SubscriptionScope;
  /** Email address, webhook URL or push endpoint. */
  readonly target: string;
  readonly events: readonly NotifyEvent[];
  readonly language: Language;
} & (
  | { readonly channel: "email"; readonly digest?: Digest; readonly timeZone?: string | null }
  | { readonly channel: "webhook" }
  | {
      readonly channel: "push";
      /** The browser subscription's keys. */
      readonly push: { readonly p256dh: string; readonly auth: string };
      /** The SHA-256 of the key of the device that subscribed (players/identity.ts). */
      readonly deviceHash?: string | null;
    }
);

/** A subscription as its owner sees it, never its secret or tokens: the API's, before its latest deliveries are added (manage.ts). */
export type SubscriptionView = Omit<WireSubscription, "deliveries">;

/** Why a subscription is refused: a value the service cannot use, a target the URL policy refuses, or a duplicate. */
export type Refusal = { readonly refused: string; readonly kind: "invalid" | "target" | "exists" };

const invalid = (refused: string): Refusal => ({ refused, kind: "invalid" });

export function viewOf(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    scope: row.scope,
    gameId: row.gameId,
    channel: row.channel,
    target: row.target,
    format: row.format,
    events: parseEvents(row.events),
    language: row.language,
    digest: row.digest,
    timeZone: row.timeZone,
    confirmed: row.confirmed,
    failures: row.failures,
    disabled: row.disabledAt === null ? null : { at: new Date(row.disabledAt).toISOString(), reason: row.disabledReason ?? "" },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * A daily digest goes by email at 08:00 in its subscriber's time zone
 * (digest.ts). Checked here, for a new subscription and for a change alike,
 * rather than in the wire schema: a change is checked against the
 * subscription as stored, which the schema never sees, and the API answers
 * both with 422 BAD_SUBSCRIPTION, where a schema's refusal is a 400
 * BAD_REQUEST.
 */
function digestRefusal(channel: Channel, digest: Digest, timeZone: string | null | undefined): Refusal | null {
  if (digest !== "daily") return null;
  if (channel !== "email") return invalid("a daily digest is sent by email only");
  if (!timeZone) return invalid("a daily digest needs a time zone");
  return null;
}

/**
 * Checks what the wire schema cannot, for a subscription it has taken: that
 * a game's own subscription is a webhook of one game and never hears the
 * chat, that a daily digest has its time zone (digestRefusal), and that the
 * URL policy lets a webhook or push target be called at all; and gives a
 * webhook's format, from its URL.
 */
export async function checkSubscription(input: NewSubscription, policy: UrlPolicy): Promise<Refusal | { format: WebhookFormat | null }> {
  if (input.scope === "game" && (input.channel !== "webhook" || input.gameId === null))
    return invalid("a game's own subscription is a webhook of one game");
  // The table's chat is the players' (docs/chat.md): a game's group chat never hears it.
  if (input.scope === "game" && input.events.includes("message")) return invalid("a game's own webhooks do not hear its chat (message)");
  switch (input.channel) {
    case "email":
      return digestRefusal(input.channel, input.digest ?? "none", input.timeZone) ?? { format: null };
    case "webhook": {
      const checked = await checkUrl(input.target, policy);
      if (!checked.ok) return { refused: `webhook URL refused: ${checked.reason}`, kind: "target" };
      return { format: webhookFormat(checked.url) };
    }
    case "push": {
      const checked = await checkUrl(input.target, policy);
      if (!checked.ok) return { refused: `push endpoint refused: ${checked.reason}`, kind: "target" };
      return { format: null };
    }
  }
}

/**
 * Stores a subscription. Returns, besides its view, the secrets shown only
 * now: a webhook's signing secret, and an email's confirmation token (to
 * send with `confirmMessage`; nothing else is sent to the address before it
 * is confirmed).
 */
export async function createSubscription(
  d1: D1Database,
  input: NewSubscription,
  policy: UrlPolicy,
  now: number,
): Promise<Refusal | { subscription: SubscriptionView; secret: string | null; confirmToken: string | null }> {
  const checked = await checkSubscription(input, policy);
  if ("refused" in checked) return checked;
  const confirmToken = input.channel === "email" ? newToken() : null;
  const secret = input.channel === "webhook" && checked.format === "standard" ? newWebhookSecret() : null;
  const row = {
    id: `sub_${newToken()}`,
    ownerHash: input.ownerHash,
    gameId: input.gameId,
    scope: input.scope,
    channel: input.channel,
    target: input.channel === "email" ? input.target.toLowerCase() : input.target,
    format: input.channel === "webhook" ? checked.format : null,
    pushP256dh: input.channel === "push" ? input.push.p256dh : null,
    pushAuth: input.channel === "push" ? input.push.auth : null,
    events: JSON.stringify([...new Set(input.events)]),
    language: input.language,
    digest: input.channel === "email" ? (input.digest ?? "none") : "none",
    timeZone: input.channel === "email" ? (input.timeZone ?? null) : null,
    confirmed: input.channel !== "email",
    confirmHash: confirmToken ? hashToken(confirmToken) : null,
    unsubscribeToken: newToken(),
    secret,
    createdAt: now,
    updatedAt: now,
    deviceHash: input.channel === "push" ? (input.deviceHash ?? null) : null,
  } as const;
  const inserted = await insertSubscription(d1, row);
  if (inserted === null) return { refused: "this subscription exists already", kind: "exists" };
  return { subscription: viewOf(inserted), secret, confirmToken };
}

/** The double opt-in's second step: the address and its game when the token matched an unconfirmed address, else null. */
export async function confirmAddress(
  d1: D1Database,
  token: string,
  now: number,
): Promise<{ readonly id: string; readonly address: string; readonly gameId: string | null } | null> {
  return confirmSubscription(d1, hashToken(token), now);
}

/** The double opt-in's second step: true when the token matched an unconfirmed address. */
export async function confirmEmail(d1: D1Database, token: string, now: number): Promise<boolean> {
  return (await confirmAddress(d1, token, now)) !== null;
}

/** RFC 8058 one-click unsubscribe: removes the subscription at once. True when there was one. */
export async function unsubscribe(d1: D1Database, token: string): Promise<boolean> {
  return deleteByUnsubscribeToken(d1, token);
}

export async function listSubscriptions(d1: D1Database, ownerHash: string, gameId?: string): Promise<SubscriptionView[]> {
  return (await subscriptionsOfOwner(d1, ownerHash, gameId)).map(viewOf);
}

export interface SubscriptionChanges {
  readonly events?: readonly NotifyEvent[];
  readonly language?: Language;
  readonly digest?: Digest;
  readonly timeZone?: string | null;
  /** A game id: only that game; null: every game of the owner. */
  readonly gameId?: string | null;
  /** true: enable again (clears the failures and the reason it was disabled). */
  readonly enable?: boolean;
}

export async function updateSubscription(
  d1: D1Database,
  ownerHash: string,
  id: string,
  changes: SubscriptionChanges,
  now: number,
): Promise<Refusal | SubscriptionView | null> {
  // The subscription as it would stand is checked before anything is written.
  const current = await subscriptionOfOwner(d1, ownerHash, id);
  if (!current) return null;
  const refused = digestRefusal(
    current.channel,
    changes.digest ?? current.digest,
    changes.timeZone !== undefined ? changes.timeZone : current.timeZone,
  );
  if (refused) return refused;
  const set: SubscriptionUpdate = { updatedAt: now };
  if (changes.events) set.events = JSON.stringify([...new Set(changes.events)]);
  if (changes.language) set.language = changes.language;
  if (changes.digest) set.digest = changes.digest;
  if (changes.timeZone !== undefined) set.timeZone = changes.timeZone;
  if (changes.gameId !== undefined) set.gameId = changes.gameId;
  if (changes.enable) Object.assign(set, { disabledAt: null, disabledReason: null, failures: 0 });
  const row = await updateOwnedSubscription(d1, ownerHash, id, set);
  // Moved to a game (or to all games) where the same target is subscribed already.
  if (row === "exists") return { refused: "this subscription exists already", kind: "exists" };
  return row ? viewOf(row) : null;
}

export async function deleteSubscription(d1: D1Database, ownerHash: string, id: string): Promise<boolean> {
  return deleteOwnedSubscription(d1, ownerHash, id);
}
