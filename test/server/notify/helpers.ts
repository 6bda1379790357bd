import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { newToken } from "../../../src/server/auth";
import { latestAttemptRows } from "../../../src/server/db/notify-sql";
import { shardDatabase, shardNames } from "../../../src/server/db/shards";
import { notifyConfig } from "../../../src/server/notify/config";
import { createSubscription, type NewSubscription } from "../../../src/server/notify/subscriptions";
import type { GameNotification, PublicMove } from "../../../src/server/notify/types";
import type { Received, SentMail } from "./received";

/** How long `until` waits before calling a wait a hang: under the Worker tests' own timeout (vitest.config.ts). */
export const HANG_GUARD = 100_000;

export const receiverUrl = () => inject("receiverUrl");
export const pushServiceUrl = () => inject("pushServiceUrl");

let counter = 0;
/** A name no other test uses (hooks, addresses, owners, game ids). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Sets how a receiver hook answers; returns its URL. */
export async function hook(name: string, options: { secret?: string | null; script?: number[]; after?: number } = {}): Promise<string> {
  await fetch(`${receiverUrl()}/control/${name}`, { method: "POST", body: JSON.stringify(options) });
  return `${receiverUrl()}/hooks/${name}`;
}

export async function received(name: string): Promise<Received[]> {
  return (await fetch(`${receiverUrl()}/received/${name}`)).json();
}

/** The messages the local send_email binding wrote for an address. */
export async function mailTo(address: string): Promise<SentMail[]> {
  return (await fetch(`${receiverUrl()}/mail?to=${encodeURIComponent(address)}`)).json();
}

/** Polls until `check` returns something truthy (or fails after `ms`: most of the 30-second test timeout, for a busy queue). */
/**
 * Waits for a signal (a row, a message, a delivery) by asking for it every 50 ms. The bound is a guard against a
 * hang, not a measure of speed: long enough for the busiest machine, and short of the test's own (vitest.config.ts),
 * so that a test that would wait for ever fails saying what it waited for.
 */
export async function until<T>(check: () => Promise<T>, ms = HANG_GUARD, what = "condition"): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits `ms` (to see that nothing more arrives). */
export const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

export const policy = () => notifyConfig(env).urlPolicy;

/** A subscription to make, each channel's own fields as NewSubscription has them, and these left to their defaults. */
type Defaulted = "ownerHash" | "gameId" | "scope" | "events" | "language";
type SubscribeInput<S = NewSubscription> = S extends NewSubscription ? Omit<S, Defaulted> & Partial<Pick<S, Defaulted>> : never;

export async function subscribe(input: SubscribeInput) {
  const made = await createSubscription(
    env.DB,
    { ownerHash: null, gameId: null, scope: "player", events: ["turn"], language: "en", ...input },
    policy(),
    Date.now(),
  );
  if ("refused" in made) throw new Error(made.refused);
  return made;
}

export const BRUNO_MOVE: PublicMove = {
  seat: 1,
  drew: { from: "stock" },
  melded: [["5H", "6H", "7H"]],
  attached: [],
  tookPozzetto: false,
  discarded: "KS",
};

/** Anna's turn (seat 0) after Bruno's move, in a two-player game. */
export function turnFor(gameId: string, players: (string | null)[], seq = 10, extra: Partial<GameNotification> = {}): GameNotification {
  return {
    type: "turn",
    gameId,
    seq,
    at: Date.now(),
    names: ["Anna", "Bruno"],
    players,
    seat: 0,
    lastMove: BRUNO_MOVE,
    deadline: Date.now() + (26 * 60 + 5) * 60_000,
    ...extra,
  } as GameNotification;
}

/** Where deliveries may be: the main database, then each log shard (a game's are in its shard, the rest in the main one). */
export const deliveryPlaces = () => [...new Set(["DB", ...shardNames(env)])];

/** A delivery's row, wherever it is (`place`: the binding holding it). */
export async function deliveryRow(key: string): Promise<(Record<string, unknown> & { place: string }) | null> {
  for (const place of deliveryPlaces()) {
    const row = await shardDatabase(env, place)
      .prepare("SELECT * FROM notification_deliveries WHERE key = ?")
      .bind(key)
      .first<Record<string, unknown>>();
    if (row) return { ...row, place };
  }
  return null;
}

/**
 * A subscription's attempts in every database, in the order they were made: its delivery log as the API reads it
 * (the failed attempts' rows, and each sent delivery's own row, the line of its successful attempt: notify/store.ts).
 */
export async function attemptsOf(subscriptionId: string): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (const place of deliveryPlaces()) all.push(...(await latestAttemptRows(shardDatabase(env, place), [subscriptionId], 1000)));
  return all.sort((a, b) => Number(a.at) - Number(b.at));
}

export async function subscriptionRow(id: string) {
  return env.DB.prepare("SELECT * FROM notification_subscriptions WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export async function browserSubscription(): Promise<BrowserSubscription> {
  const response = await fetch(`${pushServiceUrl()}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: env.VAPID_PUBLIC_KEY }),
  });
  return ((await response.json()) as { data: BrowserSubscription }).data;
}

export async function pushesTo(browser: BrowserSubscription): Promise<string[]> {
  const response = await fetch(`${pushServiceUrl()}/get-notifications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientHash: browser.clientHash }),
  });
  return ((await response.json()) as { data: { messages: string[] } }).data.messages;
}

/** A fresh player key, as a browser makes one (128 random bits, base64url). */
export function playerKey(): string {
  return newToken();
}

/** The confirmation token in a confirmation message's link. */
export function confirmTokenIn(mail: SentMail): string {
  const found = /\/notifications\/confirm#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!found) throw new Error("no confirmation link in the message");
  return found[1]!;
}

/** Waits for `count` messages to an address, and returns them. */
export async function mailsTo(address: string, count: number): Promise<SentMail[]> {
  return until(
    async () => {
      const mails = await mailTo(address);
      return mails.length >= count ? mails : null;
    },
    HANG_GUARD,
    `${count} message(s) to ${address}`,
  );
}
