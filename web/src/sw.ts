/**
 * The service worker: keeps the app shell (the page, its scripts, style and
 * icons, each file named by its contents' hash) so that the client opens
 * fast and installs as an app. Every page is served the shell from the
 * cache (the link-preview tags the Worker adds to a game's page are for
 * other sites' crawlers, which never run this worker); the API is never
 * cached. The build fills in the shell's files and a version.
 * Push notifications join below as listeners of their own: `push` shows
 * the service's message, `notificationclick` opens its link.
 */

import { clickTarget, ownUrl } from "./push-click";

declare const __SHELL__: readonly string[];
declare const __VERSION__: string;

interface WaitUntil extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface Fetching extends WaitUntil {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface Pushed extends WaitUntil {
  readonly data: { json(): unknown; text(): string } | null;
}
interface Clicked extends WaitUntil {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface Worker {
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: WaitUntil) => void): void;
  addEventListener(type: "fetch", listener: (event: Fetching) => void): void;
  addEventListener(type: "push", listener: (event: Pushed) => void): void;
  addEventListener(type: "notificationclick", listener: (event: Clicked) => void): void;
}

const worker = self as unknown as Worker;
const CACHE = `burraco-shell-${__VERSION__}`;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...__SHELL__]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("burraco-shell-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  // A table framed in another site (the embed) comes from the network, with the headers that let it be framed.
  if (request.mode === "navigate" && (request.destination === "iframe" || url.searchParams.has("embed"))) return;
  if (request.mode === "navigate") {
    // Every page of the app is the same shell, kept with the files it names: a return visit starts without waiting for
    // the network (and offline). A new version of the app comes with a new service worker, which keeps its own shell.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match("/"))
        .then((hit) => hit ?? fetch(request)),
    );
    return;
  }
  if (__SHELL__.includes(url.pathname)) event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
});

// ── Push notifications ──────────────────────────────────────────────────

/** What the service sends (src/server/notify/push.ts): `{title, body, url, tag}`, already in the player's language. */
interface PushMessage {
  readonly title?: unknown;
  readonly body?: unknown;
  readonly url?: unknown;
  readonly tag?: unknown;
}

worker.addEventListener("push", (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Burraco";
  event.waitUntil(
    worker.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      // The same tag replaces the game's earlier notification instead of piling up.
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url: ownUrl(message.url, location.origin) },
    }),
  );
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = ownUrl((event.notification.data as { url?: unknown } | null)?.url, location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
      const target = clickTarget(
        tabs.map((tab) => tab.url),
        url,
      );
      if (target === "open") return worker.clients.openWindow(url);
      if ("focus" in target) return tabs[target.focus]!.focus();
      // navigate() works only on tabs this worker controls; any other gets a new tab.
      const moved = await tabs[target.navigate]!.navigate(url).catch(() => null);
      return moved ? moved.focus() : worker.clients.openWindow(url);
    })(),
  );
});
