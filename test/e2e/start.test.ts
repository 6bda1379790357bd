import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, newPersistDir, removeDir, root } from "../../scripts/local-service";
import { DEFAULT_PORT, startPlan } from "../../scripts/start.mjs";
import type { CreateGameResponse } from "../../src/shared/api";

/**
 * `npm start` on another port: `PORT=8811 npm start` (or `npm start --
 * --port 8811`) serves there, and every link the service sends out
 * (PUBLIC_URL) follows the port.
 */

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
    if (service?.pid && service.exitCode === null) {
      try {
        process.kill(-service.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
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
    service = spawn(
      process.execPath,
      [
        join(root, "scripts/start.mjs"),
        "--persist-to",
        dir,
        "--ip",
        "127.0.0.1",
        "--inspector-port",
        String(await freePort()),
        "--show-interactive-dev-session=false",
        "--var",
        "NOTIFY_ALLOW_LOCAL_HTTP:1",
      ],
      { cwd: root, env: { ...process.env, PORT: String(port), PUBLIC_URL: "", CI: "1" }, detached: true, stdio: "ignore" },
    );
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (service.exitCode !== null) throw new Error(`npm start ended (${service.exitCode})`);
      const health = await fetch(`${url}/api/health`).catch(() => null);
      if (health?.ok) break;
      if (i > 600) throw new Error("npm start did not answer in two minutes");
      await new Promise((r) => setTimeout(r, 200));
    }
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
