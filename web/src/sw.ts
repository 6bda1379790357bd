/**
 * The service worker: keeps the app shell (the page, its script, style and
 * icons) so that the client opens fast and installs as an app. Pages go to
 * the network first (the Worker adds each game's link preview), the API is
 * never cached. The build fills in the shell's files and a version.
 * Other handlers (push notifications) join below as their own listeners.
 */

declare const __SHELL__: readonly string[];
declare const __VERSION__: string;

interface WaitUntil extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface Fetching extends WaitUntil {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface Worker {
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: WaitUntil) => void): void;
  addEventListener(type: "fetch", listener: (event: Fetching) => void): void;
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
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match("/index.html")) ?? Response.error()));
    return;
  }
  if (__SHELL__.includes(url.pathname)) event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
});
