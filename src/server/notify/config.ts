import type { Env } from "../env";
import { dohResolver, type Resolver, type UrlPolicy } from "./url-policy";

/** The notification settings, from wrangler.toml's [vars] and secrets (docs/notifications.md). */
export interface NotifyConfig {
  /** The service's public origin, for every link in a message (https when deployed). */
  readonly publicUrl: string;
  readonly from: { readonly email: string; readonly name: string };
  /** `List-Id` value: `<burraco.example.org>`. */
  readonly listId: string;
  readonly vapid: { readonly publicKey: string; readonly privateKey: string; readonly subject: string } | null;
  readonly urlPolicy: UrlPolicy;
  /** Retry delays are multiplied by this (1 in service; benchmarks shrink them). */
  readonly delayScale: number;
  /** Opens the seat links sealed for a player's own messages (seal.ts). */
  readonly sealKey: string | undefined;
}

export function notifyConfig(env: Env, resolver?: Resolver | null): NotifyConfig {
  const publicUrl = (env.PUBLIC_URL ?? "http://localhost:8787").replace(/\/+$/, "");
  const host = new URL(publicUrl).hostname;
  const vapid =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? `mailto:${env.EMAIL_FROM}` }
      : null;
  const scale = Number(env.DELIVERY_DELAY_SCALE ?? "1");
  return {
    publicUrl,
    from: { email: env.EMAIL_FROM ?? `notifications@${host}`, name: env.EMAIL_FROM_NAME ?? "Burraco" },
    listId: `<notifications.${host}>`,
    vapid,
    urlPolicy: {
      allowLocalHttp: env.NOTIFY_ALLOW_LOCAL_HTTP === "1",
      resolver: resolver !== undefined ? resolver : env.DNS_RESOLVER_URL ? dohResolver(env.DNS_RESOLVER_URL) : null,
    },
    delayScale: Number.isFinite(scale) && scale >= 0 ? scale : 1,
    sealKey: env.GAME_ID_KEY,
  };
}

/**
 * Every link a message may carry. A player's own message links to their
 * seat's page (`#seat=` its token, opened from the seat's sealed link); when
 * that is not known, to the game with `?seat=N`, where a browser that has
 * the seat's link opens it.
 */
export function links(publicUrl: string) {
  return {
    game: (gameId: string) => `${publicUrl}/game/${gameId}`,
    tournament: (id: string) => `${publicUrl}/tournament/${id}`,
    seat: (gameId: string, seat: number, token?: string | null) =>
      token ? `${publicUrl}/game/${gameId}#seat=${token}` : `${publicUrl}/game/${gameId}?seat=${seat}`,
    preferences: (gameId?: string | null) => `${publicUrl}/notifications${gameId ? `?game=${gameId}` : ""}`,
    /** RFC 8058 one-click target: a POST with `List-Unsubscribe=One-Click` removes the subscription. */
    unsubscribe: (token: string) => `${publicUrl}/api/notifications/unsubscribe/${token}`,
    /** The page a reader opens from the message body; it asks before removing anything. */
    unsubscribePage: (token: string) => `${publicUrl}/notifications/unsubscribe#token=${token}`,
    /** Opened by the address's owner; the page confirms with a POST (mail scanners follow GET links). */
    confirm: (token: string) => `${publicUrl}/notifications/confirm#token=${token}`,
    /** A sign-in link: the page links the device it is opened on to the address's player, with a POST. */
    signIn: (token: string) => `${publicUrl}/link#code=${token}`,
    /** The lobby's "your devices", opened. */
    devices: `${publicUrl}/#devices`,
  };
}

export type Links = ReturnType<typeof links>;
