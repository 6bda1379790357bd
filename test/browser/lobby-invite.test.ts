import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en, it as italian } from "../web/words";
import { type ContextOptions, call, chromiumForFile, literal, newPage, serviceUrl, waitText } from "./helpers";

/**
 * The lobby offers the invitation only while it has a seat to give: a seat
 * without a name that nobody has taken. Otherwise it says why, in the
 * player's language.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

describe("the lobby's invitation", () => {
  it("is not offered for a game whose seats are all named, and says so (Italian, on a phone)", async () => {
    const lobby = await page({ lang: "it", size: "phone" });
    await lobby.goto(serviceUrl());
    await lobby.locator("#name-0").fill("Anna");
    await lobby.locator("#name-1").fill("Bruno");
    await lobby.locator("#create-submit").click();
    await lobby.locator("#seat-link-1").waitFor();
    expect(await lobby.locator("#invite-link").count()).toBe(0);
    await waitText(lobby, "#links #no-invite", literal(italian.links.inviteNamed));
  });

  it("is offered while an unnamed seat is free, and no more once it is taken", async () => {
    const lobby = await page();
    await lobby.goto(serviceUrl());
    await lobby.locator('input[name="players"][value="3"]').check();
    await lobby.locator("#name-0").fill("Anna");
    await lobby.locator("#name-1").fill("Marco");
    await lobby.locator("#create-submit").click();
    const invite = await lobby.locator("#invite-link").inputValue();
    const id = new URL(invite).pathname.split("/")[2]!;
    const token = new URLSearchParams(new URL(invite).hash.slice(1)).get("invite")!;
    // Every link counts as sent, so that the page may be left.
    for (const key of ["seat-0", "seat-1", "seat-2", "invite"]) {
      const button = lobby.locator(`#links [data-link="${key}"] button.copy`);
      if ((await button.count()) > 0) await button.click();
    }
    const claimed = await call(`/api/games/${id}/claim`, { token, body: { name: "Carla" } });
    expect(claimed.status).toBe(200);

    await lobby.reload();
    await lobby.locator(`[data-created="${id}"] summary`).click();
    await waitText(lobby, `[id="${id}-no-invite"]`, literal(en.links.inviteFull));
    expect(await lobby.locator(`[id="${id}-invite-link"]`).count()).toBe(0);
  });
});
