import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dist, type Manifest } from "../../bench/web-sizes";
import { chromiumForFile, createGame, newPage, serviceUrl } from "./helpers";

/**
 * What a page downloads as it opens (docs/web-client.md, "Each page its own
 * chunks"): a table its own chunks and the table's words, never the lobby's
 * chunk nor the other pages' words, and its snapshot once (boot.ts asks
 * for it, the app takes that answer); the lobby its own chunk and the
 * other pages' words, never the table's.
 */

const chromium = chromiumForFile();
const manifest = JSON.parse(readFileSync(join(dist, "asset-manifest.json"), "utf8")) as Manifest;
/** A page's own module's file (its chunk's first). */
const own = (page: string) => `/${manifest.closures[manifest.pages[page]!]![0]}`;

/** Opens a page and lists the scripts and API reads it asked for, once it shows `ready`. */
async function opened(url: string, ready: string): Promise<{ page: Page; scripts: string[]; reads: string[] }> {
  const page = await newPage(await chromium.context({ size: "phone", lang: "it" }));
  const scripts: string[] = [];
  const reads: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path);
    if (request.method() === "GET" && path.startsWith("/api/games/")) reads.push(path);
  });
  await page.goto(url);
  await page.locator(ready).waitFor();
  return { page, scripts, reads };
}

describe("a page as it opens", () => {
  it("is a table: its own chunks and words, its snapshot asked for once", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { scripts, reads } = await opened(game.seats[0]!.url!, "#my-hand");
    expect(scripts).toContain(own("table"));
    expect(scripts).toContain(`/${manifest.words.it!.table}`);
    expect(scripts).not.toContain(own("lobby"));
    expect(scripts).not.toContain(`/${manifest.words.it!.pages}`);
    expect(scripts).not.toContain(`/${manifest.words.en!.table}`);
    expect(reads.filter((path) => path === `/api/games/${game.id}`)).toHaveLength(1);
  });

  it("is the lobby: its own chunk and the other pages' words, never the table's", async () => {
    const { scripts } = await opened(serviceUrl(), "#create-submit");
    expect(scripts).toContain(own("lobby"));
    expect(scripts).toContain(`/${manifest.words.it!.pages}`);
    expect(scripts).not.toContain(own("table"));
  });
});
