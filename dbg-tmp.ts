import { chromium } from "playwright-core";
import { startLocalService } from "./scripts/local-service";
const service = await startLocalService();
const post = async (path: string, body: unknown, token?: string) => (await fetch(service.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json() as any;
const game = await post("/api/games", { players: 2, names: ["Anna", "Bruno"] });
let ended = 0;
for (let i = 0; i < 400 && ended < 4; i++) {
  const snap = await (await fetch(`${service.url}/api/games/${game.id}`)).json() as any;
  const token = game.seats[snap.view.hand.turn].token;
  const drew = await post(`/api/games/${game.id}/moves`, { move: { type: "draw" }, version: snap.version }, token);
  const card = drew.events.find((e: any) => e.type === "drew").card;
  const d = await post(`/api/games/${game.id}/moves`, { move: { type: "discard", card }, version: drew.version }, token);
  if (ended > 0) ended++;
  if (d.events?.some((e: any) => e.type === "handEnded")) ended = 1;
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-GB", reducedMotion: "no-preference" });
const p = await ctx.newPage();
await p.goto(service.url); await p.locator("#create-title").waitFor(); await p.goto(game.seats[1].url);
await p.locator("#my-hand button.card").first().waitFor();
await p.locator("#hand-end").waitFor();
try { await p.locator("#hand-end-close").click({ timeout: 5000 }); console.log("clicked"); } catch (e) { console.log(String(e).slice(0, 800)); 
  for (let i = 0; i < 10; i++) { console.log(JSON.stringify(await p.locator("#hand-end-close").boundingBox()), await p.evaluate(() => [document.querySelector(".overlay")!.scrollTop, document.querySelector(".overlay")!.scrollHeight, document.activeElement?.id])); await p.waitForTimeout(100); }
}
await p.screenshot({ path: "/tmp/dbg.png" });
await browser.close();
await service.stop();
