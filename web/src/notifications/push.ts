import { fromBase64url } from "../../../src/shared/base64url";

/**
 * Web Push in this browser: permission, the service worker's push
 * subscription under the service's VAPID key, and what it became. The
 * subscription goes to the server as `{"channel": "push", ...toJSON()}`;
 * the service worker (sw.ts) shows what arrives.
 */

const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushProblem = "unsupported" | "denied" | "noKey" | "failed";

export class PushRefused extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && window.isSecureContext;
}

/** "granted", "denied" or "default" (not asked yet); "unsupported" where push is missing. */
export function pushPermission(): NotificationPermission | "unsupported" {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** The service worker's registration: the one main.ts registered, waited for when it is still installing. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration("/");
  if (found) return found.active ? found : navigator.serviceWorker.ready;
  return navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready);
}

/** This browser's current push subscription's endpoint, if it has one. */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  try {
    const found = await navigator.serviceWorker.getRegistration("/");
    return (await found?.pushManager.getSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

/**
 * Asks the player's permission (the browser's own prompt, so only after
 * their click) and subscribes with the service's key. A subscription made
 * under another key (the service's keys changed) is replaced.
 */
export async function subscribePush(publicKey: string | null): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushRefused("unsupported");
  if (!publicKey) throw new PushRefused("noKey");
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") throw new PushRefused("denied");
  const key = fromBase64url(publicKey);
  if (!key) throw new Error("the service's push key is not base64url");
  try {
    const worker = await registration();
    let subscription = await worker.pushManager.getSubscription();
    const old = subscription?.options.applicationServerKey;
    if (subscription && old && !sameBytes(new Uint8Array(old), key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await Promise.race([
      worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      // Offline, a browser may wait for its push service indefinitely: the player hears of it instead.
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), SUBSCRIBE_TIMEOUT_MS)),
    ]);
    return subscription.toJSON();
  } catch {
    // The browser's push service is out of reach (offline), or the browser refused.
    throw new PushRefused("failed");
  }
}

/** Ends this browser's push subscription (when the player removes it here). */
export async function unsubscribePush(endpoint: string): Promise<void> {
  try {
    const found = await navigator.serviceWorker.getRegistration("/");
    const subscription = await found?.pushManager.getSubscription();
    if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
  } catch {
    // Nothing to end: the server has forgotten it anyway.
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
