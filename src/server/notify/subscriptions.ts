import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { hashToken, newToken } from "../auth";
import { attempts, type SubscriptionRow, subscriptions } from "../db/notifications";
import { database } from "../db/queries";
import { type Channel, isLanguage, isNotifyEvent, type Language, type NotifyEvent, type WebhookFormat } from "./types";
import { checkUrl, type UrlPolicy } from "./url-policy";
import { newWebhookSecret, webhookFormat } from "./webhook";

/**
 * Subscriptions in D1: made, confirmed, changed, removed and listed. The
 * HTTP routes are thin wrappers over these; every function takes the
 * owner's player key hash so that one owner never touches another's.
 */

export interface NewSubscription {
  readonly ownerHash: string | null;
  /** Null: every game of the owner. */
  readonly gameId: string | null;
  /** `game`: the game's own webhook, told of every event of that game (a group chat). */
  readonly scope: "player" | "game";
  readonly channel: Channel;
  /** Email address, webhook URL or push endpoint. */
  readonly target: string;
  readonly events: readonly NotifyEvent[];
  readonly language: Language;
  readonly digest?: "none" | "daily";
  readonly timeZone?: string | null;
  /** Push only: the browser subscription's keys. */
  readonly push?: { readonly p256dh: string; readonly auth: string };
}

/** A subscription as its owner sees it: never its secret or tokens. */
export interface SubscriptionView {
  readonly id: string;
  readonly scope: "player" | "game";
  readonly gameId: string | null;
  readonly channel: Channel;
  readonly target: string;
  readonly format: WebhookFormat | null;
  readonly events: NotifyEvent[];
  readonly language: Language;
  readonly digest: "none" | "daily";
  readonly timeZone: string | null;
  readonly confirmed: boolean;
  readonly failures: number;
  readonly disabled: { readonly at: string; readonly reason: string } | null;
  readonly createdAt: string;
}

export type Refusal = { readonly refused: string };

export function viewOf(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    scope: row.scope,
    gameId: row.gameId,
    channel: row.channel,
    target: row.target,
    format: row.format,
    events: JSON.parse(row.events) as NotifyEvent[],
    language: row.language,
    digest: row.digest,
    timeZone: row.timeZone,
    confirmed: row.confirmed,
    failures: row.failures,
    disabled: row.disabledAt === null ? null : { at: new Date(row.disabledAt).toISOString(), reason: row.disabledReason ?? "" },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const EMAIL = /^[^\s@<>()",;:]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}$/;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Checks a new subscription; a refusal says why in words fit for an API error. */
export async function checkSubscription(input: NewSubscription, policy: UrlPolicy): Promise<Refusal | { format: WebhookFormat | null }> {
  if (input.events.length === 0 || !input.events.every(isNotifyEvent))
    return { refused: "events must be some of turn, reminder, handEnded, gameOver, invited" };
  if (!isLanguage(input.language)) return { refused: "language must be en or it" };
  if (input.scope === "game" && (input.channel !== "webhook" || input.gameId === null))
    return { refused: "a game's own subscription is a webhook of one game" };
  if (input.timeZone && !isTimeZone(input.timeZone)) return { refused: `unknown time zone ${input.timeZone}` };
  switch (input.channel) {
    case "email":
      if (!EMAIL.test(input.target) || input.target.length > 254) return { refused: "not an email address" };
      if (input.digest === "daily" && !input.timeZone) return { refused: "a daily digest needs a time zone" };
      return { format: null };
    case "webhook": {
      const checked = await checkUrl(input.target, policy);
      if (!checked.ok) return { refused: `webhook URL refused: ${checked.reason}` };
      return { format: webhookFormat(checked.url) };
    }
    case "push": {
      if (!input.push) return { refused: "a push subscription needs its keys (p256dh, auth)" };
      const checked = await checkUrl(input.target, policy);
      if (!checked.ok) return { refused: `push endpoint refused: ${checked.reason}` };
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
    pushP256dh: input.push?.p256dh ?? null,
    pushAuth: input.push?.auth ?? null,
    events: JSON.stringify([...new Set(input.events)]),
    language: input.language,
    digest: input.channel === "email" ? (input.digest ?? "none") : "none",
    timeZone: input.timeZone ?? null,
    confirmed: input.channel !== "email",
    confirmHash: confirmToken ? hashToken(confirmToken) : null,
    unsubscribeToken: newToken(),
    secret,
    createdAt: now,
    updatedAt: now,
  } as const;
  const db = database(d1);
  const inserted = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) return { refused: "this subscription exists already" };
  return { subscription: viewOf(inserted[0]!), secret, confirmToken };
}

/** The double opt-in's second step: true when the token matched an unconfirmed address. */
export async function confirmEmail(d1: D1Database, token: string, now: number): Promise<boolean> {
  const done = await database(d1)
    .update(subscriptions)
    .set({ confirmed: true, confirmHash: null, updatedAt: now })
    .where(and(eq(subscriptions.confirmHash, hashToken(token)), eq(subscriptions.confirmed, false)))
    .returning({ id: subscriptions.id });
  return done.length > 0;
}

/** RFC 8058 one-click unsubscribe: removes the subscription at once. True when there was one. */
export async function unsubscribe(d1: D1Database, token: string): Promise<boolean> {
  const gone = await database(d1)
    .delete(subscriptions)
    .where(eq(subscriptions.unsubscribeToken, token))
    .returning({ id: subscriptions.id });
  return gone.length > 0;
}

export async function listSubscriptions(d1: D1Database, ownerHash: string, gameId?: string): Promise<SubscriptionView[]> {
  const rows = await database(d1)
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.ownerHash, ownerHash), gameId === undefined ? undefined : eq(subscriptions.gameId, gameId)))
    .orderBy(subscriptions.createdAt);
  return rows.map(viewOf);
}

