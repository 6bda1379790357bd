/**
 * What the browser tests' service sends notifications to, run in this
 * process: a webhook receiver on localhost (recording every request, and
 * answering as a test scripts it), the `web-push-testing` push service
 * (which checks the VAPID token and decrypts every push with its own
 * http_ece), and the `.eml` files wrangler's local `send_email` writes.
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import PostalMime from "postal-mime";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../..", import.meta.url));

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
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
  const { PushApiModel: Model } = require("web-push-testing/src/PushApiModel.js");
  const PushServer = require("web-push-testing/src/server.js");
  // It names its endpoints after the port it is given: find a free one first.
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  const service = new PushServer(new Model(), port);
  service.startServer();
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) =>
    (await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${url}/status`, { method: "POST" }).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    /** A subscription under the application server key given, as a browser's push service would make it. */
    subscribe: async (applicationServerKey: string): Promise<TestPushSubscription> =>
      ((await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })) as { data: TestPushSubscription }).data,
    /** The pushes received for a subscription, decrypted. */
    messages: async (sub: TestPushSubscription): Promise<string[]> =>
      ((await post("/get-notifications", { clientHash: sub.clientHash })) as { data: { messages: string[] } }).data.messages,
    stop: () => new Promise<void>((resolve) => service._server.close(() => resolve())),
  };
}

/** Every message wrangler's local `send_email` wrote for an address (`.wrangler/tmp/email/<session>/email/*.eml`), parsed. */
export async function sentMail(to: string): Promise<{ subject: string; text: string; headers: Record<string, string> }[]> {
  const base = join(root, ".wrangler/tmp/email");
  const found = [];
  for (const session of await readdir(base).catch(() => [] as string[])) {
    const dir = join(base, session, "email");
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"))) {
      const mail = await PostalMime.parse(await readFile(join(dir, file)));
      if (!mail.to?.some((a) => a.address?.toLowerCase() === to.toLowerCase())) continue;
      found.push({
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
      });
    }
  }
  return found;
}

/** Waits until `probe` gives something (polling), or fails after `ms`. */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 250));
  }
}
