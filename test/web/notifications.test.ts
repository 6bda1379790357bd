import { describe, expect, it } from "vitest";
import { webhookFormat } from "../../src/server/notify/webhook";
import { GAME_DEFAULT_EVENTS, NOTIFY_EVENT_NAMES, PLAYER_DEFAULT_EVENTS } from "../../src/shared/wire/notifications";
import { CHAT_EVENTS, EVENTS, PLAYER_EVENTS } from "../../web/src/notifications/parts";
import { chatKind } from "../../web/src/notifications/view";
import { clickTarget, ownUrl } from "../../web/src/push-click";

/** The notifications client's own rules: the same lists and URL recognition as the server, and where a push's click goes. */

describe("the client's copies of the server's rules", () => {
  it("offers the server's events, with the server's defaults ticked", () => {
    expect([...EVENTS].sort()).toEqual([...NOTIFY_EVENT_NAMES].sort());
    expect([...PLAYER_EVENTS].sort()).toEqual([...PLAYER_DEFAULT_EVENTS].sort());
    expect([...CHAT_EVENTS].sort()).toEqual([...GAME_DEFAULT_EVENTS].sort());
  });

  it("recognises Discord and Slack URLs as the server does", () => {
    for (const url of [
      "https://discord.com/api/webhooks/123456789/abcDEF-ghi",
      "https://canary.discordapp.com/api/v10/webhooks/1/x/",
      "https://discord.com/api/webhooks/abc/def",
      "https://discord.com.evil.example/api/webhooks/1/x",
      "https://hooks.slack.com/services/T0/B0/XYZ",
      "https://hooks.slack.com/other/T0",
      "https://example.org/burraco",
    ]) {
      const server = webhookFormat(new URL(url));
      expect(chatKind(url), url).toBe(server === "standard" ? null : server);
    }
    expect(chatKind("not a url")).toBeNull();
  });
});

describe("a push notification's click", () => {
  const origin = "https://burraco.example";

  it("opens this app's own pages only, on this origin", () => {
    expect(ownUrl(`${origin}/game/abc#seat=tok`, origin)).toBe(`${origin}/game/abc#seat=tok`);
    expect(ownUrl("http://localhost:8787/game/abc?seat=1", origin)).toBe(`${origin}/game/abc?seat=1`);
    expect(ownUrl("https://evil.example/phish", origin)).toBe(`${origin}/phish`);
    expect(ownUrl("/notifications", origin)).toBe(`${origin}/notifications`);
    expect(ownUrl(null, origin)).toBe(`${origin}/`);
  });

  it("brings the tab on that page forward, sends a tab on the same game to the seat, and leaves other tabs alone", () => {
    const seat = `${origin}/game/abc#seat=tok`;
    expect(clickTarget([`${origin}/`, seat], seat)).toEqual({ focus: 1 });
    expect(clickTarget([`${origin}/`, `${origin}/game/abc`], seat)).toEqual({ navigate: 1 });
    expect(clickTarget([`${origin}/game/other#seat=x`, `${origin}/`], seat)).toBe("open");
    expect(clickTarget([], seat)).toBe("open");
  });
});
