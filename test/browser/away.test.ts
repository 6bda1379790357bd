import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { it as italian } from "../web/words";
import { advance, call, chromiumForFile, drawAndDiscardHere, literal, newPage, screenshot, waitText } from "./helpers";
import { pushService, until, webhookReceiver } from "./receivers";

/**
 * A person against the computer who is away for days (docs/clock.md, "Timeouts"), on a phone in Italian, with
 * each timeout choice: one hour per move, she plays once, then simulated days pass. Every message she gets is
 * counted on each channel (a webhook and a push service): a bound, not a time. With `computer` the computer
 * plays her late turn once and then the game is adjourned; with `claim` nobody can claim, so it is adjourned at
 * once — never a match finished without her, never hundreds of messages. Coming back, she finds her game.
 */

const chromium = chromiumForFile();
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
let push: Awaited<ReturnType<typeof pushService>>;

beforeAll(async () => {
  hooks = await webhookReceiver();
  push = await pushService();
}, 60_000);

afterAll(async () => {
  await hooks?.stop();
  await push?.stop();
});

const snapshot = async (id: string) => (await call<GameSnapshot>(`/api/games/${id}`)).body;

/**
 * Her turn played at the table and the computer's after it: her take and discard reached the game (two moves past
 * the version before them) and the turn is hers again. The turn alone was hers before she played too.
 */
async function playedAndAnswered(id: string, play: () => Promise<void>): Promise<void> {
  const before = (await snapshot(id)).version;
  await play();
  await expect
    .poll(
      async () => {
        const now = await snapshot(id);
        return now.version >= before + 2 && now.view.hand!.turn === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The computer's turns for seat 0 so far (its discards marked as the computer's in the public record of events). */
async function computerTurnsFor(id: string, seat: number): Promise<number> {
  const events = (await call<{ events: { type: string; seat?: number; by?: string }[] }>(`/api/games/${id}/events?since=0`)).body.events;
  return events.filter((e) => e.type === "discarded" && e.seat === seat && e.by === "computer").length;
}

/** Messages sent to her so far: every webhook post and every push, by channel. */
async function counted(path: string, subscription: Awaited<ReturnType<typeof push.subscribe>>) {
  return { webhook: hooks.received(path).length, push: (await push.messages(subscription)).length };
}

for (const timeout of ["computer", "claim"] as const) {
  describe(`a person against the computer, away for days, with \`${timeout}\``, () => {
    it("gets a handful of messages, comes back to the game she left, and plays on", async () => {
      const created = await call("/api/games", {
        body: { players: 2, seats: [{ name: "Giulia" }, { computer: "club" }], clock: { perMove: "1h", timeout } },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const url = created.body.seats[0].url as string;
      const phone = await chromium.context({ size: "phone", lang: "it", reducedMotion: true });
      const giulia = await newPage(phone);
      await giulia.goto(url);
      await waitText(giulia, ".seat.you", /Giulia/);

      // She listens by a webhook and by push, every default event.
      const key = await giulia.evaluate(() => JSON.parse(localStorage.getItem("burraco.playerKey") ?? "null") as string);
      const path = `/giulia-${timeout}-${id}`;
      const hook = await call("/api/me/notifications", { token: key, body: { channel: "webhook", url: hooks.url(path), language: "it" } });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      const { publicKey } = (await call<{ publicKey: string }>("/api/notifications/vapid")).body;
      const subscription = await push.subscribe(publicKey);
      const pushed = await call("/api/me/notifications", {
        token: key,
        body: { channel: "push", endpoint: subscription.endpoint, keys: subscription.keys, language: "it" },
      });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);

      // She plays once, and goes away.
      await playedAndAnswered(id, () => drawAndDiscardHere(giulia));
      await giulia.close();
      // Her turn, after the computer's, was told by webhook (and by push if she had already left the table).
      await until(async () => hooks.received(path).length >= 1, 30_000);
      await new Promise((r) => setTimeout(r, 3000));
      const before = await counted(path, subscription);

      // Three days pass, an hour or two at a time at first, then a day at a time.
      for (const step of ["2h", "2h", "1d", "1d", "1d"]) await advance(id, step);
      await new Promise((r) => setTimeout(r, 3000));
      const snap = await snapshot(id);
      expect(snap.status).toBe("playing");
      expect(snap.view.hand!.turn).toBe(0);
      expect(snap.clock!.adjourned).toEqual({ late: 0 });
      expect(snap.clock!.claim).toBeNull();
      expect(await computerTurnsFor(id, 0)).toBe(timeout === "computer" ? 1 : 0);
      // Away three days: with `computer`, her next turn's message (saying the computer played her late one) and the
      // adjournment; with `claim`, the adjournment. Nothing more on either channel.
      const bound = timeout === "computer" ? 2 : 1;
      const webhookAfter = await until(async () => {
        const now = await counted(path, subscription);
        return now.webhook - before.webhook >= bound ? now : null;
      }, 30_000);
      await new Promise((r) => setTimeout(r, 3000));
      const after = await counted(path, subscription);
      expect(after).toEqual(webhookAfter);
      expect(after.webhook - before.webhook).toBe(bound);
      expect(after.push - before.push).toBeLessThanOrEqual(bound);
      const posts = hooks
        .received(path)
        .slice(before.webhook)
        .map((r) => JSON.parse(r.body) as { type: string; data: { action?: string } });
      // Deliveries may land in either order: what counts is which ones came.
      expect(posts.filter((p) => p.type === "game.timedOut")).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ action: "adjourn" }) }),
      ]);
      expect(posts.filter((p) => p.type === "game.turn")).toHaveLength(bound - 1);

      // She comes back on her phone: her game, as she left it, says it waited for her; she plays on.
      const back = await newPage(phone);
      await back.goto(url);
      await waitText(back, "#late-panel", literal(italian.clock.lateAdjournedYou));
      await screenshot(back, `away-adjourned-${timeout}-phone-it`);
      await playedAndAnswered(id, () => drawAndDiscardHere(back));
      const resumed = await snapshot(id);
      expect(resumed.clock!.adjourned).toBeNull();
      expect(resumed.clock!.turn!.timedOut).toBe(false);
      await back.locator("#late-panel").waitFor({ state: "detached" });
    });
  });
}
