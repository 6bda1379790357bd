import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, newPersistDir, removeDir, root } from "../../scripts/local-service";
import { DEFAULT_PORT, DEV_ENTRY, startPlan } from "../../scripts/start.mjs";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";

/**
 * `npm start` on another port: `PORT=8811 npm start` (or `npm start --
 * --port 8811`) serves there, and every link the service sends out
 * (PUBLIC_URL) follows the port. `npm run start:dev` serves the local
 * tests' Worker, whose time travel moves a game's clock on.
 */

/** Spawns a command as a person would type it, in a process group of its own; resolves with its URL once it answers. */
async function serve(command: string[], port: number, env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: "", CI: "1", ...env },
    detached: true,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} ended (${child.exitCode})`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (i > 600) throw new Error(`${command.join(" ")} did not answer in two minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, process: child };
}

/** Arguments that keep a test's service to itself: its own storage, address and inspector port. */
async function ownService(dir: string): Promise<string[]> {
  return ["--persist-to", dir, "--ip", "127.0.0.1", "--inspector-port", String(await freePort()), "--show-interactive-dev-session=false"];
}

function stop(child: ChildProcess | null): void {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

describe("npm run start:dev", () => {
  it("runs the local tests' Worker: --dev, or a Worker's file after `npm start --`, never taken for a --var's value", () => {
    const dev = startPlan(["--dev"], {});
    if ("error" in dev) throw new Error(dev.error);
    expect(dev.dev[1]).toBe(DEV_ENTRY);
    const typed = startPlan([DEV_ENTRY, "--var", "NOTIFY_ALLOW_LOCAL_HTTP:1"], {});
    if ("error" in typed) throw new Error(typed.error);
    expect(typed.dev[1]).toBe(DEV_ENTRY);
    // The Worker's file is read by wrangler as its entry: never right after a --var, whose values it would join.
    for (const plan of [dev, typed]) expect(plan.dev[plan.dev.indexOf(DEV_ENTRY) - 1]).not.toBe("--var");
    expect(typed.dev.slice(-2)).toEqual(["--var", "PUBLIC_URL:http://localhost:8787"]);
    const plain = startPlan([], {});
    if ("error" in plain) throw new Error(plain.error);
    expect(plain.dev).not.toContain(DEV_ENTRY);
  });

  let service: ChildProcess | null = null;
  let dir = "";
  afterAll(async () => {
    stop(service);
    if (dir) await removeDir(dir);
  });

  it("serves the Worker with time travel: a game's clock moved on two hours passes its deadline", async () => {
    dir = await newPersistDir();
    const port = await freePort();
    // As the README says it: npm run start:dev.
    const started = await serve(["npm", "run", "start:dev", "--", ...(await ownService(dir))], port, {});
    service = started.process;
    const created = (await (
      await fetch(`${started.url}/api/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: 2, clock: { perMove: "1h" } }),
      })
    ).json()) as CreateGameResponse;
    const moved = await fetch(`${started.url}/api/dev/games/${created.id}/time`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ advance: "2h" }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(115 * 60_000);
    // Nobody had moved: the game's hour ran out, and it ended with no result.
    const snap = (await (await fetch(`${started.url}/api/games/${created.id}`)).json()) as GameSnapshot;
    expect(snap.status).toBe("over");
  }, 240_000);
});

describe("npm start's port", () => {
  it("is 8787 by default and taken from PORT or --port once (never a duplicate flag), with PUBLIC_URL following", () => {
    const plain = startPlan([], {});
    expect(plain).toMatchObject({ port: DEFAULT_PORT, publicUrl: "http://localhost:8787" });
    for (const plan of [startPlan([], { PORT: "8811" }), startPlan(["--port", "8811"], {}), startPlan(["--port=8811"], { PORT: "9000" })]) {
      if ("error" in plan) throw new Error(plan.error);
      expect(plan.publicUrl).toBe("http://localhost:8811");
      expect(plan.dev.filter((a) => a === "--port")).toHaveLength(1);
      expect(plan.dev[plan.dev.indexOf("--port") + 1]).toBe("8811");
      expect(plan.dev).toContain("PUBLIC_URL:http://localhost:8811");
    }
    expect(startPlan([], { PORT: "8811", PUBLIC_URL: "https://burraco.example" })).toMatchObject({ publicUrl: "https://burraco.example" });
    expect(startPlan(["--port", "eighty"], {})).toEqual({ error: expect.stringMatching(/not a port/) });
  });

  let service: ChildProcess | null = null;
  let receiver: Server | null = null;
  let dir = "";
  afterAll(async () => {
    stop(service);
    receiver?.close();
    if (dir) await removeDir(dir);
  });

  it("serves on PORT, and the links it sends out name that port", async () => {
    const port = await freePort();
    dir = await newPersistDir();
    const posts: { data: { url: string; link: string } }[] = [];
    receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        posts.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const hookPort = (receiver.address() as AddressInfo).port;
    // As a person would type it, with storage of its own and local receivers allowed.
    const started = await serve(
      [process.execPath, join(root, "scripts/start.mjs"), ...(await ownService(dir)), "--var", "NOTIFY_ALLOW_LOCAL_HTTP:1"],
      port,
      {},
    );
    service = started.process;
    const url = started.url;
    // The production Worker has no time travel.
    expect((await fetch(`${url}/api/dev/games/x/time`, { method: "POST" })).status).toBe(404);
    const created = (await (
      await fetch(`${url}/api/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: 2 }),
      })
    ).json()) as CreateGameResponse;
    // A group chat attached to the game is sent the invitation at once: its link is the service's, on this port.
    const attached = await fetch(`${url}/api/games/${created.id}/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${created.invite.token}` },
      body: JSON.stringify({ url: `http://localhost:${hookPort}/hook`, events: ["invited"] }),
    });
    expect(attached.status, await attached.text()).toBe(201);
    for (let i = 0; posts.length === 0; i++) {
      if (i > 300) throw new Error("no invitation was posted");
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(posts[0]!.data.link).toMatch(new RegExp(`^http://localhost:${port}/game/${created.id}#invite=`));
  }, 240_000);
});
