import type { Language } from "../../../src/shared/language";
import { isTimeZone } from "../../../src/shared/time-zone";
import { ApiError, type CreatedSubscription, type NotifyEventName } from "../api";
import { t } from "../i18n/index";
import { notifyApi } from "./api";
import type { Notice } from "./parts";
import { subscribePush } from "./push";
import type { Channel } from "./state";

/**
 * What the notifications page's forms ask the server: a new subscription
 * by email, push or webhook, and an email's digest with its time zone.
 */

/** This browser's time zone (an IANA name), the daily message's default. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Time zones the browser knows, offered as the field is typed (older browsers offer none). */
export function timeZones(): readonly string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  zones ??= intl.supportedValuesOf?.("timeZone") ?? [];
  return zones;
}
let zones: readonly string[] | undefined;

export class BadTimeZone extends Error {}

/**
 * An email's digest as the form chose it: one message a day needs a time
 * zone (the one typed, else this browser's); refused here when the
 * browser does not know it, before the server would.
 */
export function digestOf(data: FormData): { digest: "none" } | { digest: "daily"; timeZone: string } {
  if (data.get("digest") !== "daily") return { digest: "none" };
  const timeZone = String(data.get("timeZone") ?? "").trim() || browserTimeZone();
  if (!isTimeZone(timeZone)) throw new BadTimeZone(timeZone);
  return { digest: "daily", timeZone };
}

export interface Added {
  readonly notice: Notice | null;
  /** What the server made (with a standard webhook's secret, shown once). */
  readonly made: CreatedSubscription | null;
  /** This browser's push endpoint, when push was just turned on. */
  readonly pushEndpoint?: string;
}

/** Subscribes what the add form asks for: `channel`, from its fields and chosen events and language. */
export async function subscribe(
  channel: Channel,
  data: FormData,
  choices: { events: NotifyEventName[]; language: Language },
  gameId: string | null,
): Promise<Added> {
  if (channel === "email") {
    const address = String(data.get("address") ?? "").trim();
    const made = await notifyApi.subscribe({ channel, address, ...choices, gameId, ...digestOf(data) });
    return { notice: { text: t.notify.emailSent(address) }, made };
  }
  if (channel === "push") {
    // The key is asked for now, not earlier: the service's keys may have changed since the page opened.
    const subscription = await subscribePush((await notifyApi.pushKey()).publicKey);
    const endpoint = subscription.endpoint ?? "";
    try {
      const made = await notifyApi.subscribe({
        channel,
        ...(subscription as { endpoint: string; keys: { p256dh: string; auth: string } }),
        ...choices,
        gameId,
      });
      return { notice: { text: t.notify.pushDone }, made, pushEndpoint: endpoint };
    } catch (error) {
      if (error instanceof ApiError && error.code === "SUBSCRIPTION_EXISTS")
        return { notice: { text: t.notify.pushHere }, made: null, pushEndpoint: endpoint };
      throw error;
    }
  }
  const made = await notifyApi.subscribe({ channel, url: String(data.get("url") ?? "").trim(), ...choices, gameId });
  return { notice: null, made };
}
