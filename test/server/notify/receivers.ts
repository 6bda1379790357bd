/**
 * Local receivers for the notification tests, run in Node next to the
 * Workers runtime (vitest globalSetup): a webhook receiver that verifies
 * every Standard Webhooks signature with the `standardwebhooks` library's
 * own `verify` and answers as each test scripts it; the `web-push-testing`
 * push service, which checks the VAPID token and decrypts every push
 * (aes128gcm) with its own implementation (http_ece); and a reader of the
 * `.eml` files that the local `send_email` binding writes.
 */
import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { TestProject } from "vitest/node";
import { mailIn } from "../../sent-mail";
import type { Received } from "./received";

const require = createRequire(import.meta.url);

interface Hook {
  secret: string | null;
  /** Statuses to answer, in order; then `after` for ever. */
  script: number[];
  after: number;
  received: Received[];
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

/**
 * The `.eml` folders of this run's runtimes (`<tmp>/miniflare-*\/email/email`): those made after the receivers
 * started, not the earlier runs' left in the temporary folder.
 */
async function mailFolders(earlier: ReadonlySet<string>): Promise<string[]> {
  const runtimes = (await readdir(tmpdir())).filter((d) => d.startsWith("miniflare-") && !earlier.has(d));
  return runtimes.map((d) => join(tmpdir(), d, "email", "email"));
}

function webhookReceiver(earlier: ReadonlySet<string>): Server {
  const hooks = new Map<string, Hook>();
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const [, kind, name] = url.pathname.split("/");
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (kind === "control" && name) {
      const { secret = null, script = [], after = 200 } = JSON.parse(body || "{}");
      hooks.set(name, { secret, script, after, received: [] });
      return json(200, { ok: true });
    }
    if (kind === "received" && name) return json(200, hooks.get(name)?.received ?? []);
    if (kind === "mail") return json(200, await mailIn(await mailFolders(earlier), url.searchParams.get("to") ?? ""));
    if (kind === "hooks" && name) {
      const hook = hooks.get(name) ?? { secret: null, script: [], after: 200, received: [] };
      hooks.set(name, hook);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified: boolean | null = null;
      if (hook.secret) {
        try {
          new Webhook(hook.secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const answered = hook.script.shift() ?? hook.after;
      hook.received.push({ headers, body, verified, answered, at: Date.now() });
      return json(answered, { ok: answered < 300 });
    }
    json(404, { error: "no such path" });
  });
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

/** web-push-testing's push service on a free port (also the browser tests'). */
export async function pushService(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { PushApiModel: Model } = require("web-push-testing/src/PushApiModel.js");
  const PushServer = require("web-push-testing/src/server.js");
  // It names its endpoints after the port it is given: find a free one first.
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  const service = new PushServer(new Model(), port);
  service.startServer();
  const url = `http://localhost:${port}`;
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
  return { url, stop: () => new Promise((r) => service._server.close(() => r(undefined))) };
}

export default async function setup(project: TestProject) {
  const earlier = new Set((await readdir(tmpdir())).filter((d) => d.startsWith("miniflare-")));
  const receiver = webhookReceiver(earlier);
  const port = await listen(receiver);
  const push = await pushService();
  project.provide("receiverUrl", `http://localhost:${port}`);
  project.provide("pushServiceUrl", push.url);
  return async () => {
    await new Promise((r) => receiver.close(r));
    await push.stop();
  };
}
