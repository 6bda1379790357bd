/**
 * What the browser tests' service sends notifications to, run in this
 * process: a webhook receiver on localhost (recording every request, and
 * answering as a test scripts it), the `web-push-testing` push service
 * (which checks the VAPID token and decrypts every push with its own
 * http_ece), and the `.eml` files wrangler's local `send_email` writes.
 */
import { readdir } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mailIn, type SentMail } from "../sent-mail";
import { listen, readBody, pushService as startPushService } from "../server/notify/receivers";
import { HANG_GUARD } from "./helpers";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** A webhook receiver: every request kept by path; `answer` sets the status a path answers (200 unless told). */
export async function webhookReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? "/";
    received.push({ path, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
    res.writeHead(answers.get(path) ?? 200, { "content-type": "application/json" });
    res.end("{}");
  });
  const port = await listen(server);
  return {
    /** The service may call plain http only on localhost (NOTIFY_ALLOW_LOCAL_HTTP). */
    url: (path: string) => `http://localhost:${port}${path}`,
    received: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, status: number) => answers.set(path, status),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestPushSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly clientHash: string;
}

/** web-push-testing's push service on a free port: it hands out subscriptions and keeps each push, decrypted. */
export async function pushService() {
  const { url, stop } = await startPushService();
  const post = async (path: string, body: unknown) =>
    (await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  return {
    /** A subscription under the application server key given, as a browser's push service would make it. */
    subscribe: async (applicationServerKey: string): Promise<TestPushSubscription> =>
      ((await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })) as { data: TestPushSubscription }).data,
    /** The pushes received for a subscription, decrypted. */
    messages: async (sub: TestPushSubscription): Promise<string[]> =>
      ((await post("/get-notifications", { clientHash: sub.clientHash })) as { data: { messages: string[] } }).data.messages,
    stop,
  };
}

/** Every message wrangler's local `send_email` wrote for an address (`.wrangler/tmp/email/<session>/email/*.eml`), parsed. */
export async function sentMail(to: string): Promise<SentMail[]> {
  const base = join(root, ".wrangler/tmp/email");
  const sessions = await readdir(base).catch(() => [] as string[]);
  return mailIn(
    sessions.map((session) => join(base, session, "email")),
    to,
  );
}

/** Waits until `probe` gives something (polling), or fails after `ms`: a guard against a hang (helpers.ts, HANG_GUARD). */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = HANG_GUARD): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 250));
  }
}
