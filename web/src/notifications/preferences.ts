import "../core";
import { render } from "preact";
import { ApiError, api, type CreatedSubscription, type SubscriptionView } from "../api";
import { copyText } from "../dom";
import { codeText, t } from "../i18n/index";
import { createdGames, rememberedSeats } from "../store";
import { inviteTokenOf, notifyApi } from "./api";
import { type ChatHost, GroupChat, urlRefused } from "./group-chat";
import { type Notice, readChoices, testOutcome } from "./parts";
import { currentEndpoint, type PushProblem, PushRefused, pushPermission, unsubscribePush } from "./push";
import type { Channel } from "./state";
import { BadTimeZone, browserTimeZone, digestOf, subscribe } from "./subscribe";
import { prefsView } from "./view";

/**
 * The notifications page (`/notifications`, `?game=ID` for one game): the
 * state and its talk with the server; prefsView draws it. Subscriptions
 * belong to this browser's player key; a game created here also offers
 * its group chat, managed with the invitation token the lobby kept.
 */

/** A test goes through the delivery queue: the list is looked at again until its attempt shows (a retry is later still). */
const WATCH_EVERY_MS = 2_000;
const WATCH_FOR_MS = 40_000;
const GAME_ID = /^[A-Za-z0-9_-]{24}$/;

export class NotificationsPage {
  private readonly gameId: string | null;
  private names: string | null = null;
  private subscriptions: SubscriptionView[] | null = null;
  private loadFailed = false;
  private pushEndpoint: string | null = null;
  private adding: Channel = "email";
  /** Why this browser cannot take push, known before the player asks; null when nothing stands in the way. */
  private pushProblem: PushProblem | null = null;
  private hookUrl = "";
  private busy: string | null = null;
  private notices: Record<string, Notice> = {};
  private secret: { where: string; value: string; copied: boolean } | null = null;
  /** A game created in this browser: its group chat. */
  private readonly chat: GroupChat | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private closed = false;
  private readonly timeZone = browserTimeZone();

  constructor(private readonly root: HTMLElement) {
    const game = new URLSearchParams(location.search).get("game");
    this.gameId = game && GAME_ID.test(game) ? game : null;
    const created = this.gameId ? createdGames()[this.gameId] : undefined;
    const invite = created ? inviteTokenOf(created.invite) : null;
    if (this.gameId && invite) this.chat = new GroupChat(this.gameId, invite, this.chatHost);
  }

  async open(): Promise<void> {
    this.render();
    const gameId = this.gameId;
    if (gameId) {
      const local = rememberedSeats()[gameId]?.names ?? createdGames()[gameId]?.names;
      if (local) this.names = local.map((n, i) => n ?? t.common.player(i + 1)).join(" · ");
      else
        void api.snapshot(gameId, null).then(
          (snap) => {
            this.names = snap.seats.map((s) => s.name ?? t.common.player(s.seat + 1)).join(" · ");
            this.render();
          },
          () => undefined,
        );
    }
    this.pushEndpoint = await currentEndpoint();
    await Promise.all([this.load(), this.chat?.load()]);
    // The lobby's "attach a group chat" lands on the chat, drawn only now.
    if (location.hash === "#group-chat") document.getElementById("group-chat")?.scrollIntoView();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    render(null, this.root);
  }

  private async load(): Promise<readonly SubscriptionView[] | null> {
    try {
      const all = (await notifyApi.list()).subscriptions;
      // For one game: its own subscriptions, then those for every game (which cover it too).
      this.subscriptions = this.gameId
        ? [...all.filter((s) => s.gameId === this.gameId), ...all.filter((s) => s.gameId === null)]
        : [...all];
      this.loadFailed = false;
    } catch {
      this.loadFailed = this.subscriptions === null;
    }
    this.render();
    return this.subscriptions;
  }

  /** Says at once, before any click, when push cannot work here: no push in this browser, blocked, or none from the service. */
  private async checkPush(): Promise<void> {
    const permission = pushPermission();
    this.pushProblem = permission === "unsupported" ? "unsupported" : permission === "denied" ? "denied" : null;
    if (!this.pushProblem) {
      const key = await notifyApi.pushKey().then(
        (answer) => answer.publicKey,
        () => undefined,
      );
      if (key === null) this.pushProblem = "noKey";
    }
    this.render();
  }

  /** Looks again (with `load`) until the test `key` of subscription `id` is logged, then says how it went. */
  private watchTest(id: string, key: string, load: () => Promise<readonly SubscriptionView[] | null>): void {
    const deadline = Date.now() + WATCH_FOR_MS;
    const look = async () => {
      if (this.closed) return;
      const list = await load();
      // Newest first: the latest attempt of that test.
      const attempt = list?.find((s) => s.id === id)?.deliveries.find((d) => d.key === key);
      if (attempt) {
        this.notices[id] = testOutcome(attempt);
        this.render();
      } else if (Date.now() < deadline) this.timers.push(setTimeout(() => void look(), WATCH_EVERY_MS));
    };
    this.timers.push(setTimeout(() => void look(), WATCH_EVERY_MS));
  }

  /** Runs one action with its button busy; a refusal is shown beside it, in words from its code. */
  private async act(where: string, action: () => Promise<Notice | null>, refused?: (error: ApiError) => string | null): Promise<void> {
    if (this.busy) return;
    this.busy = where;
    delete this.notices[where];
    this.render();
    try {
      const done = await action();
      if (done) this.notices[where] = done;
    } catch (error) {
      const text =
        error instanceof PushRefused
          ? t.notify.push[error.problem]
          : error instanceof BadTimeZone
            ? t.notify.badTimeZone(error.message)
            : error instanceof ApiError
              ? (refused?.(error) ?? codeText(error.code))
              : t.codes.INTERNAL;
      this.notices[where] = { text, error: true };
    } finally {
      this.busy = null;
      this.render();
    }
  }