export interface SubscriptionChanges {
  readonly events?: readonly NotifyEvent[];
  readonly language?: Language;
  readonly digest?: "none" | "daily";
  readonly timeZone?: string | null;
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
  if (changes.events && (changes.events.length === 0 || !changes.events.every(isNotifyEvent)))
    return { refused: "events must be some of turn, reminder, handEnded, gameOver, invited" };
  if (changes.language !== undefined && !isLanguage(changes.language)) return { refused: "language must be en or it" };
  if (changes.timeZone && !isTimeZone(changes.timeZone)) return { refused: `unknown time zone ${changes.timeZone}` };
  const set: Partial<SubscriptionRow> = { updatedAt: now };
  if (changes.events) set.events = JSON.stringify([...new Set(changes.events)]);
  if (changes.language) set.language = changes.language;
  if (changes.digest) set.digest = changes.digest;
  if (changes.timeZone !== undefined) set.timeZone = changes.timeZone;
  if (changes.enable) Object.assign(set, { disabledAt: null, disabledReason: null, failures: 0 });
  const rows = await database(d1)
    .update(subscriptions)
    .set(set)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerHash, ownerHash)))
    .returning();
  const row = rows[0];
  if (!row) return null;
  if (row.digest === "daily" && !row.timeZone) return { refused: "a daily digest needs a time zone" };
  return viewOf(row);
}

export async function deleteSubscription(d1: D1Database, ownerHash: string, id: string): Promise<boolean> {
  const gone = await database(d1)
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerHash, ownerHash)))
    .returning({ id: subscriptions.id });
  return gone.length > 0;
}

/** A subscription's latest attempts, newest first (what its owner sees under "recent deliveries"). */
export async function recentAttempts(d1: D1Database, ownerHash: string, id: string, limit = 50) {
  const db = database(d1);
  const [owned] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.ownerHash, ownerHash)));
  if (!owned) return null;
  const rows = await db
    .select()
    .from(attempts)
    .where(eq(attempts.subscriptionId, id))
    .orderBy(desc(attempts.at), desc(attempts.id))
    .limit(limit);
  return rows.map((r) => ({
    key: r.deliveryKey,
    event: r.event,
    attempt: r.attempt,
    status: r.status,
    httpStatus: r.httpStatus,
    error: r.error,
    at: new Date(r.at).toISOString(),
  }));
}

/** The live subscriptions that may hear of an event in a game: the players' own, and the game's. */
export async function subscriptionsFor(d1: D1Database, gameId: string, ownerHashes: readonly string[]): Promise<SubscriptionRow[]> {
  const owners = ownerHashes.length > 0 ? inArray(subscriptions.ownerHash, [...ownerHashes]) : sql`0`;
  return database(d1)
    .select()
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.disabledAt),
        or(
          and(eq(subscriptions.scope, "game"), eq(subscriptions.gameId, gameId)),
          and(eq(subscriptions.scope, "player"), owners, or(isNull(subscriptions.gameId), eq(subscriptions.gameId, gameId))),
        ),
      ),
    );
}
