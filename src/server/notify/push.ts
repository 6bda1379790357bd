import { encryptNotification } from "@block65/webcrypto-web-push";
import { fromBase64url } from "../../shared/base64url";
import { base64url } from "../auth";
import { type Outcome, outcomeOf, timedFetch } from "./outcome";
import { type Message, paragraphText } from "./phrases";

/**
 * Web Push. The payload is encrypted per RFC 8291 (`aes128gcm`, RFC 8188
 * framing) by `@block65/webcrypto-web-push`, which uses only WebCrypto and
 * so runs in Workers. The VAPID header (RFC 8292) is made here, in a few
 * lines of WebCrypto, because that library's own `vapidHeaders` refuses
 * any endpoint that is not https — and local push services used in
 * development and tests (`web-push-testing`) listen on http://localhost.
 */

export interface VapidKeys {
  /** The application server's public key: the uncompressed P-256 point, base64url (65 bytes). */
  readonly publicKey: string;
  /** Its private scalar `d`, base64url (32 bytes). */
  readonly privateKey: string;
  /** `mailto:` or `https:` contact for the push service (RFC 8292 §2.1). */
  readonly subject: string;
}

export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** The time a push service keeps an undelivered message: a day, then the next turn's message matters more. */
const TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** `vapid t=<JWT>, k=<public key>` for an endpoint (RFC 8292 §3): an ES256 JWT for the push service's origin, valid 12 hours. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now: number): Promise<string> {
  const point = fromBase64url(keys.publicKey);
  if (point?.length !== 65 || point[0] !== 4) throw new Error("VAPID public key is not an uncompressed P-256 point");
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: base64url(point.slice(1, 33)), y: base64url(point.slice(33)), d: keys.privateKey },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const json = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: keys.subject };
  const unsigned = `${json({ typ: "JWT", alg: "ES256" })}.${json(claims)}`;
  // WebCrypto's ECDSA signature is already the JOSE form (r || s), as ES256 wants.
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(unsigned));
  return `vapid t=${unsigned}.${base64url(new Uint8Array(signature))}, k=${keys.publicKey}`;
}

/** What the service worker receives (JSON, before encryption). */
export function pushPayload(message: Message, tag: string): string {
  return JSON.stringify({
    title: message.title,
    body: message.paragraphs.map(paragraphText).join("\n"),
    url: message.action?.url ?? null,
    tag,
  });
}

/**
 * Sends one push. `topic` (at most 32 URL-safe characters) lets the push
 * service replace an undelivered message with the same topic instead of
 * showing both. 404 and 410 mean the browser's subscription is gone.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  keys: VapidKeys,
  topic: string,
  now: number,
  fetcher: typeof fetch = fetch,
): Promise<Outcome> {
  let body: Uint8Array<ArrayBuffer>;
  let authorization: string;
  try {
    body = await encryptNotification(
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      new TextEncoder().encode(payload),
    );
    authorization = await vapidAuthorization(target.endpoint, keys, now);
  } catch (error) {
    // Malformed keys in the subscription: no retry will mend them.
    return { kind: "refused", status: null, error: (error as Error).message };
  }
  const answer = await timedFetch(
    fetcher,
    target.endpoint,
    {
      method: "POST",
      headers: {
        authorization,
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(TTL_SECONDS),
        urgency: "normal",
        topic,
      },
      body,
    },
    PUSH_TIMEOUT_MS,
  );
  if ("error" in answer) return { kind: "failed", status: null, error: answer.error };
  return outcomeOf(answer.response, [404, 410]);
}