  private scopeOf(form: HTMLFormElement): string | null {
    return this.gameId && new FormData(form).get("scope") !== "all" ? this.gameId : null;
  }

  private showSecret(where: string, made: CreatedSubscription): void {
    this.secret = made.secret ? { where, value: made.secret, copied: false } : null;
  }

  private add(form: HTMLFormElement): void {
    const choices = readChoices(form);
    if (!choices) {
      this.notices.add = { text: t.notify.eventsNone, error: true };
      this.render();
      return;
    }
    const data = new FormData(form);
    const gameId = this.scopeOf(form);
    const channel = this.adding;
    void this.act(
      "add",
      async () => {
        const added = await subscribe(channel, data, choices, gameId);
        if (added.pushEndpoint !== undefined) this.pushEndpoint = added.pushEndpoint;
        if (added.made && channel === "webhook") {
          this.showSecret("add", added.made);
          this.hookUrl = "";
        }
        if (channel !== "push") form.reset();
        await this.load();
        return added.notice;
      },
      urlRefused,
    );
  }

  private save(sub: SubscriptionView, form: HTMLFormElement): void {
    const choices = readChoices(form);
    if (!choices) {
      this.notices[sub.id] = { text: t.notify.eventsNone, error: true };
      this.render();
      return;
    }
    const data = new FormData(form);
    void this.act(sub.id, async () => {
      const email = sub.channel === "email" ? digestOf(data) : {};
      this.replace(await notifyApi.change(sub.id, { ...choices, ...email }));
      return { text: t.notify.saved };
    });
  }

  private replace(next: SubscriptionView): void {
    this.subscriptions = (this.subscriptions ?? []).map((s) => (s.id === next.id ? next : s));
  }

  private readonly actions = {
    reload: () => void Promise.all([this.load(), this.chat?.load()]),
    choose: (channel: Channel) => {
      this.adding = channel;
      delete this.notices.add;
      if (channel === "push") void this.checkPush();
      this.render();
    },
    hookUrl: (url: string) => {
      this.hookUrl = url;
      this.render();
    },
    add: (form: HTMLFormElement) => this.add(form),
    save: (sub: SubscriptionView, form: HTMLFormElement) => this.save(sub, form),
    enable: (sub: SubscriptionView) =>
      void this.act(sub.id, async () => {
        this.replace(await notifyApi.change(sub.id, { enabled: true }));
        return { text: t.notify.enabled };
      }),
    resend: (sub: SubscriptionView) =>
      void this.act(sub.id, async () => {
        await notifyApi.subscribe({
          channel: "email",
          address: sub.target,
          events: [...sub.events],
          language: sub.language,
          gameId: sub.gameId,
        });
        return { text: t.notify.resent };
      }),
    test: (sub: SubscriptionView) =>
      void this.act(sub.id, async () => {
        const sent = await notifyApi.test(sub.id);
        this.watchTest(sub.id, sent.key, () => this.load());
        return { text: t.notify.testSent(sent.left) };
      }),
    remove: (sub: SubscriptionView) => {
      if (!confirm(t.notify.removeConfirm)) return;
      void this.act(sub.id, async () => {
        await notifyApi.remove(sub.id);
        if (sub.channel === "push" && sub.target === this.pushEndpoint) {
          await unsubscribePush(sub.target);
          this.pushEndpoint = null;
        }
        this.subscriptions = (this.subscriptions ?? []).filter((s) => s.id !== sub.id);
        this.notices.add = { text: t.notify.removed };
        return null;
      });
    },
    copySecret: (input: HTMLInputElement | null) => {
      const secret = this.secret;
      if (!secret) return;
      void copyText(secret.value, input).then((ok) => {
        if (ok && this.secret === secret) this.secret = { ...secret, copied: true };
        this.render();
      });
    },
  };

  /** What the group chat borrows from the page. */
  private readonly chatHost: ChatHost = {
    act: (where, action, refused) => this.act(where, action, refused),
    say: (where, notice) => {
      this.notices[where] = notice;
      this.render();
    },
    showSecret: (where, made) => this.showSecret(where, made),
    copySecret: (input) => this.actions.copySecret(input),
    watchTest: (id, key, look) => this.watchTest(id, key, look),
    render: () => this.render(),
  };

  render(): void {
    if (this.closed) return;
    const gameId = this.gameId;
    const title = gameId ? t.notify.titleGame(this.names ?? gameId) : t.notify.title;
    document.title = `${title} · ${t.common.brand}`;
    const seat = gameId ? rememberedSeats()[gameId] : undefined;
    render(
      prefsView(
        {
          gameId,
          title,
          tableHref: gameId ? (seat ? `/game/${gameId}#seat=${seat.token}` : `/game/${gameId}`) : null,
          subscriptions: this.subscriptions,
          loadFailed: this.loadFailed,
          pushEndpoint: this.pushEndpoint,
          adding: this.adding,
          pushProblem: this.pushProblem,
          hookUrl: this.hookUrl,
          busy: this.busy,
          notices: this.notices,
          secret: this.secret,
          timeZone: this.timeZone,
          chat: this.chat?.state ?? null,
        },
        { ...this.actions, chat: this.chat?.actions ?? null },
      ),
      this.root,
    );
  }
}
