import { toBase64url } from "../../shared/base64url";
import type { SubscriptionRow } from "../db/notifications";
import type { Env } from "../env";
import { unseal } from "../seal";
import type { NotifyConfig } from "./config";
import { links } from "./config";
import { composeEmail, sendEmail } from "./email";
import type { Outcome } from "./outcome";
import { pushPayload, sendPush } from "./push";
import { ownSeat, render } from "./render";
import type { Delivery } from "./types";
import { checkUrl } from "./url-policy";
import { postWebhook, signedHeaders, webhookBody } from "./webhook";

/** What the pipeline needs from outside, injectable for tests and benchmarks. */
export interface Senders {
  readonly fetch: typeof fetch;
  readonly email: SendEmail;
}

/** Email binding errors after which the address will never take mail: disable the subscription. */
const EMAIL_GONE = new Set(["E_RECIPIENT_SUPPRESSED", "E_RECIPIENT_NOT_ALLOWED"]);

/** The push `Topic`: at most 32 URL-safe characters, the same on every retry of one delivery. */
async function topicOf(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  return toBase64url(digest.slice(0, 24));
}

/**
 * The reader's own seat token, for a link straight to their seat: only for a
 * player's own email or push, never a webhook (even a player's own may post
 * to a channel others read) and never a game's.
 */
async function seatTokenFor(delivery: Delivery, sub: SubscriptionRow, key: string | undefined): Promise<string | null> {
  if (delivery.notice.type !== "game" || sub.channel === "webhook") return null;
  const n = delivery.notice.notification;
  const seat = ownSeat(n, sub);
  const sealed = seat === null ? null : (n.links?.[seat] ?? null);
  return sealed ? unseal(sealed, key) : null;
}

/** Makes one attempt at one delivery through its subscription's channel. */
export async function attempt(
  delivery: Delivery,
  sub: SubscriptionRow,
  cfg: NotifyConfig,
  senders: Senders,
  now: number,
): Promise<Outcome> {
  const { message, event } = render(delivery.notice, sub, cfg.publicUrl, now, await seatTokenFor(delivery, sub, cfg.sealKey));
  switch (sub.channel) {
    case "email": {
      const to = links(cfg.publicUrl);
      const parts = composeEmail(message, sub.target, sub.language, cfg.listId, {
        unsubscribe: to.unsubscribe(sub.unsubscribeToken),
        unsubscribePage: to.unsubscribePage(sub.unsubscribeToken),
        preferences: to.preferences(sub.gameId),
      });
      try {
        await sendEmail(senders.email, parts, cfg.from);
        return { kind: "sent", status: null };
      } catch (error) {
        const e = error as Error & { code?: string };
        const text = `${e.code ? `${e.code}: ` : ""}${e.message}`;
        return EMAIL_GONE.has(e.code ?? "") ? { kind: "gone", status: null, error: text } : { kind: "failed", status: null, error: text };
      }
    }
    case "webhook": {
      // Checked again on every attempt: a name may point elsewhere since it was subscribed.
      const checked = await checkUrl(sub.target, cfg.urlPolicy);
      if (!checked.ok)
        return checked.permanent
          ? { kind: "refused", status: null, error: checked.reason }
          : { kind: "failed", status: null, error: checked.reason };
      const format = sub.format ?? "standard";
      const body = webhookBody(format, message, event);
      const headers = format === "standard" && sub.secret ? signedHeaders(sub.secret, delivery.key, new Date(now), body) : {};
      return postWebhook(checked.url.href, body, headers, senders.fetch);
    }
    case "push": {
      if (!cfg.vapid) return { kind: "failed", status: null, error: "no VAPID keys are configured" };
      const checked = await checkUrl(sub.target, cfg.urlPolicy);
      if (!checked.ok)
        return checked.permanent
          ? { kind: "refused", status: null, error: checked.reason }
          : { kind: "failed", status: null, error: checked.reason };
      const target = { endpoint: sub.target, p256dh: sub.pushP256dh ?? "", auth: sub.pushAuth ?? "" };
      const topic = await topicOf(delivery.key);
      return sendPush(target, pushPayload(message, topic), cfg.vapid, topic, now, senders.fetch);
    }
  }
}

export function defaultSenders(env: Env): Senders {
  return { fetch: (input, init) => fetch(input, init), email: env.EMAIL };
}
